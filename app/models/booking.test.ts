import { describe, expect, test } from "vitest";
import { hasStarted, isUpcoming, paymentLabel } from "./booking";

const row = (payment: Pick<Parameters<typeof paymentLabel>[0], "payment_status" | "payment_method">, deposit_kobo = 0) =>
  ({ ...payment, status: "confirmed" as const, total_kobo: 1_200_000, deposit_kobo });

describe("how an appointment reads on the customer's and the vendor's pages", () => {
  test("paid: how it was paid, in the same words for both", () => {
    for (const viewer of ["customer", "vendor"] as const) {
      expect(paymentLabel(row({ payment_status: "paid", payment_method: "online" }), viewer)).toBe("Paid online");
      expect(paymentLabel(row({ payment_status: "paid", payment_method: "credit" }), viewer)).toBe("Paid with AutoCredit");
      expect(paymentLabel(row({ payment_status: "paid", payment_method: "vendor" }), viewer)).toBe("Paid at the appointment");
      expect(paymentLabel(row({ payment_status: "paid", payment_method: null }), viewer)).toBe("Paid");
    }
  });

  test("not paid or refunded: each side reads it from where they stand", () => {
    expect(paymentLabel(row({ payment_status: "unpaid", payment_method: null }), "customer")).toBe("Not paid yet");
    expect(paymentLabel(row({ payment_status: "unpaid", payment_method: "vendor" }), "customer")).toBe("Pay at the appointment");
    expect(paymentLabel(row({ payment_status: "unpaid", payment_method: null }), "vendor")).toBe("Pay at the appointment");
    expect(paymentLabel(row({ payment_status: "refunded", payment_method: "online" }), "customer")).toBe("Refunded");
    expect(paymentLabel(row({ payment_status: "refunded", payment_method: "online" }), "vendor")).toBe("Refunded to the payer");
  });

  test("a deposit paid online: the customer reads what they paid, the vendor also what to collect; completed, it is paid", () => {
    const deposit = row({ payment_status: "paid", payment_method: "online" }, 240_000);
    expect(paymentLabel(deposit, "customer")).toBe("Deposit paid ₦2,400");
    expect(paymentLabel(deposit, "vendor")).toBe("Deposit paid ₦2,400, ₦9,600 to collect at the visit");
    expect(paymentLabel({ ...deposit, status: "completed" }, "vendor")).toBe("Paid online");
  });

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
