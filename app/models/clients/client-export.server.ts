import { getDb } from "~/db/db.server";

// What salons hold about a person, for their own data export and their request to erase it (docs/domain.md,
// "Clients"): each salon's record of them (the phone and e-mail it was given, whether it blocked them from booking
// online) and its private notes. A person reads these only here, about themselves, never on a salon's page.

export interface SalonRecordExport {
  salon: string;
  phone: string | null;
  email: string | null;
  blockedFromOnlineBooking: boolean;
  since: string;
  notes: { kind: string; date: string; product: string | null; result: string | null; text: string }[];
}

export interface AccountExport {
  account: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string | null;
    address: string | null;
    city: string | null;
    state: string | null;
    createdAt: string;
  };
  appointments: { ref: string; salon: string; service: string; startsAt: string; status: string; totalKobo: number; paymentStatus: string }[];
  salonRecords: SalonRecordExport[];
}

/** The person's account, appointments, and what every salon holds about them. */
export async function exportAccountData(userId: number): Promise<AccountExport> {
  const db = await getDb();
  const user = await db
    .selectFrom("users")
    .select(["first_name", "last_name", "email", "phone", "address", "city", "state", "created_at"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const appointments = await db
    .selectFrom("appointments as a")
    .innerJoin("vendors as v", "v.id", "a.vendor_id")
    .innerJoin("services as s", "s.id", "a.service_id")
    .select(["a.ref", "v.business_name", "s.title", "a.starts_at", "a.status", "a.total_kobo", "a.payment_status"])
    .where("a.customer_id", "=", userId)
    .orderBy("a.starts_at", "desc")
    .execute();
  const records = await db
    .selectFrom("salon_clients as c")
    .innerJoin("vendors as v", "v.id", "c.vendor_id")
    .select(["c.vendor_id", "v.business_name", "c.phone", "c.email", "c.blocked_at", "c.created_at"])
    .where("c.user_id", "=", userId)
    .orderBy("c.id")
    .execute();
  const notes = await db
    .selectFrom("client_notes")
    .select(["vendor_id", "kind", "noted_on", "product", "result", "body"])
    .where("user_id", "=", userId)
    .orderBy("noted_on", "desc")
    .execute();
  const noteVendors = await db
    .selectFrom("vendors")
    .select(["id", "business_name"])
    .where("id", "in", notes.length ? [...new Set(notes.map((n) => n.vendor_id))] : [0])
    .execute();
  // A salon may hold notes without a record row (notes are written about its clients by appointment too).
  const salons = new Map(records.map((r) => [r.vendor_id, { name: r.business_name, record: r as (typeof records)[number] | null }]));
  for (const v of noteVendors) if (!salons.has(v.id)) salons.set(v.id, { name: v.business_name, record: null });
  return {
    account: {
      firstName: user.first_name,
      lastName: user.last_name,
      email: user.email,
      phone: user.phone,
      address: user.address,
      city: user.city,
      state: user.state,
      createdAt: user.created_at,
    },
    appointments: appointments.map((a) => ({
      ref: a.ref,
      salon: a.business_name,
      service: a.title,
      startsAt: a.starts_at,
      status: a.status,
      totalKobo: a.total_kobo,
      paymentStatus: a.payment_status,
    })),
    salonRecords: [...salons.entries()].map(([vendorId, s]) => ({
      salon: s.name,
      phone: s.record?.phone ?? null,
      email: s.record?.email ?? null,
      blockedFromOnlineBooking: Boolean(s.record?.blocked_at),
      since: s.record?.created_at ?? "",
      notes: notes.filter((n) => n.vendor_id === vendorId).map((n) => ({ kind: n.kind, date: n.noted_on, product: n.product, result: n.result, text: n.body })),
    })),
  };
}

/**
 * The person's request to erase what salons hold about them: every salon's notes on them and the phone and e-mail the
 * salons were given go. A salon's block stays: it is the salon's own decision about its book, and holds no detail of
 * the person. Returns how many notes went.
 */
export async function eraseSalonRecords(userId: number): Promise<number> {
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    const gone = await tx.deleteFrom("client_notes").where("user_id", "=", userId).executeTakeFirst();
    await tx.updateTable("salon_clients").set({ phone: null, email: null }).where("user_id", "=", userId).execute();
    return Number(gone.numDeletedRows);
  });
}
