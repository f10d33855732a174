import { getDb } from "~/db/db.server";
import type { ServiceStatus } from "~/db/schema";
import { queueMails, type Mail } from "~/models/messaging/mail.server";
import { getEnv } from "~/utils/env.server";
import { TRANSITIONS, type ServiceAction } from "./status";
import { applyRevision, unusedPaths } from "./revisions.server";
import { getVendorService, type ServiceDraft } from "./vendor-services.server";

// A service's moves between the states of ./service-status: the vendor's own (submit when complete, pause,
// resume, reopen, delete a draft) and moderation, for an admin caller (the route checks requireAdmin). Only active
// services are shown to customers.

export type Completeness = { tab: "overview" | "about" | "gallery" | "pricing"; message: string };

/** What a draft still needs before review, in tab order; empty when it can be submitted. */
export function missingForReview(s: ServiceDraft): Completeness[] {
  const missing: Completeness[] = [];
  if (s.about.trim().length === 0) missing.push({ tab: "about", message: "Describe the service in About Service." });
  if (!s.media.some((m) => m.kind === "image")) missing.push({ tab: "gallery", message: "Add at least one photo in Gallery." });
  if (s.priceKobo <= 0) missing.push({ tab: "pricing", message: "Set the price in Pricing." });
  return missing;
}

export type TransitionResult =
  { ok: true; status: ServiceStatus } | { ok: false; reason: "not-found" | "not-allowed"; status?: ServiceStatus; missing?: Completeness[] };

async function applyTransition(
  serviceId: number,
  action: ServiceAction,
  scope: { vendorId: number } | { admin: true },
  reason?: string,
): Promise<TransitionResult> {
  const db = await getDb();
  const { from, to } = TRANSITIONS[action];
  const moved = await db.transaction().execute(async (tx) => {
    let query = tx
      .updateTable("services")
      .set({ status: to, status_reason: action === "return" ? (reason ?? null) : null, updated_at: new Date().toISOString() })
      .where("id", "=", serviceId)
      .where("status", "in", from);
    if ("vendorId" in scope) query = query.where("vendor_id", "=", scope.vendorId);
    const result = await query.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    // Changes to a service removed for good go with it: they would wait for review (and show under Pending) for a
    // service nobody can book again.
    if (action === "retire")
      await tx
        .updateTable("services")
        .set({ status: "retired", updated_at: new Date().toISOString() })
        .where("revision_of", "=", serviceId)
        .where("status", "in", ["draft", "pending"])
        .execute();
    // Approving changes to a live service writes them onto it (./revisions.server.ts).
    const shownId = action === "approve" ? await applyRevision(tx, serviceId) : serviceId;
    // The vendor hears of the admin's decision by e-mail, written in the same transaction as the decision.
    if (action === "approve" || action === "return") {
      const service = await tx
        .selectFrom("services")
        .innerJoin("vendors", "vendors.id", "services.vendor_id")
        .innerJoin("users", "users.id", "vendors.user_id")
        .select(["services.title", "vendors.business_name", "users.email"])
        .where("services.id", "=", shownId)
        .executeTakeFirstOrThrow();
      await queueMails(tx, [moderationMail(action, service, shownId, reason)]);
    }
    return true;
  });
  if (moved) return { ok: true, status: to };
  let current = db.selectFrom("services").select("status").where("id", "=", serviceId);
  if ("vendorId" in scope) current = current.where("vendor_id", "=", scope.vendorId);
  const row = await current.executeTakeFirst();
  return row ? { ok: false, reason: "not-allowed", status: row.status } : { ok: false, reason: "not-found" };
}

/** A vendor's own state change: submit (when complete), pause, resume, or reopen as a draft. */
export async function changeStatus(
  vendorId: number,
  serviceId: number,
  action: "submit" | "pause" | "resume" | "reopen" | "retire",
): Promise<TransitionResult> {
  if (action === "submit") {
    const draft = await getVendorService(vendorId, serviceId);
    if (!draft) return { ok: false, reason: "not-found" };
    const missing = missingForReview(draft);
    if (missing.length > 0) return { ok: false, reason: "not-allowed", status: draft.status, missing };
  }
  return applyTransition(serviceId, action, { vendorId });
}

/** Deletes one of the vendor's drafts that nobody ever booked; returns the paths of its uploaded files. */
export async function deleteDraft(
  vendorId: number,
  serviceId: number,
): Promise<{ ok: true; paths: string[] } | { ok: false; reason: "not-found" | "not-draft" | "booked" }> {
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    const service = await tx.selectFrom("services").select(["id", "status"]).where("id", "=", serviceId).where("vendor_id", "=", vendorId).executeTakeFirst();
    if (!service) return { ok: false as const, reason: "not-found" as const };
    if (service.status !== "draft") return { ok: false as const, reason: "not-draft" as const };
    const booked = await tx.selectFrom("appointments").select("id").where("service_id", "=", serviceId).limit(1).executeTakeFirst();
    if (booked) return { ok: false as const, reason: "booked" as const };
    const media = await tx.selectFrom("service_media").select("path").where("service_id", "=", serviceId).execute();
    await tx.deleteFrom("service_media").where("service_id", "=", serviceId).execute();
    await tx.deleteFrom("services").where("id", "=", serviceId).execute();
    // A copy of a live service shares its files: only those no gallery holds any more go.
    return {
      ok: true as const,
      paths: await unusedPaths(
        tx,
        media.map((m) => m.path),
      ),
    };
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

function moderationMail(
  action: "approve" | "return",
  s: { title: string; business_name: string; email: string },
  serviceId: number,
  reason: string | undefined,
): Mail {
  const link = `${getEnv().APP_URL}/vendor/services/create?id=${serviceId}`;
  if (action === "approve") {
    return {
      to: s.email,
      subject: `Approved: ${s.title} is live on Glow`,
      text: `Hello ${s.business_name},\n\nGlow approved your service "${s.title}": customers can find and book it now.\n\nSee it: ${getEnv().APP_URL}/details/${serviceId}\n\nGlow`,
    };
  }
  return {
    to: s.email,
    subject: `Returned: ${s.title} needs a change`,
    text: `Hello ${s.business_name},\n\nGlow returned your service "${s.title}" to your drafts, with this reason:\n\n${reason ?? ""}\n\nChange it and submit it again: ${link}\n\nGlow`,
  };
}

export function approveService(serviceId: number): Promise<TransitionResult> {
  return applyTransition(serviceId, "approve", { admin: true });
}

export function returnService(serviceId: number, reason: string): Promise<TransitionResult> {
  return applyTransition(serviceId, "return", { admin: true }, reason);
}
