import { getDb } from "~/db/db.server";
import { phoneColumns } from "./phone-confirmation.server";

// A person's own details (the customer profile). E-mail stays unique across accounts (case-insensitive:
// stored lower-case); changing it goes through models/accounts/email-change.server.ts.

export interface Profile {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
}

export async function getProfile(userId: number): Promise<Profile> {
  const db = await getDb();
  const u = await db
    .selectFrom("users")
    .select(["first_name", "last_name", "email", "phone", "address", "city", "state"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return { firstName: u.first_name, lastName: u.last_name, email: u.email, phone: u.phone, address: u.address, city: u.city, state: u.state };
}

/** True when another account than `exceptUserId` already uses this e-mail (both profile forms ask). */
export async function isEmailTaken(email: string, exceptUserId: number): Promise<boolean> {
  const db = await getDb();
  const row = await db.selectFrom("users").select("id").where("email", "=", email.toLowerCase()).where("id", "!=", exceptUserId).executeTakeFirst();
  return Boolean(row);
}

/** Saves the profile's details. The e-mail is not among them: it changes only through a link (models/accounts/email-change.server.ts). */
export async function updateProfile(userId: number, p: Omit<Profile, "email">): Promise<void> {
  const db = await getDb();
  await db
    .updateTable("users")
    .set({ first_name: p.firstName, last_name: p.lastName, ...phoneColumns(p.phone), address: p.address, city: p.city, state: p.state })
    .where("id", "=", userId)
    .execute();
}
