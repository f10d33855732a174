import crypto from "node:crypto";
import { getDb } from "~/db/db.server";
import type { TeamRole } from "~/models/team/roles";
import { UNUSABLE_PASSWORD } from "~/utils/password.server";
import { bookingRef, randomToken } from "~/utils/random.server";
import { cookieFor } from "./session";

// Team members for tests: an account linked to a member of a vendor with a role, signed in; appointments planted
// for a member at a chosen time (a test cannot make time pass for a visit to come).

let members = 0;

export async function teamMember(vendorId: number, role: Exclude<TeamRole, "owner">, name = "Test Member") {
  const db = await getDb();
  const email = `m${++members}-${crypto.randomBytes(3).toString("hex")}@team.test`;
  const now = new Date().toISOString();
  const { id: userId } = await db
    .insertInto("users")
    .values({
      email,
      password_hash: UNUSABLE_PASSWORD,
      first_name: name.split(" ")[0]!,
      last_name: "Member",
      role: "vendor",
      phone: null,
      address: null,
      city: null,
      state: null,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id: memberId } = await db
    .insertInto("team_members")
    .values({ vendor_id: vendorId, user_id: userId, name, photo: null, role, week_hours: null, created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { userId, memberId, email, cookie: await cookieFor(email) };
}

/** The seeded demo stylist of the demo vendor (app/db/seed-staff.server.ts). */
export async function demoStylist() {
  const db = await getDb();
  const row = await db
    .selectFrom("team_members")
    .innerJoin("users", "users.id", "team_members.user_id")
    .select(["team_members.id as memberId", "team_members.vendor_id as vendorId", "users.id as userId", "users.email"])
    .where("users.email", "=", "stylist@example.com")
    .executeTakeFirstOrThrow();
  return { ...row, cookie: await cookieFor(row.email) };
}

/** An appointment of `memberId` with a customer, starting `hoursFromNow` (negative: its time has come). */
export async function plantFor(args: {
  vendorId: number;
  memberId: number;
  customerId: number;
  hoursFromNow: number;
  status: "requested" | "confirmed";
}): Promise<{ id: number; ref: string }> {
  const db = await getDb();
  const service = await db.selectFrom("services").select(["id", "price_kobo"]).where("vendor_id", "=", args.vendorId).orderBy("id").executeTakeFirstOrThrow();
  // Whole minutes apart from every other plant, so the per-member backstop index never meets two at one instant.
  const start = new Date(Math.floor(Date.now() / 60_000) * 60_000 + args.hoursFromNow * 3_600_000 + ++members * 60_000);
  const now = new Date().toISOString();
  const ref = bookingRef();
  const { id } = await db
    .insertInto("appointments")
    .values({
      ref,
      customer_id: args.customerId,
      vendor_id: args.vendorId,
      member_id: args.memberId,
      service_id: service.id,
      starts_at: start.toISOString(),
      ends_at: new Date(start.getTime() + 3_600_000).toISOString(),
      status: args.status,
      payment_status: "unpaid",
      payment_method: "vendor",
      total_kobo: service.price_kobo,
      comment: null,
      pay_token: randomToken(),
      hold_expires_at: null,
      paid_by_name: null,
      paid_at: null,
      status_reason: null,
      created_at: now,
      updated_at: now,
      answer_by: args.status === "requested" ? new Date(Date.now() + 86_400_000).toISOString() : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("appointment_items").values({ appointment_id: id, kind: "service", name: "Planted", price_kobo: service.price_kobo }).execute();
  return { id, ref };
}
