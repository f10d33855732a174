import crypto from "node:crypto";
import { expect } from "vitest";
import { getDb } from "~/db/db.server";
import { createHold } from "~/models/booking/hold.server";
import { UNUSABLE_PASSWORD } from "~/utils/password.server";
import { addDaysToDay, isoWeekday, lagosToday } from "~/utils/time";

// Factories for booking tests: the seeded demo vendor and its featured service, fresh customers, open days.

export async function userIdOf(email: string): Promise<number> {
  const db = await getDb();
  return (await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

export async function vendorBySlug(slug = "demo-vendor") {
  const db = await getDb();
  return db
    .selectFrom("vendors")
    .innerJoin("users", "users.id", "vendors.user_id")
    .select(["vendors.id", "vendors.user_id", "vendors.open_days", "users.email"])
    .where("vendors.slug", "=", slug)
    .executeTakeFirstOrThrow();
}

/** The featured service: Knotless Box Braids by the demo vendor, 120 min, ₦7,500 + ₦4,500 required. */
export async function featuredService() {
  const db = await getDb();
  return db.selectFrom("services").select(["id", "vendor_id", "price_kobo", "duration_min"]).where("key", "=", "featured-braids").executeTakeFirstOrThrow();
}

export async function serviceOfGroup(vendorSlug: string, group: string) {
  const db = await getDb();
  return db
    .selectFrom("services")
    .innerJoin("vendors", "vendors.id", "services.vendor_id")
    .select(["services.id", "services.vendor_id"])
    .where("vendors.slug", "=", vendorSlug)
    .where("services.group_name", "=", group)
    .where("services.status", "=", "active")
    .orderBy("services.id")
    .executeTakeFirstOrThrow();
}

/** The first day at least `ahead` days from today on which the vendor opens (clear of the seeded story). */
export function openDay(openDays: string, ahead = 30): string {
  let day = addDaysToDay(lagosToday(), ahead);
  while (!openDays.split(",").map(Number).includes(isoWeekday(day))) day = addDaysToDay(day, 1);
  return day;
}

/** The days handed out to the current test file (files share a worker's modules but never a database). */
const usedDays = { file: "", days: new Set<string>() };

/** An open day of the vendor that no earlier call in this test file returned: tests sharing a database never meet. */
export function freshOpenDay(openDays: string, from = 20): string {
  const file = expect.getState().testPath ?? "";
  if (usedDays.file !== file) Object.assign(usedDays, { file, days: new Set<string>() });
  let ahead = from;
  let day = openDay(openDays, ahead);
  while (usedDays.days.has(day)) day = openDay(openDays, ++ahead);
  usedDays.days.add(day);
  return day;
}

/** The first day at least `ahead` days out on which the vendor is closed, if it ever is. */
export function closedDay(openDays: string, ahead = 30): string | undefined {
  const open = openDays.split(",").map(Number);
  for (let i = ahead; i < ahead + 7; i++) {
    const day = addDaysToDay(lagosToday(), i);
    if (!open.includes(isoWeekday(day))) return day;
  }
  return undefined;
}

let customers = 0;

/** A new customer account (sign-in by planted session: tests/session.ts cookieFor). */
export async function createCustomer(firstName = "Ada"): Promise<{ id: number; email: string }> {
  const db = await getDb();
  const email = `c${++customers}-${crypto.randomBytes(3).toString("hex")}@customers.test`;
  const { id } = await db
    .insertInto("users")
    .values({
      email,
      password_hash: UNUSABLE_PASSWORD,
      first_name: firstName,
      last_name: "Test",
      role: "customer",
      phone: null,
      address: "4 Bode Thomas Street",
      city: "Surulere",
      state: "Lagos",
      created_at: new Date().toISOString(),
      email_confirmed_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, email };
}

export const newKey = () => crypto.randomBytes(16).toString("base64url");

/** Step 1 done: a held order of `serviceId` at `hour` on `day`. */
export async function hold(customerId: number, serviceId: number, day: string, hour: number, now?: Date, materialIds: number[] = []) {
  return createHold({ customerId, serviceId, day, hour, materialIds, idempotencyKey: newKey() }, now);
}

export async function appointmentByRef(ref: string) {
  const db = await getDb();
  return db.selectFrom("appointments").selectAll().where("ref", "=", ref).executeTakeFirstOrThrow();
}

export async function ledgerOf(appointmentId: number) {
  const db = await getDb();
  return db.selectFrom("ledger_entries").select(["kind", "amount_kobo"]).where("appointment_id", "=", appointmentId).orderBy("id").execute();
}

export async function mailsTo(address: string) {
  const db = await getDb();
  return db.selectFrom("outbox").select(["subject", "text"]).where("to_address", "=", address).orderBy("id").execute();
}
