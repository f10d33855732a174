import crypto from "node:crypto";
import { customerSession, featuredServiceId } from "./booking-db";
import { withE2eDb } from "./e2e-db";
import { addCookieHeader, demoEmails, expect, test } from "./fixtures";

// A refused form shows its message where the person is looking: the answer page focuses its error summary, which
// brings it into view on a phone (the HTML autofocus attribute without JavaScript; with JavaScript focus moves to it).

/** A Tuesday about six weeks out (Lagos): the demo vendor is open and no other spec books it. */
function quietDay(weeks: number): string {
  const d = new Date(Date.now() + 60 * 60_000 + weeks * 7 * 86_400_000);
  while (d.getUTCDay() !== 2) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function takeSlot(serviceId: number, day: string, hourUtc: number): void {
  withE2eDb((db) => {
    const s = db.prepare("select vendor_id, price_kobo from services where id = ?").get(serviceId) as { vendor_id: number; price_kobo: number };
    const other = db.prepare("select id from users where role = 'customer' and email != ? order by id limit 1").get(demoEmails.customer) as { id: number };
    const start = `${day}T${String(hourUtc).padStart(2, "0")}:00:00.000Z`;
    const end = `${day}T${String(hourUtc + 2).padStart(2, "0")}:00:00.000Z`;
    const now = new Date().toISOString();
    db.prepare(
      `insert into appointments (ref, customer_id, vendor_id, service_id, starts_at, ends_at, status, payment_status, payment_method, total_kobo, comment, pay_token, hold_expires_at, paid_by_name, paid_at, status_reason, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, 'confirmed', 'unpaid', 'vendor', ?, null, ?, null, null, null, null, ?, ?)`,
    ).run(
      `GLW-${crypto.randomBytes(3).toString("hex").toUpperCase()}`,
      other.id,
      s.vendor_id,
      serviceId,
      start,
      end,
      s.price_kobo,
      crypto.randomBytes(24).toString("base64url"),
      now,
      now,
    );
  });
}

test("the loser of a booking race sees 'That time was just taken' in view", async ({ page, context, baseURL }, info) => {
  const js = info.project.name !== "phone-no-js";
  await addCookieHeader(context, customerSession(`refusal-${info.project.name}`), baseURL!);
  const serviceId = featuredServiceId();
  const day = quietDay(js ? 6 : 7);
  await page.goto(`/booking?service=${serviceId}&date=${day}&time=11`);
  await expect(page.getByRole("button", { name: "Book Now" })).toBeEnabled();
  takeSlot(serviceId, day, 10); // 11:00 Lagos, taken by someone else meanwhile
  await page.getByRole("button", { name: "Book Now" }).click();
  const summary = page.locator("#error-summary");
  await expect(summary).toContainText(/That time was just taken|already booked/);
  await expect(summary).toBeInViewport();
  await expect(summary).toBeFocused();
});

test("a refused vendor profile shows its message in view", async ({ page, signInAs }, info) => {
  const js = info.project.name !== "phone-no-js";
  await signInAs(demoEmails.vendor);
  await page.goto("/vendor/profile?edit=1");
  const phone = page.getByLabel("Mobile number", { exact: false }).first();
  await phone.fill("123");
  await page.locator("form.form").evaluate((f: HTMLFormElement) => f.setAttribute("novalidate", ""));
  await page.getByRole("button", { name: /Save/ }).first().click();
  if (js) {
    // The same schema checks it in the browser: focus moves to the field, its message right below it.
    await expect(phone).toBeFocused();
    await expect(page.locator(".field__error").first()).toBeInViewport();
  } else {
    const summary = page.locator("#error-summary");
    await expect(summary).toBeVisible();
    await expect(summary).toBeInViewport();
    await expect(summary).toBeFocused();
  }
});
