import type { Executor, Tx } from "~/db/db.server";
import { UNUSABLE_PASSWORD } from "~/utils/password.server";
import { randomToken } from "~/utils/random.server";
import { normalisePhone, PHONE_MESSAGE } from "~/utils/phone";
import { DomainError } from "~/models/refusal";

// Who a salon-made booking is for (docs/domain.md, "Clients"). A person is one Glow account: the salon's client
// is found by a confirmed phone or a confirmed e-mail of a real account, else among the salon's own clients by
// phone, else a guest account is made for them: it has the name and phone the salon gave, an address under the
// reserved `.invalid` domain (RFC 2606: never delivered) and no usable password, so nobody signs in to it. When a
// real account later confirms that phone or e-mail, it takes the guest's appointments and the salons' records over
// (`claimGuestClients`), so the person sees the appointment in their own list.

/** The domain of guest accounts' addresses: reserved, so no e-mail is ever sent to one. */
export const GUEST_EMAIL_DOMAIN = "clients.glow.invalid";

export interface NewClient {
  firstName: string;
  lastName: string;
  /** As the salon typed it; kept in E.164 (`normalisePhone`). */
  phone: string;
  /** Null when the salon was given none. */
  email: string | null;
}

/** A real (non-guest) account with this confirmed phone, or this confirmed e-mail. */
export async function confirmedAccountFor(db: Executor, phone: string, email: string | null): Promise<number | undefined> {
  const byPhone = await db
    .selectFrom("users")
    .select(["id", "phone"])
    .where("guest_of_vendor_id", "is", null)
    .where("role", "=", "customer")
    .where("phone_confirmed_at", "is not", null)
    // However the account typed it, its last four digits are together at its end; the rest is compared normalised.
    .where("phone", "like", `%${phone.slice(-4)}`)
    .orderBy("id")
    .execute();
  const phoneMatch = byPhone.find((u) => u.phone !== null && normalisePhone(u.phone) === phone);
  if (phoneMatch) return phoneMatch.id;
  if (!email) return undefined;
  const byEmail = await db
    .selectFrom("users")
    .select("id")
    .where("guest_of_vendor_id", "is", null)
    .where("role", "=", "customer")
    .where("email", "=", email)
    .where("email_confirmed_at", "is not", null)
    .executeTakeFirst();
  return byEmail?.id;
}

/** Makes sure the salon has a record of this client, keeping the phone and e-mail it was given. */
export async function recordClient(
  tx: Executor,
  vendorId: number,
  userId: number,
  given: { phone: string | null; email: string | null },
  now: Date,
): Promise<void> {
  const existing = await tx
    .selectFrom("salon_clients")
    .select(["id", "phone", "email"])
    .where("vendor_id", "=", vendorId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (existing) {
    await tx
      .updateTable("salon_clients")
      .set({ phone: given.phone ?? existing.phone, email: given.email ?? existing.email })
      .where("id", "=", existing.id)
      .execute();
    return;
  }
  await tx
    .insertInto("salon_clients")
    .values({ vendor_id: vendorId, user_id: userId, phone: given.phone, email: given.email, blocked_at: null, created_at: now.toISOString() })
    .execute();
}

/**
 * The account a salon books a new client onto: a real account with that confirmed phone or e-mail; else the salon's
 * own client with that phone; else a new guest account. The salon's record of the client is kept either way.
 */
export async function findOrMakeClient(tx: Tx, vendorId: number, input: NewClient, now: Date): Promise<number> {
  const phone = normalisePhone(input.phone);
  if (!phone) throw new DomainError("invalid", PHONE_MESSAGE, { field: "phone" });
  const client = { ...input, phone, email: input.email?.trim().toLowerCase() || null };
  const given = { phone: client.phone, email: client.email };
  const real = await confirmedAccountFor(tx, client.phone, client.email);
  if (real !== undefined) {
    await recordClient(tx, vendorId, real, given, now);
    return real;
  }
  const known = await tx
    .selectFrom("salon_clients")
    .select("user_id")
    .where("vendor_id", "=", vendorId)
    .where("phone", "=", client.phone)
    .orderBy("id")
    .executeTakeFirst();
  if (known) {
    await recordClient(tx, vendorId, known.user_id, given, now);
    return known.user_id;
  }
  const { id } = await tx
    .insertInto("users")
    .values({
      email: `client-${randomToken(9)}@${GUEST_EMAIL_DOMAIN}`,
      password_hash: UNUSABLE_PASSWORD,
      first_name: client.firstName,
      last_name: client.lastName,
      role: "customer",
      phone: client.phone,
      address: null,
      city: null,
      state: null,
      created_at: now.toISOString(),
      email_confirmed_at: null,
      guest_of_vendor_id: vendorId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordClient(tx, vendorId, id, given, now);
  return id;
}

/**
 * A real account that confirmed its phone or e-mail takes over every guest account the salons made with that phone
 * or e-mail: their appointments become its own, and the salons' records and notes follow. Runs in the transaction
 * that confirms, so the person's list shows the appointments from the next page on. Returns how many moved.
 */
export async function claimGuestClients(tx: Tx, userId: number): Promise<number> {
  const user = await tx
    .selectFrom("users")
    .select(["phone", "phone_confirmed_at", "email", "email_confirmed_at", "guest_of_vendor_id"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user || user.guest_of_vendor_id !== null) return 0;
  const phone = user.phone && user.phone_confirmed_at ? normalisePhone(user.phone) : null;
  const email = user.email_confirmed_at ? user.email : null;
  if (!phone && !email) return 0;
  const guests = await tx
    .selectFrom("salon_clients as c")
    .innerJoin("users as u", "u.id", "c.user_id")
    .select(["c.id", "c.vendor_id", "c.user_id", "c.phone", "c.email", "c.blocked_at"])
    .where("u.guest_of_vendor_id", "is not", null)
    .where((eb) => eb.or([...(phone ? [eb("c.phone", "=", phone)] : []), ...(email ? [eb("c.email", "=", email)] : [])]))
    .execute();
  let moved = 0;
  for (const guest of guests) {
    const result = await tx.updateTable("appointments").set({ customer_id: userId }).where("customer_id", "=", guest.user_id).executeTakeFirst();
    moved += Number(result.numUpdatedRows);
    await tx.updateTable("client_notes").set({ user_id: userId }).where("user_id", "=", guest.user_id).execute();
    const own = await tx
      .selectFrom("salon_clients")
      .select(["id", "blocked_at"])
      .where("vendor_id", "=", guest.vendor_id)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (own) {
      await tx
        .updateTable("salon_clients")
        .set({ phone: guest.phone, email: guest.email, blocked_at: own.blocked_at ?? guest.blocked_at })
        .where("id", "=", own.id)
        .execute();
      await tx.deleteFrom("salon_clients").where("id", "=", guest.id).execute();
    } else {
      await tx.updateTable("salon_clients").set({ user_id: userId }).where("id", "=", guest.id).execute();
    }
  }
  return moved;
}
