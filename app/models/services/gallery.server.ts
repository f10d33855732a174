import { unusedPaths } from "./revisions.server";
import { getDb, type Tx } from "~/db/db.server";
import { editDraft, type SaveResult } from "./vendor-services.server";

// A draft's gallery: photos and videos within MAX_IMAGES and MAX_VIDEOS, the first photo being the cover.

export const MAX_IMAGES = 8;
export const MAX_VIDEOS = 2;

/** The cover is the first image; a service without photos shows its category's artwork. */
async function refreshCover(tx: Tx, serviceId: number) {
  const first = await tx
    .selectFrom("service_media")
    .select("path")
    .where("service_id", "=", serviceId)
    .where("kind", "=", "image")
    .orderBy("sort")
    .orderBy("id")
    .executeTakeFirst();
  const image =
    first?.path ??
    (
      await tx
        .selectFrom("services")
        .innerJoin("categories", "categories.id", "services.category_id")
        .select("categories.img1")
        .where("services.id", "=", serviceId)
        .executeTakeFirstOrThrow()
    ).img1;
  await tx.updateTable("services").set({ image }).where("id", "=", serviceId).execute();
}

export async function mediaCounts(vendorId: number, serviceId: number): Promise<{ image: number; video: number }> {
  const db = await getDb();
  const rows = await db
    .selectFrom("service_media")
    .innerJoin("services", "services.id", "service_media.service_id")
    .select(["service_media.kind", (eb) => eb.fn.countAll<number>().as("n")])
    .where("services.id", "=", serviceId)
    .where("services.vendor_id", "=", vendorId)
    .groupBy("service_media.kind")
    .execute();
  const n = (kind: string) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
  return { image: n("image"), video: n("video") };
}

export interface NewMedia {
  kind: "image" | "video";
  path: string;
  contentHash: string;
}

export type AddMediaResult =
  (SaveResult & { added: NewMedia[]; duplicates: NewMedia[]; overLimit: NewMedia[] }) | (Exclude<SaveResult, { ok: true }> & { added?: undefined });

/**
 * Adds uploaded files to a draft's gallery inside the transaction that checks its limits (MAX_IMAGES photos,
 * MAX_VIDEOS videos), so parallel uploads cannot pass them. A file whose bytes the gallery already holds (the
 * same file sent twice) is not added again. The caller deletes what was not added.
 */
export async function addMedia(vendorId: number, serviceId: number, files: NewMedia[]): Promise<AddMediaResult> {
  const added: NewMedia[] = [];
  const duplicates: NewMedia[] = [];
  const overLimit: NewMedia[] = [];
  const result = await editDraft(vendorId, serviceId, async (tx) => {
    const present = await tx.selectFrom("service_media").select(["kind", "content_hash", "sort"]).where("service_id", "=", serviceId).execute();
    const hashes = new Set(present.map((m) => m.content_hash).filter((h): h is string => h !== null));
    const room = { image: MAX_IMAGES - present.filter((m) => m.kind === "image").length, video: MAX_VIDEOS - present.filter((m) => m.kind === "video").length };
    for (const f of files) {
      if (hashes.has(f.contentHash)) duplicates.push(f);
      else if (room[f.kind] <= 0) overLimit.push(f);
      else {
        room[f.kind]--;
        hashes.add(f.contentHash);
        added.push(f);
      }
    }
    if (added.length === 0) return;
    const start = Math.max(-1, ...present.map((m) => Number(m.sort))) + 1;
    await tx
      .insertInto("service_media")
      .values(added.map((f, i) => ({ service_id: serviceId, kind: f.kind, path: f.path, sort: start + i, content_hash: f.contentHash })))
      .execute();
    await refreshCover(tx, serviceId);
  });
  if (!result.ok) return result;
  return { ...result, added, duplicates, overLimit };
}

/** Removes a photo or video from a draft; returns its path so the caller can delete the file. */
export async function removeMedia(vendorId: number, serviceId: number, mediaId: number): Promise<SaveResult & { path?: string }> {
  let path: string | undefined;
  const result = await editDraft(vendorId, serviceId, async (tx) => {
    const media = await tx.selectFrom("service_media").select(["id", "path"]).where("id", "=", mediaId).where("service_id", "=", serviceId).executeTakeFirst();
    if (!media) return { ok: false, reason: "not-found" };
    await tx.deleteFrom("service_media").where("id", "=", media.id).execute();
    await refreshCover(tx, serviceId);
    // A copy of a live service shares its files: a file the live service still shows stays.
    path = (await unusedPaths(tx, [media.path]))[0];
  });
  return { ...result, path };
}
