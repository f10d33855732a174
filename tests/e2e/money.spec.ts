import crypto from "node:crypto";
import { plantVisit } from "./booking-db";
import { withE2eDb } from "./e2e-db";
import { expect, test } from "./fixtures";

// Money as its people meet it: a friend pays by link, the vendor declines, the friend reads the refund e-mail; and a
// vendor sees Pending move to Balance when a visit is completed. Orders are planted in the e2e database (a browser
// cannot make time pass), each on its own hour so the two projects never meet.

/** A visit planted by plantVisit; paid ones get the payment and the pending earnings a checkout would write. */
function plant(args: { daysFromNow: number; hour: number; status: "requested" | "confirmed"; paid: boolean }): { ref: string; token: string; total: number } {
  const visit = plantVisit({ daysFromNow: args.daysFromNow, lagosHour: args.hour, status: args.status, paidOnline: args.paid });
  if (args.paid) {
    withE2eDb((db) => {
      const now = new Date().toISOString();
      const fee = Math.round(visit.totalKobo / 10);
      const entry = db.prepare(
        "insert into ledger_entries (vendor_id, kind, amount_kobo, title, group_name, appointment_id, withdrawal_id, created_at, account) values (?, ?, ?, ?, ?, ?, null, ?, 'pending')",
      );
      entry.run(visit.vendorId, "earning", visit.totalKobo, visit.title, visit.groupName, visit.id, now);
      entry.run(visit.vendorId, "fee", -fee, `Platform fee: ${visit.title}`, visit.groupName, visit.id, now);
      db.prepare(
        "insert into payments (appointment_id, provider, reference, amount_kobo, status, payer_name, payer_email, created_at, updated_at, source) values (?, 'test', ?, ?, 'succeeded', null, 'customer@example.com', ?, ?, 'checkout')",
      ).run(visit.id, `glw-${crypto.randomBytes(12).toString("hex")}`, visit.totalKobo, now, now);
    });
  }
  return { ref: visit.ref, token: visit.token, total: visit.totalKobo };
}

const shot = (name: string, project: string) => ({ path: `test-results/money-${name}-${project}.png`, fullPage: true });
const naira = (text: string) => Number(text.replace(/[^\d.]/g, "")) * 100;

test("a friend pays by link, the vendor declines, and the friend gets the refund e-mail", async ({ page, signInAs }, info) => {
  const phone = info.project.name === "phone-no-js";
  const order = plant({ daysFromNow: phone ? 41 : 43, hour: 10, status: "requested", paid: false });
  const friend = `friend-${crypto.randomBytes(3).toString("hex")}@example.com`;

  // The booker sees by when the salon answers.
  await signInAs("customer@example.com");
  await page.goto(`/user/appointment?ref=${order.ref}#detail`);
  await expect(page.getByText(/Ronke's Beauty Lounge answers by [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (am|pm)/)).toBeVisible();
  await page.screenshot(shot("0-answers-by", info.project.name));
  await page.context().clearCookies();

  await page.goto(`/pay/${order.token}`);
  await page.getByLabel("Your name (optional)").fill("Auntie Funke");
  await page.getByLabel("Your e-mail").fill(friend);
  await page.getByRole("button", { name: /^Pay ₦/ }).click();
  await page.getByRole("button", { name: /test: succeeds/ }).click();
  await expect(page).toHaveURL(new RegExp(`/pay/${order.token}`));
  await page.screenshot(shot("1-friend-paid", info.project.name));

  await signInAs("vendor@example.com");
  await page.goto(`/vendor/appointment?tab=new&q=${order.ref}`);
  const row = page.getByRole("row").filter({ hasText: order.ref });
  await row.getByText("Decline", { exact: true }).click();
  await row.getByLabel(/Reason/).fill("Fully booked that day");
  await row.getByRole("button", { name: "Decline request" }).click();
  await expect(page.getByRole("status").getByText("Request declined. We've told the customer.")).toBeVisible();

  await page.goto("/dev/mail");
  const refund = page.getByText(`Refund: ₦${(order.total / 100).toLocaleString("en-NG")}`).first();
  await expect(refund).toBeVisible();
  await expect(page.getByText(friend).first()).toBeVisible();
  await page.screenshot(shot("2-refund-mail", info.project.name));

  // The booker's appointment says who was refunded and how.
  await signInAs("customer@example.com");
  await page.goto(`/user/appointment?tab=past&ref=${order.ref}#detail`);
  await expect(page.getByText(/was refunded to Auntie Funke \(who paid through your payment link\)/)).toBeVisible();
  await page.screenshot(shot("3-booker-sees-refund", info.project.name));
});

test("a vendor sees Pending move to Balance when a visit is completed", async ({ page, signInAs }, info) => {
  const phone = info.project.name === "phone-no-js";
  const order = plant({ daysFromNow: phone ? -3 : -4, hour: 16, status: "confirmed", paid: true });
  await signInAs("vendor@example.com");
  await page.goto("/vendor/finance");
  const figure = (label: string) =>
    page
      .locator(".stat")
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator(".stat__value");
  const pendingBefore = naira(await figure("Pending").innerText());
  const balanceBefore = naira(await figure("Balance").innerText());
  expect(pendingBefore).toBeGreaterThanOrEqual(order.total - Math.round(order.total / 10));
  await page.screenshot(shot("4-finance-before", info.project.name));

  await page.goto(`/vendor/appointment?tab=past&q=${order.ref}`);
  await page.getByRole("row").filter({ hasText: order.ref }).getByRole("button", { name: "Mark completed" }).click();
  await expect(page.getByRole("status").getByText("Marked completed.")).toBeVisible();

  await page.goto("/vendor/finance");
  const net = order.total - Math.round(order.total / 10);
  await expect(figure("Pending")).toHaveText(`₦${((pendingBefore - net) / 100).toLocaleString("en-NG")}`);
  await expect(figure("Balance")).toHaveText(`₦${((balanceBefore + net) / 100).toLocaleString("en-NG")}`);
  await page.screenshot(shot("5-finance-after", info.project.name));
});

test("a booker who paid online cancels and chooses AutoCredit: it is there at once", async ({ page, signInAs }, info) => {
  const phone = info.project.name === "phone-no-js";
  const order = plant({ daysFromNow: phone ? 45 : 47, hour: 12, status: "requested", paid: true });
  await signInAs("customer@example.com");
  await page.goto(`/user/appointment?ref=${order.ref}#detail`);
  const before = naira(
    await page
      .getByText(/^AutoCredit balance:/)
      .locator("strong")
      .innerText(),
  );
  await page.locator("summary", { hasText: "Cancel" }).click();
  await page.getByLabel("To my AutoCredit (instant)").check();
  await page.screenshot(shot("6-cancel-choice", info.project.name));
  await page.getByRole("button", { name: "Yes, cancel this appointment" }).click();
  await expect(page.getByRole("status").getByText("Your appointment is cancelled.")).toBeVisible();
  await expect(page.getByText(/was refunded to your AutoCredit/)).toBeVisible();
  expect(
    naira(
      await page
        .getByText(/^AutoCredit balance:/)
        .locator("strong")
        .innerText(),
    ),
  ).toBe(before + order.total);
  // It stays among the days to come, marked cancelled, not among the visits that happened.
  await expect(page.getByRole("link", { name: "Upcoming" })).toHaveAttribute("aria-current", "page");
  await expect(page.locator(".appt-card", { hasText: order.ref })).toContainText("Cancelled");
  await page.screenshot(shot("7-cancelled-to-credit", info.project.name));
});
