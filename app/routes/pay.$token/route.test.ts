import { describe, expect, test } from "vitest";
import { cancelByCustomer } from "~/models/appointments/transitions.server";
import { appointmentByRef, createCustomer, featuredService, freshOpenDay, hold, mailsTo, vendorBySlug } from "../../../tests/booking";
import { cookieFor, firstError, get, post, run } from "../../../tests/booking-routes";
import { action as checkoutAction } from "../checkout.$reference";
import { loader as returnLoader } from "../payment.return";
import { action, loader } from "./route";

async function order(now?: Date) {
  const c = await createCustomer("Yemisi");
  const service = await featuredService();
  const { ref } = await hold(c.id, service.id, freshOpenDay((await vendorBySlug()).open_days), 13, now);
  const a = await appointmentByRef(ref);
  return { customer: c, ref, token: a.pay_token };
}

type LinkPage = {
  firstName: string;
  payable: boolean;
  paid: boolean;
  paidByName: string | null;
  closedMessage: string;
  totalKobo: number;
  serviceTitle: string;
  businessName: string;
};

describe("/pay/{token}: the shareable payment link", () => {
  test("anyone, signed out, sees service, vendor, date, amount and the customer's first name only, and pays", async () => {
    const { customer, ref, token } = await order();
    const page = await run<LinkPage>(loader, get(`/pay/${token}`), { token });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      firstName: "Yemisi",
      payable: true,
      paid: false,
      totalKobo: 1_200_000,
      serviceTitle: "Knotless Box Braids",
      businessName: "Ronke's Beauty Lounge",
    });
    // Until when: a held order until its hold runs out.
    const held = await appointmentByRef(ref);
    expect((page.body as LinkPage & { payableUntil: string }).payableUntil).toBe(held.hold_expires_at);
    const text = JSON.stringify(page.body);
    expect(text).not.toContain("Test"); // the customer's last name
    expect(text).not.toContain(customer.email);

    const started = await run(action, post(`/pay/${token}`, { name: "Uncle Sola", email: "sola@example.com" }), { token });
    expect(started.status).toBe(303);
    const reference = started.response!.headers.get("Location")!.replace("/checkout/", "");
    await run(checkoutAction, post(`/checkout/${reference}`, { intent: "succeed" }), { reference });
    const back = await run(returnLoader, get(`/payment/return?reference=${reference}`));
    // The payer lands on their receipt.
    expect(back.response!.headers.get("Location")).toBe(`/pay/${token}?receipt=${reference}#receipt`);
    const receipt = await run<{ receipt: { reference: string; bookingRef: string; amountKobo: number; paidAt: string | null } | null }>(
      loader,
      get(`/pay/${token}?receipt=${reference}`),
      { token },
    );
    expect(receipt.body.receipt).toMatchObject({ reference, bookingRef: ref, amountKobo: 1_200_000 });
    expect(receipt.body.receipt!.paidAt).not.toBeNull();
    // A reference that is not this link's payment shows no receipt.
    const other = "glw-" + "0".repeat(24);
    expect((await run<{ receipt: unknown }>(loader, get(`/pay/${token}?receipt=${other}`), { token })).body.receipt).toBeNull();
    expect((await run<{ receipt: unknown }>(loader, get(`/pay/${token}?receipt=%3Cb%3E`), { token })).body.receipt).toBeNull();

    expect(await appointmentByRef(ref)).toMatchObject({ status: "requested", payment_status: "paid", paid_by_name: "Uncle Sola" });
    expect((await mailsTo(customer.email)).map((m) => m.subject)).toContain("Uncle Sola paid for your booking");
    const after = await run<LinkPage>(loader, get(`/pay/${token}`), { token });
    expect(after.body).toMatchObject({ payable: false, paid: true, paidByName: "Uncle Sola" });

    // A paid link takes no more money.
    const again = await run(action, post(`/pay/${token}`, { email: "late@example.com" }), { token });
    expect(again.status).toBe(409);
    expect(firstError(again.body)).toBe("This order has already been paid. Thank you!");
  });

  test("a signed-in stranger can pay too; the form checks the e-mail and the name", async () => {
    const { token } = await order();
    const stranger = await createCustomer();
    const cookie = await cookieFor(stranger.email);
    expect(firstError((await run(action, post(`/pay/${token}`, { email: "nope" }, cookie), { token })).body)).toBe("Invalid email address");
    expect(firstError((await run(action, post(`/pay/${token}`, { name: "R2D2", email: "a@example.com" }, cookie), { token })).body)).toBe(
      "Numbers not allowed",
    );
    expect((await run(action, post(`/pay/${token}`, { email: "a@example.com" }, cookie), { token })).status).toBe(303);
  });

  test("cancelled and expired orders' links say so and take no money; unknown tokens are 404", async () => {
    const cancelled = await order();
    await cancelByCustomer(cancelled.customer.id, cancelled.ref);
    const page = await run<LinkPage>(loader, get(`/pay/${cancelled.token}`), { token: cancelled.token });
    expect(page.body).toMatchObject({ payable: false, closedMessage: "This order was cancelled, so it can no longer be paid." });
    expect((await run(action, post(`/pay/${cancelled.token}`, { email: "a@example.com" }), { token: cancelled.token })).status).toBe(409);

    const expired = await order(new Date(Date.now() - 31 * 60_000));
    const expiredPage = await run<LinkPage>(loader, get(`/pay/${expired.token}`), { token: expired.token });
    expect(expiredPage.body.closedMessage).toMatch(/hold has expired/);
    expect((await run(action, post(`/pay/${expired.token}`, { email: "a@example.com" }), { token: expired.token })).status).toBe(409);

    const unknown = "x".repeat(43);
    expect((await run(loader, get(`/pay/${unknown}`), { token: unknown })).status).toBe(404);
    expect((await run(loader, get("/pay/%3Cb%3E"), { token: "<b>" })).status).toBe(404);
    expect((await run(action, post(`/pay/${unknown}`, { email: "a@example.com" }), { token: unknown })).status).toBe(404);
  });
});
