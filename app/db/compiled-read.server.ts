import type { Compilable, CompiledQuery } from "kysely";
import type { DB } from "./db.server";

// A read that every signed-in request makes (the session's person, the account menu's unread count) was built and
// compiled by Kysely on every call: a tree of frozen nodes, then a visitor writing the SQL, about 4% of the CPU of a
// page with nothing but the site's shell (docs/decisions/029-signed-in-page-cost.md). A compiled read is built once
// per database handle with stand-ins for its values, and each call sends the same SQL with the values put in their
// places. Only reads: a write's plugin bookkeeping (write-watch.server.ts) is per query.

/** Stands for the `index`th value of a call until the query runs. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A select whose shape never changes, only its values: `build` receives stand-ins for the values and must use each
 * as a whole bound value (a comparison's right side, not inside an `in` list, a `like` pattern or a computation).
 * The result runs it on a database handle with real values and gives its rows.
 */
export function compiledRead<Args extends unknown[], Row>(build: (db: DB, ...values: Args) => Compilable<Row>): (db: DB, ...values: Args) => Promise<Row[]> {
  const compiledFor = new WeakMap<DB, CompiledQuery<Row>>();
  return async (db, ...values) => {
    let compiled = compiledFor.get(db);
    if (!compiled) {
      const slots = values.map((_, i) => new Slot(i)) as Args;
      compiled = build(db, ...slots).compile();
      if (compiled.query.kind !== "SelectQueryNode") throw new Error("compiledRead is for selects only");
      const used = new Set(compiled.parameters.filter((p): p is Slot => p instanceof Slot).map((p) => p.index));
      if (used.size !== values.length) throw new Error("compiledRead: every value must be a bound parameter of its own");
      compiledFor.set(db, compiled);
    }
    const parameters = compiled.parameters.map((p) => (p instanceof Slot ? values[p.index] : p));
    const result = await db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  };
}
