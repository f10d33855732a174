import { sql } from "kysely";
import { getDb, type Tx } from "~/db/db.server";
import { withBookingLock } from "~/models/schedule/booking-lock.server";
import { DomainError } from "~/models/refusal";
import { HIDE_REASON_MAX_LENGTH, REPLY_MAX_LENGTH, REVIEW_EDIT_DAYS, REVIEW_MAX_LENGTH, reviewerName, type ModerationFilter } from "./review-rules";

export { REVIEW_EDIT_DAYS, REVIEW_MAX_LENGTH } from "./review-rules";

// Reviews come only from customers of completed visits: one per appointment, 1-5 stars and a text, editable for
// REVIEW_EDIT_DAYS after it was first written, with at most one public reply by the vendor. The admin can hide an
// abusive one (with a reason). The rating and count shown for a service and a vendor are cached totals
// (services.rating_*, vendors.vendor_rating_*) recomputed from the visible reviews in the same transaction that
// changes a review, under the vendor's booking lock, so parallel reviews never lose an update.
// See docs/domain.md, "Reviews".

export const VENDOR_REVIEWS_PER_PAGE = 10;

const NOT_FOUND = "We couldn't find that appointment.";

/** Until when a review first written at `createdAt` may be changed by its author. */
export function editableUntil(createdAt: string): string {
  return new Date(new Date(createdAt).getTime() + REVIEW_EDIT_DAYS * 86_400_000).toISOString();
}

export function isEditable(review: { created_at: string; hidden_at: string | null }, now: Date = new Date()): boolean {
  return review.hidden_at === null && now.toISOString() < editableUntil(review.created_at);
}

export interface OwnReview {
  id: number;
  rating: number;
  body: string;
  createdAt: string;
  updatedAt: string | null;
  editable: boolean;
  editableUntil: string;
  reply: string | null;
  hidden: boolean;
}

/** The customer's review of one of their appointments, if they wrote one. */
export async function ownReview(customerId: number, appointmentId: number, now: Date = new Date()): Promise<OwnReview | null> {
  const db = await getDb();
  const r = await db
    .selectFrom("reviews")
    .select(["id", "rating", "body", "created_at", "updated_at", "reply_body", "hidden_at"])
    .where("appointment_id", "=", appointmentId)
    .where("user_id", "=", customerId)
    .executeTakeFirst();
  if (!r) return null;
  return {
    id: r.id,
    rating: r.rating,
    body: r.body ?? "",
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    editable: isEditable(r, now),
    editableUntil: editableUntil(r.created_at),
    reply: r.reply_body,
    hidden: r.hidden_at !== null,
  };
}

/**
 * Writes or edits the review of the customer's completed appointment `ref`. Someone else's appointment, or one
 * that is not completed, is refused exactly like a missing one (nothing tells a stranger that it exists).
 */
export async function saveReview(
  customerId: number,
  ref: string,
  input: { rating: number; body: string },
  now: Date = new Date(),
): Promise<"created" | "updated"> {
  const rating = input.rating;
  const body = input.body.trim();
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) throw new DomainError("invalid", "Please choose 1 to 5 stars.");
  if (body.length === 0) throw new DomainError("invalid", "Please tell others about your visit.");
  if (body.length > REVIEW_MAX_LENGTH) throw new DomainError("invalid", `Please keep your review under ${REVIEW_MAX_LENGTH} characters.`);
  const db = await getDb();
  const appt = await db
    .selectFrom("appointments")
    .select(["id", "vendor_id", "service_id", "status"])
    .where("ref", "=", ref)
    .where("customer_id", "=", customerId)
    .executeTakeFirst();
  if (!appt) throw new DomainError("not-found", NOT_FOUND);
  if (appt.status !== "completed") throw new DomainError("conflict", "You can review a visit once the vendor has marked it completed.");
  return withBookingLock({ vendorId: appt.vendor_id }, async (tx) => {
    const existing = await tx.selectFrom("reviews").select(["id", "created_at", "hidden_at"]).where("appointment_id", "=", appt.id).executeTakeFirst();
    const at = now.toISOString();
    if (existing) {
      if (existing.hidden_at !== null) throw new DomainError("conflict", "This review was hidden by Glow and can no longer be changed.");
      if (!isEditable(existing, now)) throw new DomainError("conflict", `A review can be changed for ${REVIEW_EDIT_DAYS} days after it is written.`);
      await tx.updateTable("reviews").set({ rating, body, updated_at: at }).where("id", "=", existing.id).execute();
    } else {
      await tx
        .insertInto("reviews")
        .values({ service_id: appt.service_id, user_id: customerId, author_name: null, appointment_id: appt.id, rating, body, created_at: at })
        .execute();
    }
    await refreshTotals(tx, appt.service_id, appt.vendor_id);
    return existing ? "updated" : "created";
  });
}

/**
 * Recomputes a service's and its vendor's cached rating totals from the visible reviews. A vendor's rating is its
 * own seeded vendor ratings plus every visible review of a visit to one of its services.
 */
async function refreshTotals(tx: Tx, serviceId: number, vendorId: number): Promise<void> {
  await tx
    .updateTable("services")
    .set({
      rating_count: sql<number>`(select count(*) from reviews r where r.service_id = ${serviceId} and r.hidden_at is null)`,
      rating_sum: sql<number>`(select coalesce(sum(r.rating), 0) from reviews r where r.service_id = ${serviceId} and r.hidden_at is null)`,
    })
    .where("id", "=", serviceId)
    .execute();
  const visits = sql`from reviews r join services s on s.id = r.service_id
    where s.vendor_id = ${vendorId} and r.appointment_id is not null and r.hidden_at is null`;
  await tx
    .updateTable("vendors")
    .set({
      vendor_rating_count: sql<number>`(select count(*) from vendor_ratings vr where vr.vendor_id = ${vendorId}) + (select count(*) ${visits})`,
      vendor_rating_sum: sql<number>`(select coalesce(sum(vr.rating), 0) from vendor_ratings vr where vr.vendor_id = ${vendorId}) + (select coalesce(sum(r.rating), 0) ${visits})`,
    })
    .where("id", "=", vendorId)
    .execute();
}

async function reviewOfVendor(tx: Tx, vendorId: number, reviewId: number) {
  return tx
    .selectFrom("reviews as r")
    .innerJoin("services as s", "s.id", "r.service_id")
    .select(["r.id", "r.reply_body", "r.hidden_at", "r.body", "r.service_id", "s.vendor_id"])
    .where("r.id", "=", reviewId)
    .where("s.vendor_id", "=", vendorId)
    .executeTakeFirst();
}

/** The vendor's one public reply to a written review of one of its services. */
export async function replyToReview(vendorId: number, reviewId: number, text: string, now: Date = new Date()): Promise<void> {
  const body = text.trim();
  if (body.length === 0) throw new DomainError("invalid", "Please write your reply.");
  if (body.length > REPLY_MAX_LENGTH) throw new DomainError("invalid", `Please keep your reply under ${REPLY_MAX_LENGTH} characters.`);
  await withBookingLock({ vendorId }, async (tx) => {
    const review = await reviewOfVendor(tx, vendorId, reviewId);
    if (!review || review.body === null) throw new DomainError("not-found", "We couldn't find that review.");
    if (review.hidden_at !== null) throw new DomainError("conflict", "This review is hidden and takes no reply.");
    if (review.reply_body !== null) throw new DomainError("conflict", "You have already replied to this review.");
    const done = await tx
      .updateTable("reviews")
      .set({ reply_body: body, reply_at: now.toISOString() })
      .where("id", "=", reviewId)
      .where("reply_body", "is", null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new DomainError("conflict", "You have already replied to this review.");
  });
}

/** The admin hides an abusive review; it stops counting in the totals in the same transaction. */
export async function hideReview(reviewId: number, reason: string, now: Date = new Date()): Promise<void> {
  const why = reason.trim();
  if (why.length === 0) throw new DomainError("invalid", "Please give a reason.");
  if (why.length > HIDE_REASON_MAX_LENGTH) throw new DomainError("invalid", `Please keep the reason under ${HIDE_REASON_MAX_LENGTH} characters.`);
  await setHidden(reviewId, { at: now.toISOString(), reason: why });
}

/** The admin shows a hidden review again (hidden by mistake); it counts again in the same transaction. */
export async function unhideReview(reviewId: number): Promise<void> {
  await setHidden(reviewId, null);
}

/** Hides (or shows again) one review and recounts its service's and vendor's totals, under the vendor's lock. */
async function setHidden(reviewId: number, hidden: { at: string; reason: string } | null): Promise<void> {
  const db = await getDb();
  const found = await db
    .selectFrom("reviews as r")
    .innerJoin("services as s", "s.id", "r.service_id")
    .select(["r.id", "r.service_id", "s.vendor_id"])
    .where("r.id", "=", reviewId)
    .executeTakeFirst();
  if (!found) throw new DomainError("not-found", "We couldn't find that review.");
  await withBookingLock({ vendorId: found.vendor_id }, async (tx) => {
    const done = await tx
      .updateTable("reviews")
      .set({ hidden_at: hidden?.at ?? null, hidden_reason: hidden?.reason ?? null })
      .where("id", "=", reviewId)
      .where("hidden_at", hidden ? "is" : "is not", null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new DomainError("conflict", hidden ? "This review is already hidden." : "This review is already shown.");
    await refreshTotals(tx, found.service_id, found.vendor_id);
  });
}

export interface ListedReview {
  id: number;
  author: string;
  serviceId: number;
  serviceTitle: string;
  rating: number;
  body: string;
  createdAt: string;
  reply: string | null;
  replyAt: string | null;
  hiddenReason: string | null;
}

function listQuery(db: Awaited<ReturnType<typeof getDb>>) {
  return db
    .selectFrom("reviews as r")
    .innerJoin("services as s", "s.id", "r.service_id")
    .innerJoin("vendors as v", "v.id", "s.vendor_id")
    .leftJoin("users as u", "u.id", "r.user_id")
    .select([
      "r.id",
      "v.business_name",
      "r.author_name",
      "u.first_name",
      "u.last_name",
      "r.service_id",
      "s.title",
      "r.rating",
      "r.body",
      "r.created_at",
      "r.reply_body",
      "r.reply_at",
      "r.hidden_reason",
      "r.hidden_at",
    ])
    .where("r.body", "is not", null);
}

function toListed(r: Awaited<ReturnType<ReturnType<typeof listQuery>["execute"]>>[number]): ListedReview {
  return {
    id: r.id,
    author: reviewerName(r.first_name, r.last_name, r.author_name),
    serviceId: r.service_id,
    serviceTitle: r.title,
    rating: r.rating,
    body: r.body ?? "",
    createdAt: r.created_at,
    reply: r.reply_body,
    replyAt: r.reply_at,
    hiddenReason: r.hidden_reason,
  };
}

/** One page of a review list and how many pages the whole list has (for the Pagination component). */
export interface ReviewPage<T> {
  items: T[];
  pageCount: number;
}

type ListQuery = ReturnType<typeof listQuery>;

/** Counts the rows `narrow` keeps, then reads page `page` of them, newest first. */
async function readReviewPage(narrow: (q: ListQuery) => ListQuery, page: number) {
  const db = await getDb();
  const [rows, total] = await Promise.all([
    narrow(listQuery(db))
      .orderBy("r.created_at", "desc")
      .orderBy("r.id", "desc")
      .limit(VENDOR_REVIEWS_PER_PAGE)
      .offset((page - 1) * VENDOR_REVIEWS_PER_PAGE)
      .execute(),
    narrow(listQuery(db))
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, pageCount: Math.ceil(Number(total.count) / VENDOR_REVIEWS_PER_PAGE), total: Number(total.count) };
}

/** The written reviews of a vendor's services, newest first, for its dashboard (hidden ones say why). */
export async function vendorReviews(vendorId: number, page: number, memberId?: number): Promise<ReviewPage<ListedReview> & { total: number }> {
  const { rows, pageCount, total } = await readReviewPage((q) => {
    const own = q.where("s.vendor_id", "=", vendorId);
    // One member's: the reviews of the visits they did (a review of no visit, as the seeded ones, is no member's).
    if (memberId === undefined) return own;
    return own.where("r.appointment_id", "in", (eb) =>
      eb.selectFrom("appointments").select("id").where("vendor_id", "=", vendorId).where("member_id", "=", memberId),
    );
  }, page);
  return { items: rows.map(toListed), pageCount, total };
}

/** Every review (written after a visit or imported with the catalogue), newest first, for the admin's moderation. */
export async function reviewsToModerate(
  filter: ModerationFilter,
  page: number,
): Promise<ReviewPage<ListedReview & { hidden: boolean; vendorName: string }> & { total: number }> {
  const { rows, pageCount, total } = await readReviewPage(
    (q) => (filter === "shown" ? q.where("r.hidden_at", "is", null) : filter === "hidden" ? q.where("r.hidden_at", "is not", null) : q),
    page,
  );
  return { items: rows.map((r) => ({ ...toListed(r), hidden: r.hidden_at !== null, vendorName: r.business_name })), pageCount, total };
}
