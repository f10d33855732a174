import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { addCredit } from "~/models/money/auto-credit.server";
import { loader as rootLoader } from "~/root";
import { appointmentByRef, createCustomer, featuredService, freshOpenDay, hold, ledgerOf, vendorBySlug } from "../../../tests/booking";
import { cookieFor, firstError, get, post, run } from "../../../tests/booking-routes";
import { cookiesFrom } from "../../../tests/request";
import { action as checkoutAction, loader as checkoutLoader } from "../checkout.$reference";
import { loader as returnLoader } from "../payment.return";
import { action, loader } from "./route";

async function heldOrder(now?: Date) {
  const c = await createCustomer("Femi");
  const service = await featuredService();
  const { ref } = await hold(c.id, service.id, freshOpenDay((await vendorBySlug()).open_days), 11, now);
  return { ...c, cookie: await cookieFor(c.email), ref };
}

async function toastOf(response: Response) {
  const result = (await rootLoader({ request: get("/", cookiesFrom(response)), params: {}, context: {} })) as unknown as {
    data: { toast?: { type: string; message: string } };
  };
  return result.data.toast;
}

describe("/payment (step 2 of 2)", () => {
  test("shows the order, the AutoCredit balance and why it is unavailable, and the shareable link", async () => {
    const { cookie, ref } = await heldOrder();
    const { status, body } = await run<{
      order: { ref: string; totalKobo: number };
      balanceKobo: number;
      shortfall: string | null;
      payLink: string;
      testMode: boolean;
    }>(loader, get(`/payment?order=${ref}`, cookie));
    expect(status).toBe(200);
    expect(body.order).toMatchObject({ ref, totalKobo: 1_200_000 });
    expect(body.balanceKobo).toBe(0);
    expect(body.shortfall).toBe("Your AutoCredit balance (₦0) is less than the total (₦12,000).");
    expect(body.payLink).toMatch(/^http:\/\/localhost:3000\/pay\/[\w-]{40,}$/);
    expect(body.testMode).toBe(true);
  });

  test("an order of someone else is refused, by link and by forged POST", async () => {
    const { ref } = await heldOrder();
    const intruder = await createCustomer();
    const cookie = await cookieFor(intruder.email);
    expect((await run(loader, get(`/payment?order=${ref}`, cookie))).status).toBe(404);
    const forged = await run(action, post("/payment", { order: ref, method: "vendor" }, cookie));
    expect(forged.status).toBe(404);
    expect((await appointmentByRef(ref)).status).toBe("held");
    expect((await run(loader, get("/payment?order=<script>", cookie))).status).toBe(400);
  });

  test("AutoCredit short: refused with the reason; with enough credit it pays at once", async () => {
    const { cookie, ref, id } = await heldOrder();
    const short = await run(action, post("/payment", { order: ref, method: "credit" }, cookie));
    expect(short.status).toBe(400);
    expect(firstError(short.body)).toBe("Your AutoCredit balance (₦0) is less than the total (₦12,000).");
    expect((await appointmentByRef(ref)).payment_status).toBe("unpaid");

    await addCredit(await getDb(), { userId: id, amountKobo: 1_200_000, reason: "Refund" });
    const paid = await run(action, post("/payment", { order: ref, method: "credit", comment: "Thanks" }, cookie));
    expect(paid.status).toBe(303);
    expect(paid.response!.headers.get("Location")).toBe(`/user/appointment?ref=${ref}`);
    expect(await appointmentByRef(ref)).toMatchObject({ status: "requested", payment_status: "paid", comment: "Thanks" });
  });

  test("Pay to vendor: the booking goes to the vendor as a request, unpaid", async () => {
    const { cookie, ref } = await heldOrder();
    const { status } = await run(action, post("/payment", { order: ref, method: "vendor", comment: "Black braids please" }, cookie));
    expect(status).toBe(303);
    expect(await appointmentByRef(ref)).toMatchObject({
      status: "requested",
      payment_method: "vendor",
      payment_status: "unpaid",
      comment: "Black braids please",
    });
    // Step 2 is done: coming back to it shows the appointment instead.
    const again = await run(loader, get(`/payment?order=${ref}`, cookie));
    expect(again.response!.headers.get("Location")).toBe(`/user/appointment?ref=${ref}`);
  });

  test("pay online now: the TEST MODE checkout, success, and back to the appointment with a toast", async () => {
    const { cookie, ref } = await heldOrder();
    const started = await run(action, post("/payment", { order: ref, method: "online" }, cookie));
    expect(started.status).toBe(303);
    const checkoutUrl = started.response!.headers.get("Location")!;
    const reference = checkoutUrl.replace("/checkout/", "");
    const page = await run<{ status: string; amountKobo: number }>(checkoutLoader, get(checkoutUrl), { reference });
    expect(page.body).toMatchObject({ status: "pending", amountKobo: 1_200_000 });

    const paid = await run(checkoutAction, post(checkoutUrl, { intent: "succeed" }), { reference });
    expect(paid.response!.headers.get("Location")).toBe(`/payment/return?reference=${reference}`);
    const back = await run(returnLoader, get(`/payment/return?reference=${reference}`));
    expect(back.response!.headers.get("Location")).toBe(`/user/appointment?ref=${ref}`);
    expect(await toastOf(back.response!)).toMatchObject({ type: "success", message: "Payment received: ₦12,000. Thank you!" });
    const order = await appointmentByRef(ref);
    expect(order).toMatchObject({ status: "requested", payment_status: "paid", payment_method: "online" });
    expect((await ledgerOf(order.id)).map((e) => e.kind)).toEqual(["earning", "fee"]);
  });

  test("a failed test payment takes nothing and sends the customer back to step 2", async () => {
    const { cookie, ref } = await heldOrder();
    const started = await run(action, post("/payment", { order: ref, method: "online" }, cookie));
    const reference = started.response!.headers.get("Location")!.replace("/checkout/", "");
    await run(checkoutAction, post(`/checkout/${reference}`, { intent: "fail" }), { reference });
    const back = await run(returnLoader, get(`/payment/return?reference=${reference}`));
    expect(back.response!.headers.get("Location")).toBe(`/payment?order=${ref}`);
    expect(await toastOf(back.response!)).toMatchObject({ type: "error", message: "The payment did not go through. No money was taken." });
    expect((await appointmentByRef(ref)).payment_status).toBe("unpaid");
    expect((await run(checkoutAction, post(`/checkout/${reference}`, { intent: "maybe" }), { reference })).status).toBe(400);
    expect((await run(checkoutLoader, get("/checkout/glw-nope"), { reference: "glw-nope" })).status).toBe(404);
  });

  test("an expired hold: the page says so and paying is refused clearly", async () => {
    const { cookie, ref } = await heldOrder(new Date(Date.now() - 31 * 60_000));
    const page = await run<{ order: { status: string } }>(loader, get(`/payment?order=${ref}`, cookie));
    expect(page.body.order.status).toBe("expired");
    for (const method of ["online", "vendor"]) {
      const refused = await run(action, post("/payment", { order: ref, method }, cookie));
      expect(refused.status).toBe(400);
      expect(firstError(refused.body)).toBe("We held this time for 30 minutes and the hold has expired, so it can no longer be paid. Please book again.");
    }
  });
});
