import crypto from "node:crypto";
import { getDb } from "~/db/db.server";
import { hashPassword } from "~/utils/password.server";
import { createCustomer } from "./booking";
import { cookieFor } from "./session";

export const OWN_PASSWORD = "right-password-1";

/** A customer of its own whose e-mail the profile form accepts as it is, with a known password and a session. */
export async function ownCustomer(): Promise<{ id: number; email: string; cookie: string }> {
  const c = await createCustomer();
  const email = `own${c.id}.${crypto.randomBytes(3).toString("hex")}@example.com`;
  await (
    await getDb()
  )
    .updateTable("users")
    .set({ email, password_hash: await hashPassword(OWN_PASSWORD) })
    .where("id", "=", c.id)
    .execute();
  return { id: c.id, email, cookie: await cookieFor(email) };
}
