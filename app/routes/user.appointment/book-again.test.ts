import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { createCustomer } from "../../../tests/booking";
import { cookieFor, get, run } from "../../../tests/booking-routes";
import { demoStylist, plantFor } from "../../../tests/staff";
import { loader } from "./route";

// "Book again" on the customer's past appointments (docs/domain.md, "Clients"): the same service, and the same stylist
// while they still take online bookings for it.

type Past = { list: { rows: { ref: string; service_id: number; again_member_id: number | null; service_status: string }[] } };

describe("/user/appointment?tab=past: Book again", () => {
  test("a past visit carries its service and stylist; a stylist who left is not offered", async () => {
    const stylist = await demoStylist();
    const c = await createCustomer("Again");
    const visit = await plantFor({ vendorId: stylist.vendorId, memberId: stylist.memberId, customerId: c.id, hoursFromNow: -30, status: "confirmed" });
    const db = await getDb();
    await db.updateTable("appointments").set({ status: "completed" }).where("id", "=", visit.id).execute();
    const service = await db.selectFrom("appointments").select("service_id").where("id", "=", visit.id).executeTakeFirstOrThrow();
    // The stylist performs the planted service (the vendor's first); make sure of it for this test.
    await db.deleteFrom("team_member_services").where("member_id", "=", stylist.memberId).where("service_id", "=", service.service_id).execute();
    await db
      .insertInto("team_member_services")
      .values({ member_id: stylist.memberId, service_id: service.service_id, price_kobo: null, duration_min: null })
      .execute();
    const cookie = await cookieFor(c.email);
    const page = await run<Past>(loader, get("/user/appointment?tab=past", cookie));
    expect(page.body.list.rows.find((r) => r.ref === visit.ref)).toMatchObject({
      service_id: service.service_id,
      again_member_id: stylist.memberId,
      service_status: "active",
    });

    await db.updateTable("team_members").set({ active: 0 }).where("id", "=", stylist.memberId).execute();
    try {
      const after = await run<Past>(loader, get("/user/appointment?tab=past", cookie));
      expect(after.body.list.rows.find((r) => r.ref === visit.ref)?.again_member_id).toBeNull();
    } finally {
      await db.updateTable("team_members").set({ active: 1 }).where("id", "=", stylist.memberId).execute();
    }
  });
});
