import { getDb } from "~/db/db.server";
import { ORPHAN_OBJECT_GRACE } from "~/models/jobs/durations";
import { getStore } from "./storage.server";

// The orphan sweep: stored objects that no row of upload_objects (or uploads) names are deleted once older than
// ORPHAN_OBJECT_GRACE. They are what a crash between storing an upload's objects and writing its rows (or between
// deleting a picture's rows and its objects' deletion answering) leaves behind, and a folder store's stale `.part`
// files. Young objects are kept: an upload under way has stored its objects but not yet written its rows.
// Runs as due work (app/models/background/work-list.server.ts) on whichever backend is configured (models/media/storage.server.ts).

/** How many keys one `in (...)` lookup asks about (well under SQLite's and PostgreSQL's parameter limits). */
const CHUNK = 500;

/** Deletes unreferenced objects written before `now - grace`; returns the keys it deleted. */
export async function sweepOrphanObjects(now: Date, grace = ORPHAN_OBJECT_GRACE): Promise<string[]> {
  const store = getStore();
  const cutoff = now.getTime() - grace;
  const old = (await store.entries()).filter((e) => e.modifiedAt.getTime() < cutoff).map((e) => e.key);
  if (old.length === 0) return [];
  const db = await getDb();
  const referenced = new Set<string>();
  for (let i = 0; i < old.length; i += CHUNK) {
    const chunk = old.slice(i, i + CHUNK);
    const objects = await db.selectFrom("upload_objects").select("key").where("key", "in", chunk).execute();
    const uploads = await db.selectFrom("uploads").select("key").where("key", "in", chunk).execute();
    for (const row of [...objects, ...uploads]) referenced.add(row.key);
  }
  const orphans = old.filter((key) => !referenced.has(key));
  for (let i = 0; i < orphans.length; i += CHUNK) await store.delete(orphans.slice(i, i + CHUNK));
  return orphans;
}
