import { sql } from "kysely";
import { vendorNotSuspended } from "~/models/catalogue/listed-vendor.server";
import { getDb } from "~/db/db.server";
import { pageSlice } from "~/db/page-slice.server";
import { compiledReads } from "~/db/compiled-read.server";

// Recently viewed services, per person ("u:{userId}") or, when nobody is signed in, per browser ("b:{id}" from a
// random cookie). Each owner keeps its latest KEEP views; anonymous history older than ANONYMOUS_DAYS is dropped,
// so browsers that never come back do not grow the table for ever.

export const KEEP = 20;
const ANONYMOUS_DAYS = 90;

export const userOwner = (userId: number) => `u:${userId}`;
export const browserOwner = (browserId: string) => `b:${browserId}`;

/** Records that `owner` viewed a public service; false (nothing recorded) when the service is not public. */
export async function recordView(owner: string, serviceId: number, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const at = now.toISOString();
  return db.transaction().execute(async (tx) => {
    const service = await tx.selectFrom("services").select("id").where("id", "=", serviceId).where("status", "=", "active").executeTakeFirst();
    if (!service) return false;
    await tx
      .insertInto("recently_viewed")
      .values({ owner, service_id: serviceId, viewed_at: at })
      .onConflict((oc) => oc.columns(["owner", "service_id"]).doUpdateSet({ viewed_at: at }))
      .execute();
    await tx
      .deleteFrom("recently_viewed")
      .where("owner", "=", owner)
      .where("service_id", "not in", (eb) =>
        eb.selectFrom("recently_viewed").select("service_id").where("owner", "=", owner).orderBy("viewed_at", "desc").limit(KEEP),
      )
      .execute();
    if (owner.startsWith("b:")) {
      const cutoff = new Date(now.getTime() - ANONYMOUS_DAYS * 86_400_000).toISOString();
      await tx.deleteFrom("recently_viewed").where("viewed_at", "<", cutoff).where("owner", "like", "b:%").execute();
    }
    return true;
  });
}

/** The owner's latest viewed public services, newest first. */
export async function recentlyViewedIds(owner: string, limit: number, excludeId?: number): Promise<number[]> {
  const db = await getDb();
  const rows = await recentlyViewed([limit, excludeId !== undefined], db, owner, excludeId ?? 0);
  return rows.map((r) => r.service_id);
}

/** recentlyViewedIds' query, compiled once per length, with or without a service left out (db/compiled-read.server.ts). */
const recentlyViewed = compiledReads(8, ([limit, excluding]: readonly [number, boolean], db, owner: string, excludeId: number) =>
  db
    .selectFrom("recently_viewed as r")
    .innerJoin("services as s", "s.id", "r.service_id")
    .where("r.owner", "=", owner)
    .where("s.status", "=", "active")
    .where(vendorNotSuspended("s.vendor_id"))
    .$if(excluding, (qb) => qb.where("r.service_id", "!=", excludeId))
    .select("r.service_id")
    .orderBy("r.viewed_at", "desc")
    .$call((q) => pageSlice(q, limit, 0)),
);

/** Services most often viewed by the people (and browsers) who viewed this one. */
export async function alsoViewedIds(serviceId: number, limit: number): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("recently_viewed as mine")
    .innerJoin("recently_viewed as other", (join) => join.onRef("other.owner", "=", "mine.owner").onRef("other.service_id", "!=", "mine.service_id"))
    .innerJoin("services as s", "s.id", "other.service_id")
    .where("mine.service_id", "=", serviceId)
    .where("s.status", "=", "active")
    .where(vendorNotSuspended("s.vendor_id"))
    .select(["other.service_id", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("other.service_id")
    .orderBy(sql`count(*)`, "desc")
    .orderBy("other.service_id")
    .limit(limit)
    .execute();
  return rows.map((r) => r.service_id);
}
