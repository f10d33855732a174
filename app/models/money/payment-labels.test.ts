import { describe, expect, test } from "vitest";
import { customerPaymentLine, paymentLabel } from "./payment-labels";

const row = (payment: Pick<Parameters<typeof paymentLabel>[0], "payment_status" | "payment_method">, deposit_kobo = 0) => ({
  ...payment,
  status: "confirmed" as const,
  total_kobo: 1_200_000,
  deposit_kobo,
});

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

  test("the customer's Payment line: who paid through the link, on which day, what is left for the visit", () => {
    const paid = { ...row({ payment_status: "paid", payment_method: "online" }), paid_by_name: null, paid_at: "2026-11-20T09:00:00.000Z" };
    expect(customerPaymentLine(paid)).toBe("Paid online on Nov 20, 2026");
    expect(customerPaymentLine({ ...paid, paid_by_name: "Tolu" })).toBe("Paid online by Tolu through your payment link on Nov 20, 2026");
    expect(customerPaymentLine({ ...paid, deposit_kobo: 240_000 })).toBe("Deposit paid ₦2,400 on Nov 20, 2026; ₦9,600 to pay at the visit");
    expect(customerPaymentLine({ ...paid, deposit_kobo: 240_000, status: "completed" })).toBe("Paid online on Nov 20, 2026");
    const refunded = { ...paid, payment_status: "refunded" as const };
    expect(customerPaymentLine(refunded)).toBe("Refunded");
    expect(customerPaymentLine({ ...refunded, paid_by_name: "Tolu" })).toBe("Paid by Tolu through your payment link, then refunded");
    expect(customerPaymentLine({ ...row({ payment_status: "unpaid", payment_method: null }), paid_by_name: null, paid_at: null })).toBe("Not paid yet");
  });
});
