import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { addClientNote } from "~/models/clients/client-records.server";
import { lagosToday } from "~/utils/time";
import { createCustomer } from "../../tests/booking";
import { cookieFor, get, post, run } from "../../tests/booking-routes";
import { demoStylist, plantFor } from "../../tests/staff";
import { loader as dataLoader } from "./user.profile_.data[.json]";
import { action, loader } from "./user.profile_.salon-records";

// A person's own data export and erasure request include what salons hold about them (docs/domain.md, "Clients").

async function clientWithNote(text: string) {
  const stylist = await demoStylist();
  const c = await createCustomer("Exported");
  await plantFor({ vendorId: stylist.vendorId, memberId: stylist.memberId, customerId: c.id, hoursFromNow: 40, status: "confirmed" });
  const db = await getDb();
  await db
    .insertInto("salon_clients")
    .values({ vendor_id: stylist.vendorId, user_id: c.id, phone: "+2348039990001", email: null, blocked_at: null, created_at: new Date().toISOString() })
    .execute();
  await addClientNote(stylist.vendorId, stylist.memberId, c.id, {
    kind: "patch_test",
    body: text,
    product: "Relaxer",
    result: "Failed",
    notedOn: lagosToday(),
  });
  return { ...c, cookie: await cookieFor(c.email), vendorId: stylist.vendorId };
}

describe("/user/profile/data.json and /user/profile/salon-records", () => {
  test("the export holds the salons' records and notes about the person, and nobody else's", async () => {
    const mine = await clientWithNote("Redness after 24 hours");
    const other = await clientWithNote("Someone else's note");
    const r = await run(dataLoader, get("/user/profile/data.json", mine.cookie));
    expect(r.status).toBe(200);
    expect(r.response!.headers.get("Content-Disposition")).toMatch(/^attachment; filename="glow-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const body = (await r.response!.json()) as {
      account: { email: string };
      salonRecords: { salon: string; phone: string; notes: { text: string; result: string }[] }[];
    };
    expect(body.account.email).toBe(mine.email);
    expect(body.salonRecords).toEqual([
      expect.objectContaining({
        salon: "Ronke's Beauty Lounge",
        phone: "+2348039990001",
        notes: [expect.objectContaining({ text: "Redness after 24 hours", result: "Failed" })],
      }),
    ]);
    expect(JSON.stringify(body)).not.toContain("Someone else's note");
    expect(other.id).not.toBe(mine.id);
    // Signed out: sign in first.
    expect((await run(dataLoader, get("/user/profile/data.json"))).status).toBe(302);
  });

  test("erasing removes the salons' notes and the contact details they were given, only the person's own", async () => {
    const mine = await clientWithNote("Erase me");
    const other = await clientWithNote("Keep me");
    expect((await run(loader, get("/user/profile/salon-records", mine.cookie))).status).toBe(405);
    const r = await run(action, post("/user/profile/salon-records", {}, mine.cookie));
    expect(r.status).toBe(303);
    const db = await getDb();
    expect(await db.selectFrom("client_notes").select("id").where("user_id", "=", mine.id).execute()).toEqual([]);
    expect((await db.selectFrom("salon_clients").select("phone").where("user_id", "=", mine.id).executeTakeFirstOrThrow()).phone).toBeNull();
    expect(await db.selectFrom("client_notes").select("body").where("user_id", "=", other.id).execute()).toEqual([{ body: "Keep me" }]);
    expect((await run(action, post("/user/profile/salon-records", {}))).status).toBe(302);
  });
});
