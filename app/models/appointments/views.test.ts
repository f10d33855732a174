import { describe, expect, test } from "vitest";
import { hasStarted, isUpcoming } from "./views";

describe("when an appointment is upcoming, and when it has started", () => {
  test("upcoming: a request or a confirmed appointment still ahead; started: its time has come", () => {
    const now = new Date("2026-11-21T10:00:00.000Z");
    const ahead = "2026-11-21T10:00:00.001Z";
    const atNow = now.toISOString();
    expect(isUpcoming({ status: "requested", starts_at: ahead }, now)).toBe(true);
    expect(isUpcoming({ status: "confirmed", starts_at: ahead }, now)).toBe(true);
    expect(isUpcoming({ status: "confirmed", starts_at: atNow }, now)).toBe(false);
    for (const status of ["held", "completed", "cancelled", "declined", "expired", "no_show"] as const) {
      expect(isUpcoming({ status, starts_at: ahead }, now), status).toBe(false);
    }
    expect(hasStarted({ starts_at: atNow }, now)).toBe(true);
    expect(hasStarted({ starts_at: ahead }, now)).toBe(false);
  });
});
