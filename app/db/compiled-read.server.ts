import type { Compilable, CompiledQuery } from "kysely";
import type { DB } from "./db.server";

// A read that every signed-in request makes (the session's person, the account menu's unread count) was built and
// compiled by Kysely on every call: a tree of frozen nodes, then a visitor writing the SQL, about 4% of the CPU of a
// page with nothing but the site's shell (docs/decisions/029-signed-in-page-cost.md). A compiled read is built once
// per database handle with stand-ins for its values, and each call sends the same SQL with the values put in their
// places. Only reads: a write's plugin bookkeeping (write-watch.server.ts) is per query.

/**
 * Stands for the `index`th value of a call until the query runs. It refuses to become text or a number: a value
 * written into the SQL or computed with while the query is built would be one call's value kept for every call.
 */
class Slot {
  constructor(readonly index: number) {}
  [Symbol.toPrimitive](): never {
    throw new Error("compiledRead: a value must be a whole bound value, not written into the SQL or computed with");
  }
}

/**
 * A select whose shape never changes, only its values: `build` receives stand-ins for the values and must use each
 * as a whole bound value (a comparison's right side or an item of an `in` list, not part of a `like` pattern or a
 * computation), and must not decide anything on them. A value the query has no use for is not sent.
 * The result runs it on a database handle with real values and gives its rows.
 */
export function compiledRead<Args extends unknown[], Row>(build: (db: DB, ...values: Args) => Compilable<Row>): (db: DB, ...values: Args) => Promise<Row[]> {
  const compiledFor = new WeakMap<DB, CompiledQuery<Row>>();
  let arity: number | undefined;
  return async (db, ...values) => {
    // As many values on every call as the first: a list of values of another length is another query.
    if ((arity ??= values.length) !== values.length) throw new Error(`compiledRead: ${values.length} values where it was built with ${arity}`);
    let compiled = compiledFor.get(db);
    if (!compiled) {
      const slots = values.map((_, i) => new Slot(i)) as Args;
      compiled = build(db, ...slots).compile();
      if (compiled.query.kind !== "SelectQueryNode") throw new Error("compiledRead is for selects only");
      compiledFor.set(db, compiled);
    }
    const parameters = compiled.parameters.map((p) => (p instanceof Slot ? values[p.index] : p));
    const result = await db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  };
}

/**
 * compiledRead for a query whose text also depends on a few choices (a tab, a page, how many ids in a list): one
 * compiled read per `shape`, for the first `maxShapes` shapes asked; any other shape is built and compiled on each
 * call, as a query that is not compiled ahead. `build` receives the shape first, then the database handle and the
 * stand-ins for the values.
 */
export function compiledReads<Shape extends readonly (string | number | boolean)[], Args extends unknown[], Row>(
  maxShapes: number,
  build: (shape: Shape, db: DB, ...values: Args) => Compilable<Row>,
): (shape: Shape, db: DB, ...values: Args) => Promise<Row[]> {
  const reads = new Map<string, (db: DB, ...values: Args) => Promise<Row[]>>();
  return async (shape, db, ...values) => {
    const key = shape.join(" ");
    let read = reads.get(key);
    if (!read) {
      if (reads.size >= maxShapes) return (await db.executeQuery<Row>(build(shape, db, ...values).compile())).rows;
      read = compiledRead((handle: DB, ...stand: Args) => build(shape, handle, ...stand));
      reads.set(key, read);
    }
    return read(db, ...values);
  };
}
