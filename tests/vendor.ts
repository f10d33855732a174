import { getDb } from "~/db/db.server";
import { UNUSABLE_PASSWORD } from "~/models/password.server";
import { cookieFor } from "./session";

// Vendors for tests: the seeded demo vendor, and fresh ones to prove that one vendor cannot reach another's records.

export async function demoVendor() {
  const db = await getDb();
  const row = await db
    .selectFrom("vendors")
    .innerJoin("users", "users.id", "vendors.user_id")
    .select(["vendors.id as vendorId", "users.id as userId", "users.email"])
    .where("vendors.slug", "=", "demo-vendor")
    .executeTakeFirstOrThrow();
  return { ...row, cookie: await cookieFor(row.email) };
}

/** A new vendor account with no services, money or conversations, signed in. */
export async function createVendor(name = "second") {
  const db = await getDb();
  const now = new Date().toISOString();
  const email = `${name}.vendor@example.com`;
  const { id: userId } = await db
    .insertInto("users")
    .values({ email, password_hash: UNUSABLE_PASSWORD, first_name: "Second", last_name: "Vendor", role: "vendor", phone: null, address: null, city: "Lagos", state: "Lagos", created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id: vendorId } = await db
    .insertInto("vendors")
    .values({
      user_id: userId,
      slug: `${name}-vendor`,
      business_name: `${name} Studio`,
      about: "",
      address: "1 Test Street, Yaba",
      business_address: null,
      area: "Yaba",
      city: "Lagos",
      state: "Lagos",
      lat: 6.5,
      lng: 3.37,
      level: 1,
      image: "/img/vendor/2.svg",
      banner: "/img/vendor/banner-2.svg",
      tags: "[]",
      home_service: 0,
      opens_hour: 9,
      closes_hour: 18,
      open_days: "1,2,3,4,5,6",
      service: null,
      nin: null,
      date_of_birth: null,
      gender: null,
      sms_notifications: 1,
      social_google: 0,
      social_facebook: 0,
      social_instagram: 0,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { userId, vendorId, email, cookie: await cookieFor(email) };
}
