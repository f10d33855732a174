import { describe, expect, test } from "vitest";
import { choosePayToVendor } from "~/models/appointments/transitions.server";
import { appointmentByRef, createCustomer, featuredService, freshOpenDay, hold, mailsTo, vendorBySlug } from "../../../tests/booking";
import { cookieFor, firstError, get, post, run } from "../../../tests/booking-routes";
import { action, loader } from "./route";
import { getDb } from "~/db/db.server";

async function request(hour = 10) {
  const c = await createCustomer("Ireti");
  const service = await featuredService();
  const { ref } = await hold(c.id, service.id, freshOpenDay((await vendorBySlug()).open_days), hour);
  await choosePayToVendor(c.id, ref, null);
  return { customer: c, ref, id: (await appointmentByRef(ref)).id };
}

type Page = {
  tab: string;
  counts: Record<string, number>;
  rows: {
    id: number;
    ref: string;
    name: string;
    phone: string | null;
    address: string | null;
    payment: string;
    type: string;
    status: string;
    totalKobo: number;
    items: unknown[];
  }[];
  pageCount: number;
};

describe("/vendor/appointment", () => {
  test("only vendors: a customer gets 403, a visitor is sent to sign in", async () => {
    expect((await run(loader, get("/vendor/appointment", await cookieFor("customer@example.com")))).status).toBe(403);
    expect((await run(loader, get("/vendor/appointment"))).status).toBe(302);
    expect((await run(action, post("/vendor/appointment", { intent: "accept", id: "1" }, await cookieFor("customer@example.com")))).status).toBe(403);
  });

  test("tabs with real rows, the seeded four new requests among them; search by name", async () => {
    const cookie = await cookieFor("vendor@example.com");
    const seeded = await run<Page>(loader, get("/vendor/appointment", cookie));
    expect(seeded.body.tab).toBe("new");
    expect(seeded.body.counts.new).toBe(4);
    expect(seeded.body.counts.completed).toBeGreaterThan(30);
    const { ref } = await request();
    const page = await run<Page>(loader, get("/vendor/appointment?tab=new&q=ireti", cookie));
    expect(page.body.rows).toHaveLength(1);
    expect(page.body.rows[0]).toMatchObject({
      ref,
      name: "Ireti Test",
      type: "Salon",
      payment: "Pay at the appointment",
      status: "requested",
      totalKobo: 1_200_000,
    });
    expect(page.body.rows[0]!.items).toHaveLength(2);
    expect((await run<Page>(loader, get("/vendor/appointment?tab=bogus", cookie))).body.tab).toBe("new");
  });

  test("accept, then a second accept is refused; decline needs a reason; the customer is e-mailed", async () => {
    const cookie = await cookieFor("vendor@example.com");
    const { id, ref, customer } = await request(12);
    const accepted = await run(action, post("/vendor/appointment", { intent: "accept", id: String(id), back: "/vendor/appointment?tab=new" }, cookie));
    expect(accepted.status).toBe(303);
    expect(accepted.response!.headers.get("Location")).toBe("/vendor/appointment?tab=new");
    expect((await appointmentByRef(ref)).status).toBe("confirmed");
    expect((await mailsTo(customer.email)).at(-1)!.subject).toMatch(/^Confirmed:/);
    const again = await run(action, post("/vendor/appointment", { intent: "accept", id: String(id) }, cookie));
    expect(again.status).toBe(400);
    expect(firstError(again.body)).toBe("This appointment is already confirmed.");
    expect(firstError((await run(action, post("/vendor/appointment", { intent: "complete", id: String(id) }, cookie))).body)).toBe(
      "You can mark it completed once its time has come.",
    );

    const other = await request(15);
    const noReason = await run(action, post("/vendor/appointment", { intent: "decline", id: String(other.id), reason: "" }, cookie));
    expect(noReason.status).toBe(400);
    expect(firstError(noReason.body)).toBe("Please give the customer a reason.");
    expect((await run(action, post("/vendor/appointment", { intent: "decline", id: String(other.id), reason: "Fully booked" }, cookie))).status).toBe(303);
    expect((await appointmentByRef(other.ref)).status).toBe("declined");
    const cancel = await run(action, post("/vendor/appointment", { intent: "cancel", id: String(id), reason: "Stylist is ill" }, cookie));
    expect(cancel.status).toBe(303);
    expect(await appointmentByRef(ref)).toMatchObject({ status: "cancelled", status_reason: "Stylist is ill" });
    expect((await run(action, post("/vendor/appointment", { intent: "explode", id: String(id) }, cookie))).status).toBe(400);
  });

  test("a second vendor can neither see nor act on the first vendor's appointments", async () => {
    const { id, ref } = await request(16);
    const other = await vendorBySlug("kunle-cuts");
    const cookie = await cookieFor(other.email);
    for (const tab of ["new", "upcoming", "past", "completed", "canceled"]) {
      const page = await run<Page>(loader, get(`/vendor/appointment?tab=${tab}&q=${ref}`, cookie));
      expect(page.body.rows).toEqual([]);
    }
    for (const intent of ["accept", "decline", "complete", "no_show", "cancel"]) {
      const forged = await run(action, post("/vendor/appointment", { intent, id: String(id), reason: "Taking it over" }, cookie));
      expect(forged.status).toBe(404);
      expect(firstError(forged.body)).toBe("We couldn't find that appointment.");
    }
    expect((await appointmentByRef(ref)).status).toBe("requested");
  });

  // Found by tests/e2e/hostile.spec.ts on PostgreSQL: an id beyond an integer column, and a NUL in the search,
  // reached the database, which answered with an error (a 500).
  test("an id beyond any row and a NUL in the search are refused or ignored, not errors", async () => {
    const cookie = await cookieFor("vendor@example.com");
    for (const id of ["2147483648", "9007199254740991"]) {
      const outcome = await run(action, post("/vendor/appointment", { intent: "accept", id }, cookie));
      expect(outcome.status).toBe(400);
    }
    const page = await run<Page>(loader, get(`/vendor/appointment?tab=new&q=${encodeURIComponent("Ire\u0000ti")}`, cookie));
    expect(page.status).toBe(200);
  });

  test("what the salon needs: the customer's phone, the address only for a home visit, the payment as a column", async () => {
    const cookie = await cookieFor("vendor@example.com");
    const { customer, ref, id } = await request(11);
    const db = await getDb();
    await db.updateTable("users").set({ phone: "+2348031234567" }).where("id", "=", customer.id).execute();
    const salon = await run<Page>(loader, get(`/vendor/appointment?tab=new&q=${ref}`, cookie));
    expect(salon.body.rows[0]).toMatchObject({ ref, phone: "+2348031234567", address: null, payment: "Pay at the appointment" });
    // The same booking as a home visit shows where to go.
    await db.updateTable("appointments").set({ location_type: "home", location_address: "7 Adeniran Ogunsanya, Surulere" }).where("id", "=", id).execute();
    const home = await run<Page>(loader, get(`/vendor/appointment?tab=new&q=${ref}`, cookie));
    expect(home.body.rows[0]).toMatchObject({ type: "Home service", address: "7 Adeniran Ogunsanya, Surulere" });
  });

  test("a search looks through every tab: each tab counts its matches, so a declined request is found under Canceled", async () => {
    const cookie = await cookieFor("vendor@example.com");
    const { ref, id } = await request(13);
    expect((await run(action, post("/vendor/appointment", { intent: "decline", id: String(id), reason: "Fully booked" }, cookie))).status).toBe(303);
    const page = await run<Page>(loader, get(`/vendor/appointment?tab=new&q=${ref}`, cookie));
    expect(page.body.rows).toEqual([]);
    expect(page.body.counts).toEqual({ new: 0, upcoming: 0, past: 0, completed: 0, canceled: 1 });
    const canceled = await run<Page>(loader, get(`/vendor/appointment?tab=canceled&q=${ref}`, cookie));
    expect(canceled.body.rows.map((r) => r.ref)).toEqual([ref]);
  });

  test("the pager knows how many pages a tab has", async () => {
    const cookie = await cookieFor("vendor@example.com");
    const completed = await run<Page>(loader, get("/vendor/appointment?tab=completed", cookie));
    expect(completed.body.counts.completed).toBeGreaterThan(20);
    expect(completed.body.pageCount).toBe(Math.ceil(completed.body.counts.completed! / 20));
  });
});
