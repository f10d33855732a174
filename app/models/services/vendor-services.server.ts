import { giveServiceToOwner } from "~/db/team-owner.server";
import { getDb, getDialect, type Tx } from "~/db/db.server";
import type { ServiceStatus, ServiceType } from "~/db/schema";
import { STATUS_TABS } from "./status";

// A vendor's services: the list by state and the editor's tabs. Only drafts are edited (editDraft); the gallery is
// models/services/gallery.server, the moves between states (submit, pause, approve...) models/services/moderation.server.
// Every function is scoped by the vendor.

export const MAX_MATERIALS = 10;

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
  /** The live service this one holds changes to (models/services/revisions.server.ts), or null. */
  revisionOf: number | null;
}

export async function listVendorServices(vendorId: number, status: ServiceStatus) {
  const db = await getDb();
  const [rows, counts] = await Promise.all([
    db
      .selectFrom("services")
      .select([
        "id",
        "title",
        "group_name",
        "style",
        "image",
        "price_kobo",
        "promo_price_kobo",
        "duration_min",
        "status",
        "status_reason",
        "updated_at",
        "revision_of",
      ])
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
    revisionOf: r.revision_of,
  }));
  const countOf = Object.fromEntries(STATUS_TABS.map((t) => [t.status, Number(counts.find((c) => c.status === t.status)?.count ?? 0)])) as Record<
    ServiceStatus,
    number
  >;
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
  if (unique.length > 0)
    await tx
      .insertInto("service_tags")
      .values(unique.map((tag) => ({ service_id: serviceId, tag })))
      .execute();
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
    await giveServiceToOwner(tx, vendorId, id);
    await replaceTags(tx, id, input.tags);
    return { ok: true, id };
  });
}

/**
 * Serialises edits of one service, so checks such as the gallery's limits hold under parallel requests.
 * PostgreSQL locks the row (SELECT ... FOR UPDATE); on SQLite a write as the transaction's first statement takes
 * the database's write lock at once, so what is read after it cannot go stale.
 */
async function lockService(tx: Tx, serviceId: number) {
  if (getDialect() === "postgres") await tx.selectFrom("services").select("id").where("id", "=", serviceId).forUpdate().execute();
  else
    await tx
      .updateTable("services")
      .set((eb) => ({ id: eb.ref("id") }))
      .where("id", "=", serviceId)
      .execute();
}

/** Runs `change` on one of the vendor's drafts inside a transaction; refuses other services. */
export async function editDraft(vendorId: number, serviceId: number, change: (tx: Tx) => Promise<SaveResult | void>): Promise<SaveResult> {
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
      .set({
        title: input.title,
        category_id: input.categoryId,
        group_name: category.group,
        style: input.style,
        gender: input.gender,
        duration_min: input.durationMin,
      })
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
    await tx
      .updateTable("services")
      .set({ about: input.about, description: describe(input.about) })
      .where("id", "=", serviceId)
      .execute();
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
