import type { Transaction } from "kysely";
import { getDb, getDialect } from "~/db/db.server";
import type { Database, ServiceStatus, ServiceType } from "~/db/schema";
import { STATUS_TABS, TRANSITIONS, type ServiceAction } from "./service-status";

// A vendor's services (lists, the editor) and their moderation, following the states of ./service-status. Only drafts are edited, and only active services are shown to
// customers. Every function is scoped by the vendor, or is for an admin caller (the route checks requireAdmin).

type Tx = Transaction<Database>;

export const MAX_MATERIALS = 10;
export const MAX_IMAGES = 8;
export const MAX_VIDEOS = 2;

export interface ServiceListItem {
  id: number;
  title: string;
  groupName: string;
  style: string;
  image: string;
  priceKobo: number;
  promoPriceKobo: number | null;
  durationMin: number;
  status: ServiceStatus;
  statusReason: string | null;
  updatedAt: string;
}

export async function listVendorServices(vendorId: number, status: ServiceStatus) {
  const db = await getDb();
  const [rows, counts] = await Promise.all([
    db
      .selectFrom("services")
      .select(["id", "title", "group_name", "style", "image", "price_kobo", "promo_price_kobo", "duration_min", "status", "status_reason", "updated_at"])
      .where("vendor_id", "=", vendorId)
      .where("status", "=", status)
      .orderBy("updated_at", "desc")
      .orderBy("id", "desc")
      .execute(),
    db
      .selectFrom("services")
      .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
      .where("vendor_id", "=", vendorId)
      .groupBy("status")
      .execute(),
  ]);
  const items: ServiceListItem[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    groupName: r.group_name,
    style: r.style,
    image: r.image,
    priceKobo: r.price_kobo,
    promoPriceKobo: r.promo_price_kobo,
    durationMin: r.duration_min,
    status: r.status,
    statusReason: r.status_reason,
    updatedAt: r.updated_at,
  }));
  const countOf = Object.fromEntries(STATUS_TABS.map((t) => [t.status, Number(counts.find((c) => c.status === t.status)?.count ?? 0)])) as Record<ServiceStatus, number>;
  return { items, counts: countOf };
}

export interface CategoryOption {
  id: number;
  title: string;
  /** Sub categories already used in this category, offered as suggestions. */
  styles: string[];
}

export async function categoryOptions(): Promise<CategoryOption[]> {
  const db = await getDb();
  const [categories, styles] = await Promise.all([
    db.selectFrom("categories").select(["id", "title"]).orderBy("sort").execute(),
    db.selectFrom("services").select(["category_id", "style"]).distinct().orderBy("style").execute(),
  ]);
  return categories.map((c) => ({ id: c.id, title: c.title, styles: styles.filter((s) => s.category_id === c.id).map((s) => s.style) }));
}

export interface MaterialInput {
  name: string;
  priceKobo: number;
  required: boolean;
}

export interface MediaItem {
  id: number;
  kind: "image" | "video";
  path: string;
}

export interface OverviewInput {
  title: string;
  categoryId: number;
  style: string;
  gender: "men" | "women" | "unisex";
  durationMin: number;
  tags: string[];
}

export interface ServiceDraft extends OverviewInput {
  id: number;
  status: ServiceStatus;
  statusReason: string | null;
  about: string;
  materials: MaterialInput[];
  media: MediaItem[];
  priceKobo: number;
  promoPriceKobo: number | null;
  recommendations: string;
  serviceType: ServiceType;
}

/** Everything the editor shows of one of the vendor's own services, or undefined. */
export async function getVendorService(vendorId: number, serviceId: number): Promise<ServiceDraft | undefined> {
  const db = await getDb();
  const s = await db.selectFrom("services").selectAll().where("id", "=", serviceId).where("vendor_id", "=", vendorId).executeTakeFirst();
  if (!s) return undefined;
  const [tags, materials, media] = await Promise.all([
    db.selectFrom("service_tags").select("tag").where("service_id", "=", s.id).orderBy("tag").execute(),
    db.selectFrom("materials").select(["name", "price_kobo", "required"]).where("service_id", "=", s.id).orderBy("sort").execute(),
    db.selectFrom("service_media").select(["id", "kind", "path"]).where("service_id", "=", s.id).orderBy("sort").orderBy("id").execute(),
  ]);
  return {
    id: s.id,
    status: s.status,
    statusReason: s.status_reason,
    title: s.title,
    categoryId: s.category_id,
    style: s.style,
    gender: s.gender,
    durationMin: s.duration_min,
    tags: tags.map((t) => t.tag),
    about: s.about,
    materials: materials.map((m) => ({ name: m.name, priceKobo: m.price_kobo, required: m.required === 1 })),
    media: media.map((m) => ({ id: m.id, kind: m.kind, path: m.path })),
    priceKobo: s.price_kobo,
    promoPriceKobo: s.promo_price_kobo,
    recommendations: s.recommendations,
    serviceType: s.service_type,
  };
}

/** The group (Hair, Nails, ...) of a category, as the catalogue already files its services; else its title. */
async function groupOfCategory(tx: Tx, categoryId: number): Promise<{ group: string; placeholder: string } | undefined> {
  const category = await tx.selectFrom("categories").select(["title", "img1"]).where("id", "=", categoryId).executeTakeFirst();
  if (!category) return undefined;
  const row = await tx
    .selectFrom("services")
    .select(["group_name", (eb) => eb.fn.countAll<number>().as("n")])
    .where("category_id", "=", categoryId)
    .groupBy("group_name")
    .orderBy("n", "desc")
    .executeTakeFirst();
  return { group: row?.group_name ?? category.title, placeholder: category.img1 };
}

async function replaceTags(tx: Tx, serviceId: number, tags: string[]) {
  await tx.deleteFrom("service_tags").where("service_id", "=", serviceId).execute();
  const unique = [...new Set(tags.map((t) => t.toLowerCase()))];
  if (unique.length > 0) await tx.insertInto("service_tags").values(unique.map((tag) => ({ service_id: serviceId, tag }))).execute();
}

export type SaveResult = { ok: true; id: number } | { ok: false; reason: "not-found" | "not-draft" | "no-category" };

/** Creates a draft from the Overview tab. */
export async function createDraft(vendorId: number, input: OverviewInput): Promise<SaveResult> {
  const db = await getDb();
  return db.transaction().execute(async (tx): Promise<SaveResult> => {
    const category = await groupOfCategory(tx, input.categoryId);
    if (!category) return { ok: false, reason: "no-category" };
    const now = new Date().toISOString();
    const { id } = await tx
      .insertInto("services")
      .values({
        key: null,
        vendor_id: vendorId,
        category_id: input.categoryId,
        group_name: category.group,
        style: input.style,
        title: input.title,
        gender: input.gender,
        description: "",
        about: "",
        duration_min: input.durationMin,
        price_kobo: 0,
        promo_price_kobo: null,
        image: category.placeholder,
        service_type: "salon",
        recommended: 0,
        status: "draft",
        status_reason: null,
        rating_count: 0,
        rating_sum: 0,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await replaceTags(tx, id, input.tags);
    return { ok: true, id };
  });
}

/** Runs `change` on one of the vendor's drafts inside a transaction; refuses other services. */
/**
 * Serialises edits of one service, so checks such as the gallery's limits hold under parallel requests.
 * PostgreSQL locks the row (SELECT ... FOR UPDATE); on SQLite a write as the transaction's first statement takes
 * the database's write lock at once, so what is read after it cannot go stale.
 */
async function lockService(tx: Tx, serviceId: number) {
  if (getDialect() === "postgres") await tx.selectFrom("services").select("id").where("id", "=", serviceId).forUpdate().execute();
  else await tx.updateTable("services").set((eb) => ({ id: eb.ref("id") })).where("id", "=", serviceId).execute();
}

async function editDraft(vendorId: number, serviceId: number, change: (tx: Tx) => Promise<SaveResult | void>): Promise<SaveResult> {
  const db = await getDb();
  return db.transaction().execute(async (tx): Promise<SaveResult> => {
    await lockService(tx, serviceId);
    const service = await tx.selectFrom("services").select(["id", "status"]).where("id", "=", serviceId).where("vendor_id", "=", vendorId).executeTakeFirst();
    if (!service) return { ok: false, reason: "not-found" };
    if (service.status !== "draft") return { ok: false, reason: "not-draft" };
    const outcome = await change(tx);
    if (outcome && !outcome.ok) return outcome;
    await tx.updateTable("services").set({ updated_at: new Date().toISOString() }).where("id", "=", serviceId).execute();
    return { ok: true, id: serviceId };
  });
}

export function saveOverview(vendorId: number, serviceId: number, input: OverviewInput): Promise<SaveResult> {
  return editDraft(vendorId, serviceId, async (tx) => {
    const category = await groupOfCategory(tx, input.categoryId);
    if (!category) return { ok: false, reason: "no-category" };
    await tx
      .updateTable("services")
      .set({ title: input.title, category_id: input.categoryId, group_name: category.group, style: input.style, gender: input.gender, duration_min: input.durationMin })
      .where("id", "=", serviceId)
      .execute();
    await replaceTags(tx, serviceId, input.tags);
  });
}

/** A short description for cards and search, cut from the about text at a word boundary. */
function describe(about: string): string {
  const text = about.replace(/\s+/g, " ").trim();
  if (text.length <= 200) return text;
  const cut = text.slice(0, 200);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 120 ? cut.lastIndexOf(" ") : 200)}…`;
}

export function saveAbout(vendorId: number, serviceId: number, input: { about: string; materials: MaterialInput[] }): Promise<SaveResult> {
  return editDraft(vendorId, serviceId, async (tx) => {
    await tx.updateTable("services").set({ about: input.about, description: describe(input.about) }).where("id", "=", serviceId).execute();
    await tx.deleteFrom("materials").where("service_id", "=", serviceId).execute();
    if (input.materials.length > 0) {
      await tx
        .insertInto("materials")
        .values(input.materials.map((m, sort) => ({ service_id: serviceId, name: m.name, price_kobo: m.priceKobo, required: m.required ? 1 : 0, sort })))
        .execute();
    }
  });
}

export function savePricing(
  vendorId: number,
  serviceId: number,
  input: { priceKobo: number; promoPriceKobo: number | null; recommendations: string; serviceType: ServiceType },
): Promise<SaveResult> {
  return editDraft(vendorId, serviceId, async (tx) => {
    await tx
      .updateTable("services")
      .set({ price_kobo: input.priceKobo, promo_price_kobo: input.promoPriceKobo, recommendations: input.recommendations, service_type: input.serviceType })
      .where("id", "=", serviceId)
      .execute();
  });
}

/** The cover is the first image; a service without photos shows its category's artwork. */
async function refreshCover(tx: Tx, serviceId: number) {
  const first = await tx.selectFrom("service_media").select("path").where("service_id", "=", serviceId).where("kind", "=", "image").orderBy("sort").orderBy("id").executeTakeFirst();
  const image =
    first?.path ??
    (await tx.selectFrom("services").innerJoin("categories", "categories.id", "services.category_id").select("categories.img1").where("services.id", "=", serviceId).executeTakeFirstOrThrow()).img1;
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

export type AddMediaResult = (SaveResult & { added: NewMedia[]; duplicates: NewMedia[]; overLimit: NewMedia[] }) | (Exclude<SaveResult, { ok: true }> & { added?: undefined });

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
    await tx.insertInto("service_media").values(added.map((f, i) => ({ service_id: serviceId, kind: f.kind, path: f.path, sort: start + i, content_hash: f.contentHash }))).execute();
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
    path = media.path;
  });
  return { ...result, path };
}

export type Completeness = { tab: "overview" | "about" | "gallery" | "pricing"; message: string };

/** What a draft still needs before review, in tab order; empty when it can be submitted. */
export function missingForReview(s: ServiceDraft): Completeness[] {
  const missing: Completeness[] = [];
  if (s.about.trim().length === 0) missing.push({ tab: "about", message: "Describe the service in About Service." });
  if (!s.media.some((m) => m.kind === "image")) missing.push({ tab: "gallery", message: "Add at least one photo in Gallery." });
  if (s.priceKobo <= 0) missing.push({ tab: "pricing", message: "Set the price in Pricing." });
  return missing;
}

export type TransitionResult = { ok: true; status: ServiceStatus } | { ok: false; reason: "not-found" | "not-allowed"; status?: ServiceStatus; missing?: Completeness[] };

async function applyTransition(serviceId: number, action: ServiceAction, scope: { vendorId: number } | { admin: true }, reason?: string): Promise<TransitionResult> {
  const db = await getDb();
  const { from, to } = TRANSITIONS[action];
  let query = db
    .updateTable("services")
    .set({ status: to, status_reason: action === "return" ? (reason ?? null) : null, updated_at: new Date().toISOString() })
    .where("id", "=", serviceId)
    .where("status", "in", from);
  if ("vendorId" in scope) query = query.where("vendor_id", "=", scope.vendorId);
  const result = await query.executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return { ok: true, status: to };
  let current = db.selectFrom("services").select("status").where("id", "=", serviceId);
  if ("vendorId" in scope) current = current.where("vendor_id", "=", scope.vendorId);
  const row = await current.executeTakeFirst();
  return row ? { ok: false, reason: "not-allowed", status: row.status } : { ok: false, reason: "not-found" };
}

/** A vendor's own state change: submit (when complete), pause, resume, or reopen as a draft. */
export async function changeStatus(vendorId: number, serviceId: number, action: "submit" | "pause" | "resume" | "reopen"): Promise<TransitionResult> {
  if (action === "submit") {
    const draft = await getVendorService(vendorId, serviceId);
    if (!draft) return { ok: false, reason: "not-found" };
    const missing = missingForReview(draft);
    if (missing.length > 0) return { ok: false, reason: "not-allowed", status: draft.status, missing };
  }
  return applyTransition(serviceId, action, { vendorId });
}

/** Deletes one of the vendor's drafts that nobody ever booked; returns the paths of its uploaded files. */
export async function deleteDraft(vendorId: number, serviceId: number): Promise<{ ok: true; paths: string[] } | { ok: false; reason: "not-found" | "not-draft" | "booked" }> {
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    const service = await tx.selectFrom("services").select(["id", "status"]).where("id", "=", serviceId).where("vendor_id", "=", vendorId).executeTakeFirst();
    if (!service) return { ok: false as const, reason: "not-found" as const };
    if (service.status !== "draft") return { ok: false as const, reason: "not-draft" as const };
    const booked = await tx.selectFrom("appointments").select("id").where("service_id", "=", serviceId).limit(1).executeTakeFirst();
    if (booked) return { ok: false as const, reason: "booked" as const };
    const media = await tx.selectFrom("service_media").select("path").where("service_id", "=", serviceId).execute();
    await tx.deleteFrom("services").where("id", "=", serviceId).execute();
    return { ok: true as const, paths: media.map((m) => m.path) };
  });
}

// Moderation: for admins only.

export interface PendingService extends ServiceDraft {
  vendorName: string;
  categoryTitle: string;
  submittedAt: string;
}

export async function listPendingServices(): Promise<PendingService[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("services")
    .innerJoin("vendors", "vendors.id", "services.vendor_id")
    .innerJoin("categories", "categories.id", "services.category_id")
    .select(["services.id", "services.vendor_id", "services.updated_at", "vendors.business_name", "categories.title"])
    .where("services.status", "=", "pending")
    .orderBy("services.updated_at")
    .limit(100)
    .execute();
  const out: PendingService[] = [];
  for (const r of rows) {
    const draft = await getVendorService(r.vendor_id, r.id);
    if (draft) out.push({ ...draft, vendorName: r.business_name, categoryTitle: r.title, submittedAt: r.updated_at });
  }
  return out;
}

export function approveService(serviceId: number): Promise<TransitionResult> {
  return applyTransition(serviceId, "approve", { admin: true });
}

export function returnService(serviceId: number, reason: string): Promise<TransitionResult> {
  return applyTransition(serviceId, "return", { admin: true }, reason);
}
