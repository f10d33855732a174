import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { lagosInstant } from "~/utils/time";
import { createCustomer, featuredService, freshOpenDay, newKey, vendorBySlug } from "../../../tests/booking";
import { cookieFor, firstError, post, run } from "../../../tests/booking-routes";
import { addStylist, holdWith } from "../../../tests/team";
import { action as book } from "../booking/route";
import { action as calendar } from "./route";

// The salon's move and an online customer racing for one member's hour, both over HTTP (docs/domain.md, "The
// calendar"): the booking lock decides, on SQLite and PostgreSQL alike; one wins, the other is told "just taken".

const JUST_TAKEN = "That time was just taken. Please pick another time.";

describe(`a salon's move against an online booking (${getDialect()})`, () => {
  test("for one member's hour, one of them gets it and the other is told it was just taken, every time", async () => {
    const vendor = await vendorBySlug();
    const service = await featuredService();
    const member = await addStylist(vendor.id, "Race Move", [service.id]);
    const ownerCookie = await cookieFor(vendor.email);
    const db = await getDb();
    let movesWon = 0;
    let bookingsWon = 0;
    for (let round = 0; round < 6; round++) {
      const day = freshOpenDay(vendor.open_days);
      const client = await createCustomer("Moved");
      const { ref } = await holdWith(client.id, service.id, day, 10, member);
      await db.updateTable("appointments").set({ status: "confirmed", payment_method: "vendor", hold_expires_at: null }).where("ref", "=", ref).execute();
      const { id } = await db.selectFrom("appointments").select("id").where("ref", "=", ref).executeTakeFirstOrThrow();
      const online = await createCustomer("Online");
      const onlineCookie = await cookieFor(online.email);
      const [moved, booked] = await Promise.all([
        run(calendar, post("/vendor/calendar", { intent: "move", id: String(id), member: String(member), day, time: "15" }, ownerCookie)),
        run(book, post("/booking", { service: String(service.id), date: day, time: "15", member: String(member), key: newKey() }, onlineCookie)),
      ]);
      const statuses = [moved.status, booked.status].sort();
      expect(statuses).toEqual([303, 409]);
      const loser = moved.status === 409 ? moved : booked;
      expect(firstError(loser.body)).toBe(JUST_TAKEN);
      if (moved.status === 303) movesWon++;
      else bookingsWon++;
      const at15 = await db
        .selectFrom("appointments")
        .select(["id", "customer_id"])
        .where("member_id", "=", member)
        .where("starts_at", "=", lagosInstant(day, 15))
        .where("status", "in", ["held", "requested", "confirmed"])
        .execute();
      expect(at15).toHaveLength(1);
      expect(at15[0]!.customer_id).toBe(moved.status === 303 ? client.id : online.id);
      // The loser changed nothing: a lost move keeps its hour, a lost booking holds nothing.
      const kept = await db.selectFrom("appointments").select("starts_at").where("id", "=", id).executeTakeFirstOrThrow();
      expect(kept.starts_at).toBe(lagosInstant(day, moved.status === 303 ? 15 : 10));
    }
    expect(movesWon + bookingsWon).toBe(6);
  });
});
