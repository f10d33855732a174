import { getDb } from "~/db/db.server";
import { levelFacts } from "~/db/level-facts.server";
import { earnedLevel, type Level } from "~/utils/levels";

// The recomputation of verification levels (app/utils/levels.ts) that background work runs
// (app/models/background/work-list.server.ts) and an identity check triggers for its vendor.

/** Works out the level of the given vendors (every vendor without ids) and saves it; returns how many changed. */
export async function recomputeLevels(now: Date, vendorIds?: number[]): Promise<number> {
  const db = await getDb();
  const ids = vendorIds ?? (await db.selectFrom("vendors").select("id").orderBy("id").execute()).map((v) => v.id);
  let changed = 0;
  for (let at = 0; at < ids.length; at += 500) {
    const chunk = ids.slice(at, at + 500);
    const facts = await levelFacts(db, chunk, now);
    const current = await db.selectFrom("vendors").select(["id", "level"]).where("id", "in", chunk).execute();
    for (const row of current) {
      const f = facts.get(row.id);
      if (!f) continue;
      const level: Level = earnedLevel(f);
      if (level !== row.level) changed++;
      await db.updateTable("vendors").set({ level, level_checked_at: now.toISOString() }).where("id", "=", row.id).execute();
    }
  }
  return changed;
}
