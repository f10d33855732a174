import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { saveClientRules } from "~/models/client-rules/client-rules.server";
import { appointmentByRef, createCustomer, featuredService, freshOpenDay, hold, vendorBySlug } from "../../../tests/booking";
import { cookieFor, firstError, get, post, run } from "../../../tests/booking-routes";
import { demoStylist, plantFor } from "../../../tests/staff";
import { action, loader } from "./route";

// Step 2 under the salon's no-show rule (docs/domain.md, "Clients"): a client over it is told before choosing, and
// "Pay to vendor" is refused by the server whatever the form sends; paying online still works.

describe("/payment with the salon's no-show rule on", () => {
  test("a client with a no-show in 12 months sees Pay to vendor closed and is refused it; others are not", async () => {
    const vendor = await vendorBySlug();
    const service = await featuredService();
    const stylist = await demoStylist();
    const missed = await createCustomer("Missed");
    const planted = await plantFor({ vendorId: vendor.id, memberId: stylist.memberId, customerId: missed.id, hoursFromNow: -50, status: "confirmed" });
    const db = await getDb();
    await db.updateTable("appointments").set({ status: "no_show" }).where("id", "=", planted.id).execute();
    await saveClientRules(vendor.id, { prepayAfterNoShows: 1, notesForStylists: false });
    // With a deposit asked of "Pay to vendor" bookings: the client the rule covers is offered no deposit either.
    await db.updateTable("vendors").set({ deposit_percent: 20 }).where("id", "=", vendor.id).execute();
    try {
      const day = freshOpenDay(vendor.open_days);
      const { ref } = await hold(missed.id, service.id, day, 11);
      const cookie = await cookieFor(missed.email);
      const page = await run<{ payInFull: string | null; deposit: { kobo: number } | null }>(loader, get(`/payment?order=${ref}`, cookie));
      expect(page.body.payInFull).toBe(
        "Ronke's Beauty Lounge asks clients who missed 1 or more appointments in the last 12 months to pay in full online. Please pay online or with AutoCredit.",
      );
      expect(page.body.deposit).toBeNull();
      const refused = await run(action, post("/payment", { order: ref, method: "vendor" }, cookie));
      expect(refused.status).toBe(400);
      expect(firstError(refused.body)).toBe(page.body.payInFull);
      expect((await appointmentByRef(ref)).status).toBe("held");

      const fine = await createCustomer("Reliable");
      const other = await hold(fine.id, service.id, day, 14);
      const theirs = await run<{ payInFull: string | null; deposit: { kobo: number } | null }>(
        loader,
        get(`/payment?order=${other.ref}`, await cookieFor(fine.email)),
      );
      expect(theirs.body.payInFull).toBeNull();
      expect(theirs.body.deposit?.kobo).toBe((await appointmentByRef(other.ref)).total_kobo / 5);
    } finally {
      await db.updateTable("vendors").set({ deposit_percent: 0 }).where("id", "=", vendor.id).execute();
      await saveClientRules(vendor.id, { prepayAfterNoShows: 0, notesForStylists: false });
    }
  });
});
