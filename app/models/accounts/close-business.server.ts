import { getDb } from "~/db/db.server";

// A vendor closes their business on Glow (docs/domain.md, "Gone for good"): every service they offered is retired at
// once, so no list, sitemap or booking shows them, and their pages answer 410 Gone. Visits already booked stay, to be
// kept or cancelled as any other; the account, its money and its history stay too.

export async function closeBusiness(vendorId: number, now: Date = new Date()): Promise<{ closed: boolean }> {
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    const closed = await tx
      .updateTable("vendors")
      .set({ closed_at: now.toISOString() })
      .where("id", "=", vendorId)
      .where("closed_at", "is", null)
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) === 0) return { closed: false };
    await tx
      .updateTable("services")
      .set({ status: "retired", status_reason: null, updated_at: now.toISOString() })
      .where("vendor_id", "=", vendorId)
      .where("status", "in", ["active", "paused", "pending"])
      .execute();
    return { closed: true };
  });
}

export interface ClosingFacts {
  businessName: string;
  closedAt: string | null;
  /** Visits still to come (asked for or confirmed): they stay booked after closing. */
  upcoming: number;
}

/** What the closing page tells the owner before they close, and after. */
export async function closingFacts(vendorId: number, now: Date = new Date()): Promise<ClosingFacts> {
  const db = await getDb();
  const [vendor, upcoming] = await Promise.all([
    db.selectFrom("vendors").select(["business_name", "closed_at"]).where("id", "=", vendorId).executeTakeFirstOrThrow(),
    db
      .selectFrom("appointments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("vendor_id", "=", vendorId)
      .where("status", "in", ["requested", "confirmed"])
      .where("starts_at", ">", now.toISOString())
      .executeTakeFirstOrThrow(),
  ]);
  return { businessName: vendor.business_name, closedAt: vendor.closed_at, upcoming: Number(upcoming.n) };
}

/** The owner types the business's name to close it: the same letters, whatever their case and spacing. */
export function namesTheBusiness(typed: string, businessName: string): boolean {
  const plain = (text: string) =>
    text
      .normalize("NFKC")
      .replace(/[\u2018\u2019]/g, "'")
      .replace(/\s+/g, " ")
      .trim()
      .toLowerCase();
  return plain(typed) !== "" && plain(typed) === plain(businessName);
}
