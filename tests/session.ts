import { getDb } from "~/db/db.server";
import { createSession } from "~/http/session.server";

/** A Cookie header for a signed-in seeded user (tests plant sessions instead of signing in through the form). */
export async function cookieFor(email: string): Promise<string> {
  const db = await getDb();
  const user = await db.selectFrom("users").select("id").where("email", "=", email.toLowerCase()).executeTakeFirstOrThrow();
  const setCookie = await createSession(user.id);
  return setCookie.split(";")[0]!;
}
