import { getDb, type Executor } from "~/db/db.server";

// The audit trail (docs/security.md, "Audit trail"): who did what, to which record, when, from which address, for
// every admin action and every money event a person starts. Append-only: this module inserts and reads; nothing in
// the app updates or deletes a row of audit_events (tests/audit-trail.test.ts reads the code to hold that).

/** What can be recorded, with the words the pages show. */
export const AUDIT_ACTIONS = {
  "service.approve": "Approved a service",
  "service.return": "Returned a service to its vendor",
  "review.hide": "Hid a review",
  "review.unhide": "Showed a hidden review again",
  "problem.release": "Released a reported visit's money to the vendor",
  "problem.refund": "Refunded a reported visit",
  "withdrawal.request": "Asked for a withdrawal",
  "withdrawal.verify": "Confirmed a withdrawal with its code",
  "bank-account.add": "Added a bank account",
  "bank-account.verify": "Confirmed a bank account with its code",
  "bank-account.delete": "Deleted a bank account",
  "refund.choose": "Cancelled and chose where the refund goes",
  "team.role": "Changed a team member's role",
  "team.invite": "Invited someone to the team",
  "payment.refund": "Refunded a payment of the wrong amount to its payer",
  "business.close": "Closed the business on Glow",
  "vendor.suspend": "Suspended a vendor",
  "vendor.lift": "Lifted a vendor's suspension",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** The kinds of record an event names (the filter on /admin/audit). */
export const AUDIT_RECORD_TYPES = ["service", "review", "appointment", "withdrawal", "bank-account", "team-member", "payment", "vendor"] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

export interface AuditEvent {
  actor: { id: number; role: string } | null;
  action: AuditAction;
  record: { type: AuditRecordType; id: string | number };
  /** The vendor whose money or service it concerns, so they see their own money events. */
  vendorId?: number | null;
  detail?: string;
  ip?: string | null;
}

const DETAIL_MAX = 300;

/** Appends one event (in the caller's transaction when given one). */
export async function recordAudit(event: AuditEvent, db?: Executor, now = new Date()): Promise<void> {
  const handle = db ?? (await getDb());
  await handle
    .insertInto("audit_events")
    .values({
      at: now.toISOString(),
      actor_id: event.actor?.id ?? null,
      actor_role: event.actor?.role ?? "system",
      action: event.action,
      record_type: event.record.type,
      record_id: String(event.record.id).slice(0, 64),
      vendor_id: event.vendorId ?? null,
      detail: (event.detail ?? "").slice(0, DETAIL_MAX),
      ip: event.ip?.slice(0, 64) ?? null,
    })
    .execute();
}

export interface AuditRow {
  id: number;
  at: string;
  actorId: number | null;
  actorEmail: string | null;
  actorRole: string;
  action: string;
  label: string;
  recordType: string;
  recordId: string;
  detail: string;
  ip: string | null;
}

export const AUDIT_PAGE_SIZE = 50;

export interface AuditFilter {
  /** An account's e-mail (any case) or id. */
  person?: string;
  recordType?: AuditRecordType;
  recordId?: string;
  /** Only this vendor's money and team-role events (the vendor's own view). */
  vendorId?: number;
}

/** Newest first, AUDIT_PAGE_SIZE a page; `hasMore` says whether another page follows. */
export async function listAudit(filter: AuditFilter, page: number): Promise<{ rows: AuditRow[]; hasMore: boolean; unknownPerson: boolean }> {
  const db = await getDb();
  let actorId: number | undefined;
  if (filter.person) {
    const person = filter.person.trim().toLowerCase();
    const found = /^\d{1,9}$/.test(person)
      ? await db.selectFrom("users").select("id").where("id", "=", Number(person)).executeTakeFirst()
      : await db.selectFrom("users").select("id").where("email", "=", person.slice(0, 254)).executeTakeFirst();
    if (!found) return { rows: [], hasMore: false, unknownPerson: true };
    actorId = found.id;
  }
  const rows = await db
    .selectFrom("audit_events as e")
    .leftJoin("users as u", "u.id", "e.actor_id")
    .select(["e.id", "e.at", "e.actor_id", "u.email", "e.actor_role", "e.action", "e.record_type", "e.record_id", "e.detail", "e.ip"])
    .$if(actorId !== undefined, (q) => q.where("e.actor_id", "=", actorId!))
    .$if(filter.recordType !== undefined, (q) => q.where("e.record_type", "=", filter.recordType!))
    .$if(Boolean(filter.recordId), (q) => q.where("e.record_id", "=", filter.recordId!.slice(0, 64)))
    .$if(filter.vendorId !== undefined, (q) => q.where("e.vendor_id", "=", filter.vendorId!).where("e.action", "in", VENDOR_ACTIONS))
    .orderBy("e.id", "desc")
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE)
    .execute();
  return {
    hasMore: rows.length > AUDIT_PAGE_SIZE,
    unknownPerson: false,
    rows: rows.slice(0, AUDIT_PAGE_SIZE).map((r) => ({
      id: r.id,
      at: r.at,
      actorId: r.actor_id,
      actorEmail: r.email,
      actorRole: r.actor_role,
      action: r.action,
      label: AUDIT_ACTIONS[r.action as AuditAction] ?? r.action,
      recordType: r.record_type,
      recordId: r.record_id,
      detail: r.detail,
      ip: r.ip,
    })),
  };
}

/** The events a vendor's owner sees of their own: money, and who is on the team with which role. */
const VENDOR_ACTIONS: AuditAction[] = [
  "business.close",
  "vendor.suspend",
  "vendor.lift",
  "team.role",
  "team.invite",
  "withdrawal.request",
  "withdrawal.verify",
  "bank-account.add",
  "bank-account.verify",
  "bank-account.delete",
  "problem.release",
  "problem.refund",
];
