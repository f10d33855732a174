import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { appointmentByRef, createCustomer, featuredService, freshOpenDay, newKey, vendorBySlug } from "../../../tests/booking";
import { cookieFor, firstError, post, run } from "../../../tests/booking-routes";
import { plantPromo, promoUses } from "../../../tests/promos";
import { action } from "./route";

// A promo code at Book Now, through the booking form's action (docs/domain.md, "Promo codes"): "Apply" shows the
// code and takes nothing; Book Now takes a use under the salon's lock, whatever totals or discounts are forged;
// twenty customers racing for a code's last use, on SQLite and PostgreSQL alike.

const SERVICE = 750_000; // ₦7,500 braids
const TOTAL = 1_200_000; // + ₦4,500 required extensions

async function customer() {
  const c = await createCustomer();
  return { ...c, cookie: await cookieFor(c.email) };
}

const send = (cookie: string, fields: Record<string, string | string[]>) => run(action, post("/booking", fields, cookie));
const orderOf = (answer: { response?: Response }) => new URL(answer.response!.headers.get("Location")!, "http://x").searchParams.get("order")!;

describe(`promo codes at Book Now (${getDialect()})`, () => {
  test("Apply shows the code and takes no use; Book Now takes one and ignores forged totals and discounts", async () => {
    const vendor = await vendorBySlug();
    const service = await featuredService();
    const promo = await plantPromo(vendor.id, { percentOff: 20 });
    const { cookie, id } = await customer();
    const forged = { total: "1", total_kobo: "1", promo_kobo: "99999999", discount: "12000", percent_off: "100" };
    const base = { service: String(service.id), date: freshOpenDay(vendor.open_days), time: "10", key: newKey(), ...forged };

    const applied = await send(cookie, { ...base, time: "", intent: "promo", promo: ` ${promo.code.toLowerCase()} ` });
    expect(applied.status).toBe(200);
    expect(applied.body.promo).toEqual({ code: promo.code, percentOff: 20, amountOffKobo: null });
    expect(firstError(applied.body)).toBeUndefined();
    expect((await promoUses(promo.id)).taken).toBe(0);

    const booked = await send(cookie, { ...base, promo: promo.code });
    expect(booked.status).toBe(303);
    expect(await appointmentByRef(orderOf(booked))).toMatchObject({
      customer_id: id,
      total_kobo: TOTAL - SERVICE / 5,
      promo_kobo: SERVICE / 5,
      promo_code: promo.code,
      status: "held",
    });
    expect(await promoUses(promo.id)).toEqual({ taken: 1, uses: ["taken"] });
  });

  test("a code that does not apply: its message beside the promo field, a 4xx, nothing booked", async () => {
    const vendor = await vendorBySlug();
    const service = await featuredService();
    const used = await plantPromo(vendor.id, { maxUses: 1 });
    await send((await customer()).cookie, { service: String(service.id), date: freshOpenDay(vendor.open_days), time: "10", key: newKey(), promo: used.code });
    const { cookie, id } = await customer();
    const fields = { service: String(service.id), date: freshOpenDay(vendor.open_days), time: "10", key: newKey() };
    const apply = await send(cookie, { ...fields, intent: "promo", promo: used.code });
    expect(apply.status).toBe(400);
    expect((apply.body as { result: { error: Record<string, string[]> } }).result.error.promo).toEqual([`${used.code} has been used up.`]);
    const book = await send(cookie, { ...fields, promo: used.code });
    expect(book.status).toBe(400);
    expect((book.body as { result: { error: Record<string, string[]> } }).result.error.promo).toEqual([`${used.code} has been used up.`]);
    const unknown = await send(cookie, { ...fields, promo: "NOPE123" });
    expect(unknown.status).toBe(404);
    expect(firstError(unknown.body)).toBe("We couldn't find the promo code NOPE123 at Ronke's Beauty Lounge. Check it and try again.");
    const db = await getDb();
    expect(await db.selectFrom("appointments").select("id").where("customer_id", "=", id).execute()).toEqual([]);
  });

  test("twenty customers take the last use of a code at once: exactly one gets it, the others are told it is used up", async () => {
    const vendor = await vendorBySlug();
    const service = await featuredService();
    const promo = await plantPromo(vendor.id, { maxUses: 1 });
    const people = await Promise.all(Array.from({ length: 20 }, () => customer()));
    // Each books a time of their own, so the code's last use is the only thing they race for.
    const days = Array.from({ length: 10 }, () => freshOpenDay(vendor.open_days));
    const results = await Promise.all(
      people.map((p, i) => send(p.cookie, { service: String(service.id), date: days[i % 10]!, time: i < 10 ? "10" : "13", key: newKey(), promo: promo.code })),
    );
    expect(results.filter((r) => r.status === 303)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 303);
    expect(refused.map((r) => r.status)).toEqual(Array(19).fill(400));
    for (const r of refused) expect(firstError(r.body)).toBe(`${promo.code} has been used up.`);
    expect(await promoUses(promo.id)).toEqual({ taken: 1, uses: ["taken"] });
    const db = await getDb();
    const booked = await db.selectFrom("appointments").select("promo_kobo").where("promo_code", "=", promo.code).execute();
    expect(booked).toEqual([{ promo_kobo: SERVICE / 10 }]);
  });
});
