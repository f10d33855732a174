import type { Transaction } from "kysely";
import { getDb } from "~/db/db.server";
import type { Database } from "~/db/schema";

// Changes to a live service (docs/domain.md, "Services"). Editing an active or paused service does not take it off
// the site: the vendor edits a copy, a draft whose `revision_of` names the live service, and sends it for review as
// any draft. Until an admin approves the copy, customers see and book the live service as it was approved; approving
// writes the copy's content onto the live service (same id, so its appointments, reviews and favourites stay) and
// removes the copy. Returning it, or the vendor deleting it, leaves the live service as it was.

type Tx = Transaction<Database>;

/** The columns a copy carries and approval writes back: what the vendor edits, not the service's life or ratings. */
const CONTENT = [
  "category_id",
  "group_name",
  "style",
  "title",
  "gender",
  "description",
  "about",
  "duration_min",
  "price_kobo",
  "promo_price_kobo",
  "image",
  "service_type",
  "recommendations",
] as const;

/**
 * The copy to edit for one of the vendor's live (active or paused) services: the one already open, or a new one.
 * Null when the vendor has no such live service.
 */
export async function startRevision(vendorId: number, liveId: number): Promise<number | null> {
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    const live = await tx
      .selectFrom("services")
      .selectAll()
      .where("id", "=", liveId)
      .where("vendor_id", "=", vendorId)
      .where("status", "in", ["active", "paused"])
      .where("revision_of", "is", null)
      .executeTakeFirst();
    if (!live) return null;
    const open = await tx.selectFrom("services").select("id").where("revision_of", "=", liveId).executeTakeFirst();
    if (open) return open.id;
    const now = new Date().toISOString();
    const content = Object.fromEntries(CONTENT.map((c) => [c, live[c]])) as Pick<typeof live, (typeof CONTENT)[number]>;
    const { id } = await tx
      .insertInto("services")
      .values({
        ...content,
        key: null,
        vendor_id: vendorId,
        recommended: 0,
        status: "draft",
        status_reason: null,
        rating_count: 0,
        rating_sum: 0,
        created_at: now,
        updated_at: now,
        revision_of: liveId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await copyParts(tx, liveId, id);
    return id;
  });
}

async function copyParts(tx: Tx, from: number, to: number): Promise<void> {
  const [tags, materials, media] = await Promise.all([
    tx.selectFrom("service_tags").select("tag").where("service_id", "=", from).execute(),
    tx.selectFrom("materials").select(["name", "price_kobo", "required", "sort"]).where("service_id", "=", from).execute(),
    tx.selectFrom("service_media").select(["kind", "path", "sort", "content_hash"]).where("service_id", "=", from).execute(),
  ]);
  if (tags.length)
    await tx
      .insertInto("service_tags")
      .values(tags.map((t) => ({ service_id: to, tag: t.tag })))
      .execute();
  if (materials.length)
    await tx
      .insertInto("materials")
      .values(materials.map((m) => ({ ...m, service_id: to })))
      .execute();
  if (media.length)
    await tx
      .insertInto("service_media")
      .values(media.map((m) => ({ ...m, service_id: to })))
      .execute();
}

/**
 * Inside the approval's transaction: when `copyId` is a copy, its content replaces the live service's and the copy
 * is removed. Returns the live service's id (the copy's own id when it is no copy).
 */
export async function applyRevision(tx: Tx, copyId: number): Promise<number> {
  const copy = await tx.selectFrom("services").selectAll().where("id", "=", copyId).executeTakeFirstOrThrow();
  if (copy.revision_of === null) return copyId;
  const liveId = copy.revision_of;
  const content = Object.fromEntries(CONTENT.map((c) => [c, copy[c]])) as Pick<typeof copy, (typeof CONTENT)[number]>;
  await tx
    .updateTable("services")
    .set({ ...content, status_reason: null, updated_at: new Date().toISOString() })
    .where("id", "=", liveId)
    .execute();
  for (const table of ["service_tags", "materials", "service_media"] as const) {
    await tx.deleteFrom(table).where("service_id", "=", liveId).execute();
    await tx.updateTable(table).set({ service_id: liveId }).where("service_id", "=", copyId).execute();
  }
  await tx.deleteFrom("services").where("id", "=", copyId).execute();
  return liveId;
}

/** The paths of `paths` that no service's gallery holds any more (a copy shares its live service's files). */
export async function unusedPaths(db: Pick<Tx, "selectFrom">, paths: string[]): Promise<string[]> {
  if (paths.length === 0) return [];
  const used = await db.selectFrom("service_media").select("path").where("path", "in", paths).execute();
  return paths.filter((p) => !used.some((u) => u.path === p));
}
