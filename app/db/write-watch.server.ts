import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";

// Who needs to know that the database changed (the in-process cache of shared data, app/utils/shared-data.server.ts)
// subscribes here; the database handle tells them after every write, and knows nothing of what they keep.

/** The tables a finished write named, or null when it cannot tell (raw SQL, schema changes): assume any. */
export type WriteListener = (tables: string[] | null) => void;

// On globalThis, as the handle itself (db.server.ts): `remix dev` reloads re-subscribe under the same name.
const state = globalThis as unknown as { __glowWriteListeners?: Map<string, WriteListener> };
const listeners = (state.__glowWriteListeners ??= new Map());

/** Calls `listener` after every write this process makes; a second call under the same name replaces the first. */
export function onWrite(name: string, listener: WriteListener): void {
  listeners.set(name, listener);
}

/** The Kysely plugin that tells the listeners of each write once it has run. */
export class NotifyWrites implements KyselyPlugin {
  readonly #writes = new WeakMap<QueryId, string[] | null>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const tables = writtenTables(args.node);
    if (tables !== undefined) this.#writes.set(args.queryId, tables);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#writes.has(args.queryId)) {
      const tables = this.#writes.get(args.queryId)!;
      for (const listener of listeners.values()) listener(tables);
    }
    return args.result;
  }
}

/** undefined for a read; otherwise the tables written, or null when unknown. */
function writtenTables(node: RootOperationNode): string[] | null | undefined {
  if (node.kind === "SelectQueryNode") return undefined;
  if (node.kind === "RawNode") return /^\s*select\b/i.test(node.sqlFragments[0] ?? "") ? undefined : null; // e.g. the health check
  if (node.kind !== "InsertQueryNode" && node.kind !== "UpdateQueryNode" && node.kind !== "DeleteQueryNode") return null;
  const tables = tableNames(node);
  return tables.length === 0 ? null : tables;
}

/** The tables a write names (its target, not the tables of its sub-queries). */
function tableNames(node: RootOperationNode): string[] {
  const targets: (OperationNode | undefined)[] =
    node.kind === "InsertQueryNode"
      ? [node.into]
      : node.kind === "UpdateQueryNode"
        ? [node.table]
        : node.kind === "DeleteQueryNode"
          ? [...node.from.froms]
          : [];
  return targets.flatMap((t) => {
    const table = t?.kind === "AliasNode" ? (t as unknown as { node: OperationNode }).node : t;
    return table?.kind === "TableNode" ? [(table as unknown as { table: { identifier: { name: string } } }).table.identifier.name] : [];
  });
}
