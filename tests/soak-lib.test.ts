import { describe, expect, test } from "vitest";
import { compareBookings, compareMessages, memoryFlat, statusCounts } from "../scripts/soak-lib.mjs";

// The soak's counting (scripts/soak-lib.mjs), not the soak itself: each check finds what it is there to find.

const ack = (ref: string, extra: Partial<{ paid: boolean; cancelled: boolean; accepted: boolean }> = {}) => ({
  ref,
  customerId: 1,
  paid: false,
  cancelled: false,
  accepted: false,
  ...extra,
});
const row = (ref: string, status = "requested", payment_status = "unpaid") => ({ ref, customer_id: 1, status, payment_status });

describe("soak counting", () => {
  test("bookings: all there in their states is clean; missing, in another state, unacknowledged or twice is found", () => {
    const acks = [ack("A"), ack("B", { paid: true }), ack("C", { cancelled: true }), ack("D", { accepted: true })];
    const rows = [row("A"), row("B", "requested", "paid"), row("C", "cancelled"), row("D", "confirmed")];
    expect(compareBookings(acks, rows)).toEqual({ lost: [], wrongState: [], unacknowledged: [], duplicated: [] });
    // A refunded payment was paid first: not a wrong state.
    expect(compareBookings([ack("B", { paid: true, cancelled: true })], [row("B", "cancelled", "refunded")]).wrongState).toEqual([]);

    const found = compareBookings(acks, [row("A"), row("B"), row("C", "requested"), row("D", "confirmed"), row("D", "confirmed"), row("E")]);
    expect(found.lost).toEqual([]);
    expect(found.wrongState).toEqual(["B: payment unpaid, paid", "C: status requested, cancelled"]);
    expect(found.unacknowledged).toEqual(["E"]);
    expect(found.duplicated).toEqual(["D"]);
    expect(compareBookings([ack("A"), ack("Z")], [row("A"), { ...row("Z"), customer_id: 2 }]).lost).toEqual(["Z"]);
  });

  test("messages: fewer stored than acknowledged is lost, more is duplicated", () => {
    const acked = new Map([
      [1, 2],
      [2, 1],
      [3, 1],
    ]);
    expect(
      compareMessages(acked, [
        { conversation_id: 1, n: 2 },
        { conversation_id: 2, n: 1 },
        { conversation_id: 3, n: 1 },
      ]),
    ).toEqual({ lost: [], duplicated: [] });
    expect(
      compareMessages(acked, [
        { conversation_id: 1, n: 1 },
        { conversation_id: 2, n: 2 },
        { conversation_id: 4, n: 1 },
      ]),
    ).toEqual({ lost: ["1: 2 sent, 1 stored", "3: 1 sent, 0 stored"], duplicated: ["2: 1 sent, 2 stored", "4: 0 sent, 1 stored"] });
  });

  test("memory: the last tenth of the run against the third, within 10 %", () => {
    const run = 100_000;
    const samples = (third: number, last: number) =>
      Array.from({ length: 100 }, (_, i) => ({ at: i * 1_000, mb: i < 20 ? 100 : i < 30 ? third : i < 90 ? (third + last) / 2 : last }));
    expect(memoryFlat(samples(300, 320), run)).toMatchObject({ third: 300, last: 320, flat: true });
    expect(memoryFlat(samples(300, 340), run)).toMatchObject({ flat: false });
    expect(memoryFlat(samples(300, 260), run)).toMatchObject({ flat: false });
    // No sample in a window: not flat (nothing shown is not proof).
    expect(memoryFlat([{ at: 95_000, mb: 300 }], run).flat).toBe(false);
  });

  test("statuses: counted, 5xx among them", () => {
    expect(statusCounts([200, 303, 200, 502, 500])).toEqual({ counts: { 200: 2, 303: 1, 500: 1, 502: 1 }, serverErrors: 2 });
  });
});
