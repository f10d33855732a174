import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import crypto from "node:crypto";
import { plantVisit } from "./booking-db";
import { queryOne, withE2eDb } from "./e2e-db";

// Money that moves, in test mode, as its people meet it in both projects (a phone with JavaScript off, a desktop
// with it on; they share one server, so each uses its own account numbers): a vendor adds a bank account and sees the
// name the bank holds before confirming it; a withdrawal is paid, another is made to fail and comes back to the
// Balance; the operator approves an account whose name did not match; a payer checks a payment that says pending.

/** The newest six-digit code e-mailed to `to`, as the inbox shows it. */
function lastCode(to: string): string {
  const mail = queryOne<{ text: string }>("select text from outbox where to_address = ? order by id desc limit 1", to);
  return /code is (\d{6})/.exec(mail.text)![1]!;
}

async function enterCode(page: Page, code: string, button: string) {
  const boxes = page.getByRole("textbox", { name: /^Digit \d of 6$/ });
  await boxes.first().fill(code);
  if ((await boxes.nth(5).inputValue()) === "") for (let i = 0; i < 6; i++) await boxes.nth(i).fill(code[i]!);
  await page.getByRole("button", { name: button }).click();
}

async function balance(page: Page): Promise<number> {
  return Number((await page.locator(".withdraw__balance strong").innerText()).replace(/[^\d]/g, ""));
}

test("a vendor adds a bank account with the bank's name shown; the operator approves it; a withdrawal is paid and another fails and comes back", async ({
  page,
  signInAs,
}, info) => {
  const phone = info.project.name === "phone-no-js";
  await signInAs("vendor@example.com");
  await page.goto("/vendor/withdraw");
  await expect(page.getByText("Test mode: withdrawals go through Glow's built-in test provider")).toBeVisible();

  // Numbers starting 99 resolve, in test mode, to someone else's name: the account waits for the operator.
  const number = phone ? "9900000361" : "9900001280";
  await page.getByText("Add a bank account").click();
  await page.getByLabel("Bank", { exact: true }).selectOption("058");
  await page.getByLabel("Account number").fill(number);
  await page.getByLabel("Account holder's name").fill("Ronke Alabi");
  await page.getByRole("button", { name: "Save account" }).click();
  await expect(page).toHaveURL(/\/vendor\/withdraw\/account\?id=\d+$/);
  await expect(page.getByText("Your bank says this account belongs to TEST MODE OTHER PERSON.")).toBeVisible();
  await enterCode(page, lastCode("vendor@example.com"), "Confirm account");
  await expect(page).toHaveURL(/\/vendor\/withdraw$/);
  await expect(page.getByText(/so Glow's team checks it before you can withdraw to it/).first()).toBeVisible();
  const waiting = page.getByRole("region", { name: "Accounts waiting for approval" });
  await expect(waiting).toContainText(`••••${number.slice(-4)}`);

  // The operator approves it; the vendor can now choose it.
  await signInAs("admin@example.com");
  await page.goto("/admin/payouts");
  const item = page.locator(".withdrawals__item", { hasText: `••••${number.slice(-4)}` });
  await expect(item).toContainText("The bank says: TEST MODE OTHER PERSON");
  await item.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Approved. The vendor was e-mailed.")).toBeVisible();

  await signInAs("vendor@example.com");
  await page.goto("/vendor/withdraw");
  const before = await balance(page);
  await page.getByLabel("Amount (₦)").fill("2000");
  await page.locator(".accounts__choice", { hasText: `••••${number.slice(-4)}` }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/vendor\/withdraw\/verify\?id=\d+$/);
  await expect(page.getByText("transfer fee ₦10: your bank receives ₦1,990")).toBeVisible();
  await enterCode(page, lastCode("vendor@example.com"), "Verify");
  await expect(page).toHaveURL(/\/vendor\/withdraw$/);
  await expect(page.getByText("Withdrawal of ₦2,000 paid to your bank.")).toBeVisible();
  const newest = page.locator(".withdrawals__item").first();
  await expect(newest).toContainText("Paid");
  await expect(newest).toContainText(/Reference glow-withdrawal-\d{8} · Session ID for your bank: TEST\d+/);
  expect(await balance(page)).toBe(before - 2000);

  // The test control: the payout fails and the amount comes back, once.
  await newest.getByRole("button", { name: "Test: make it fail" }).click();
  await expect(page.getByText("Test payout failed: the amount is back in your balance.")).toBeVisible();
  await expect(page.locator(".withdrawals__item").first()).toContainText("Failed: returned to your balance");
  expect(await balance(page)).toBe(before);
  await expect(page.locator(".withdrawals__item").first().getByRole("button", { name: "Test: make it fail" })).toHaveCount(0);
  await page.screenshot({ path: `test-results/payouts-withdraw-${info.project.name}.png`, fullPage: true });

  await signInAs("admin@example.com");
  await page.goto("/admin/payouts?state=failed");
  await expect(page.getByRole("link", { name: /^Failed \(\d+\)$/ })).toHaveAttribute("aria-current", "page");
  await expect(page.locator(".withdrawals__item").first()).toContainText("made to fail in test mode");
});

test("a payer who says 'I paid but it says pending' checks the reference and reads what happens next, then sees it confirmed", async ({ page }, info) => {
  // An order of the demo customer whose payment was started at the test checkout and not completed yet.
  const visit = plantVisit({ daysFromNow: info.project.name === "phone-no-js" ? 47 : 49, lagosHour: 15, status: "requested" });
  const reference = `glw-${crypto.randomBytes(12).toString("hex")}`;
  withE2eDb((db) => {
    const now = new Date().toISOString();
    db.prepare(
      "insert into payments (appointment_id, provider, reference, amount_kobo, status, payer_name, payer_email, created_at, updated_at, source) values (?, 'test', ?, ?, 'pending', 'Tolu', 'tolu@example.com', ?, ?, 'link')",
    ).run(visit.id, reference, visit.totalKobo, now, now);
  });

  await page.goto("/payment/check");
  await page.getByLabel("Payment reference").fill("not-a-reference");
  await page.getByRole("button", { name: "Check my payment" }).click();
  await expect(page.getByText("That isn't a Glow payment reference.")).toBeVisible();

  await page.getByLabel("Payment reference").fill(reference);
  await page.getByRole("button", { name: "Check my payment" }).click();
  await expect(page.getByText("We haven't received this payment yet.")).toBeVisible();
  await expect(page.getByText(/your bank must send it back within 24 hours for a transfer, 72 hours for a card payment/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Ronke's Beauty Lounge" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^support@/ })).toBeVisible();
  await page.screenshot({ path: `test-results/payouts-check-${info.project.name}.png`, fullPage: true });

  // The payer completes it (at the test checkout, by bank transfer) and checks again.
  await page.goto(`/checkout/${reference}`);
  await page.getByRole("radio", { name: /Bank transfer/ }).check();
  // The checkout's answer first: going on at once cancelled its POST with JavaScript on (the payment stayed pending).
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/checkout/")),
    page.getByRole("button", { name: /test: succeeds/ }).click(),
  ]);
  await page.goto(`/payment/check?reference=${reference}`);
  await expect(page.getByText("Payment confirmed.")).toBeVisible();
  const row = queryOne<{ status: string; channel: string }>("select status, channel from payments where reference = ?", reference);
  expect(row).toEqual({ status: "succeeded", channel: "bank_transfer" });
});
