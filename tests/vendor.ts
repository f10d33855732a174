import { getDb } from "~/db/db.server";
import { insertVendor } from "~/db/seed.server";
import { UNUSABLE_PASSWORD } from "~/utils/password.server";
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

/** A new vendor account with no services, money or conversations, signed in (made by the seed's own factory). */
export async function createVendor(name = "second") {
  const db = await getDb();
  const now = new Date().toISOString();
  const email = `${name}.vendor@example.com`;
  const { id: userId } = await db
    .insertInto("users")
    .values({
      email,
      password_hash: UNUSABLE_PASSWORD,
      first_name: "Second",
      last_name: "Vendor",
      role: "vendor",
      phone: null,
      address: null,
      city: "Lagos",
      state: "Lagos",
      created_at: now,
      email_confirmed_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const vendorId = await db.transaction().execute((tx) =>
    insertVendor(
      tx,
      {
        key: `${name}-vendor`,
        email,
        firstName: "Second",
        lastName: "Vendor",
        businessName: `${name} Studio`,
        about: "",
        address: "1 Test Street, Yaba",
        area: "Yaba",
        city: "Lagos",
        state: "Lagos",
        lat: 6.5,
        lng: 3.37,
        level: 1,
        image: "/img/vendor/2.svg",
        banner: "/img/vendor/banner-2.svg",
        tags: [],
        homeService: false,
        opensHour: 9,
        closesHour: 18,
        openDays: [1, 2, 3, 4, 5, 6],
        ratings: [],
      },
      userId,
      now,
    ),
  );
  return { userId, vendorId, email, cookie: await cookieFor(email) };
}

export interface Outcome<T = unknown> {
  status: number;
  location: string | null;
  data: T;
  response?: Response;
}

/**
 * Runs a loader or action and gives its status, redirect target and data, whether it returned a Response, a
 * `data(...)` value (single fetch) or threw a Response.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the data of any loader or action without naming its type
export async function run<T = any>(fn: () => Promise<unknown> | unknown): Promise<Outcome<T>> {
  let result: unknown;
  try {
    result = await fn();
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    result = error;
  }
  if (result instanceof Response) {
    const type = result.headers.get("Content-Type") ?? "";
    const body = type.includes("json") ? await result.json() : await result.text();
    return { status: result.status, location: result.headers.get("Location"), data: body as T, response: result };
  }
  const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (wrapped && wrapped.type === "DataWithResponseInit") {
    return { status: wrapped.init?.status ?? 200, location: null, data: wrapped.data as T };
  }
  return { status: 200, location: null, data: result as T };
}
