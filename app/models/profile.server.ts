import { getDb } from "~/db/db.server";

// A person's own details (the customer profile). E-mail stays unique across accounts (case-insensitive:
// stored lower-case); the unique index is the last word when two people claim one address at the same moment.

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

export async function isEmailTaken(email: string, exceptUserId: number): Promise<boolean> {
  const db = await getDb();
  const row = await db.selectFrom("users").select("id").where("email", "=", email.toLowerCase()).where("id", "!=", exceptUserId).executeTakeFirst();
  return Boolean(row);
}

/** Saves the profile; "email_taken" when another account already uses the address. */
export async function updateProfile(userId: number, p: Profile): Promise<"saved" | "email_taken"> {
  const db = await getDb();
  try {
    await db
      .updateTable("users")
      .set({ first_name: p.firstName, last_name: p.lastName, email: p.email.toLowerCase(), phone: p.phone, address: p.address, city: p.city, state: p.state })
      .where("id", "=", userId)
      .execute();
    return "saved";
  } catch (error) {
    if (await isEmailTaken(p.email, userId)) return "email_taken";
    throw error;
  }
}
