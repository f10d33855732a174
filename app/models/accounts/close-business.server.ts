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
