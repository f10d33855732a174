import crypto from "node:crypto";
import { withE2eDb } from "./e2e-db";
import { expect, test } from "./fixtures";

// The vendor completes an appointment of the demo customer once its time has come.
// The appointment is planted in the e2e database (a confirmed booking from a few days ago), since time cannot be
// made to pass in a browser test.

function plantPastConfirmed(daysAgo: number): string {
  return withE2eDb((db) => {
    const vendor = db.prepare("select v.id from vendors v join users u on u.id = v.user_id where u.email = 'vendor@example.com'").get() as { id: number };
    const customer = db.prepare("select id from users where email = 'customer@example.com'").get() as { id: number };
    const service = db.prepare("select id, title, price_kobo from services where vendor_id = ? and status = 'active' order by id limit 1").get(vendor.id) as { id: number; title: string; price_kobo: number };
    const ref = `GLW-E2E${crypto.randomBytes(3).toString("hex").toUpperCase()}`;
    const start = new Date(Date.now() - daysAgo * 86_400_000);
    start.setUTCHours(17, 0, 0, 0); // 6:00 pm in Lagos
    const end = new Date(start.getTime() + 3_600_000);
    const now = new Date().toISOString();
    const { lastInsertRowid } = db
      .prepare(
        `insert into appointments (ref, customer_id, vendor_id, service_id, starts_at, ends_at, status, payment_status, payment_method, total_kobo, comment, pay_token, hold_expires_at, paid_by_name, paid_at, status_reason, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, 'confirmed', 'unpaid', 'vendor', ?, null, ?, null, null, null, null, ?, ?)`,
      )
      .run(ref, customer.id, vendor.id, service.id, start.toISOString(), end.toISOString(), service.price_kobo, crypto.randomBytes(24).toString("base64url"), now, now);
    db.prepare("insert into appointment_items (appointment_id, kind, name, price_kobo) values (?, 'service', ?, ?)").run(lastInsertRowid, service.title, service.price_kobo);
    return ref;
  });
}

test("the vendor marks the demo customer's past appointment completed; it moves to Completed", async ({ page, signInAs }, info) => {
  const ref = plantPastConfirmed(info.project.name === "phone-no-js" ? 3 : 4);
  await signInAs("vendor@example.com");
  await page.goto(`/vendor/appointment?tab=past&q=${ref}`);
  const row = page.getByRole("row", { name: /Tolu Adebayo/ }).filter({ hasText: ref });
  await row.getByRole("button", { name: "Mark completed" }).click();
  await expect(page.getByRole("status").getByText("Marked completed.")).toBeVisible();

  await page.goto(`/vendor/appointment?tab=completed&q=${ref}`);
  await expect(page.getByRole("row", { name: /Tolu Adebayo/ }).filter({ hasText: ref })).toBeVisible();
  // A second completion is refused: the button is gone and the state holds.
  await page.goto(`/vendor/appointment?tab=past&q=${ref}`);
  await expect(page.getByRole("button", { name: "Mark completed" })).toHaveCount(0);
});
