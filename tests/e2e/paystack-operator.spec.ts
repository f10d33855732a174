import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, signIn, test } from "./fixtures";
import { startApp, stopApp, type App } from "./app-process";
import { plantVisit } from "./booking-db";
import { e2eDataDir, useE2eData } from "./e2e-db";
import { startFakePaystack, type FakePaystack } from "../fake-paystack";

// Paystack mode as its people meet it, against the local fake Paystack: a friend pays a booking's link, the bank
// transfer brings less than was asked, the payer checks the payment and reads that it was not applied, and the
// operator finds it on /admin/payouts, reads Paystack's view beside Glow's with the amount marked, and refunds it to
// the payer, once. The app runs in a process of its own (Paystack keys, no background work), on its own data folder.

const SECRET = `sk_test_operator_${"0".repeat(24)}`;
let fake: FakePaystack;
let app: App;
let dataDir: string;

test.beforeAll(async ({}, info) => {
  fake = await startFakePaystack(SECRET);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "glow-operator-"));
  // Ports E2E_PORT + 25 and + 26: one per browser project, beside the other specs' own servers (fixtures.ts).
  const port = Number(process.env.E2E_PORT ?? 3100) + (info.project.name === "phone-no-js" ? 25 : 26);
  app = await startApp(port, {
    DATABASE_URL: `file:${path.join(dataDir, "glow.sqlite")}`,
    PAYSTACK_SECRET_KEY: SECRET,
    PAYSTACK_API_URL: fake.url,
    BACKGROUND_WORK: "off",
    RATE_LIMIT_FACTOR: "50",
    NODE_OPTIONS: "",
  });
});

test.afterAll(async () => {
  await stopApp(app);
  await fake?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `fn` against the database of this file's own app instead of the worker's e2e server's. */
function onOwnApp<T>(fn: () => T): T {
  const worker = e2eDataDir();
  useE2eData(dataDir);
  try {
    return fn();
  } finally {
    useE2eData(worker);
  }
}

test("a link payer's transfer of the wrong amount: the payer is told it was not applied; the operator compares it with Paystack's view and refunds it once", async ({
  browser,
}, info) => {
  const { viewport, javaScriptEnabled } = info.project.use;
  const visit = onOwnApp(() => plantVisit({ daysFromNow: 5, lagosHour: 11, status: "requested" }));

  const payer = await browser.newContext({ viewport, javaScriptEnabled, baseURL: app.url });
  const page = await payer.newPage();
  await page.goto(`/pay/${visit.token}`);
  await page.getByLabel("Your e-mail").fill("amaka.friend@gmail.com");
  // Sent on to Paystack's checkout (the fake has no page there: its address is enough).
  await Promise.all([page.waitForURL((u) => u.href.startsWith(`${fake.url}/pay/`)), page.getByRole("button", { name: /^Pay ₦/ }).click()]);
  const reference = new URL(page.url()).pathname.split("/").pop()!;
  expect(fake.transactions.get(reference)?.channels).toEqual(["card", "bank_transfer", "ussd"]);

  // The transfer lands short: ₦1,000 where the booking asked for more.
  fake.pay(reference, "success", "bank_transfer");
  fake.transactions.get(reference)!.amount = 100_000;
  await page.goto(`/payment/check?reference=${reference}`);
  await expect(page.getByText("The amount paid did not match the booking")).toBeVisible();
  await page.screenshot({ path: `test-results/operator-payer-${info.project.name}.png`, fullPage: true });
  await payer.close();

  const operator = await browser.newContext({ viewport, javaScriptEnabled, baseURL: app.url });
  await onOwnApp(() => signIn(operator, "admin@example.com", app.url));
  const admin = await operator.newPage();
  await admin.goto("/admin/payouts");
  await admin.getByRole("link", { name: reference }).click();
  const compared = admin.locator(".provider-view table");
  await expect(compared.locator("caption")).toContainText("Glow and Paystack on this payment: 1 difference. Paid by bank transfer.");
  await expect(compared.getByRole("row", { name: /Amount \(differs\)/ })).toContainText("₦1,000");
  await expect(compared.getByRole("row", { name: /^Status/ })).not.toContainText("(differs)");
  // Every value is readable without scrolling the table sideways, on a phone too.
  expect(await compared.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBe(0);
  await admin.screenshot({ path: `test-results/operator-compare-${info.project.name}.png`, fullPage: true });

  // A second operator's tab, opened on the same payment before the refund.
  const other = await operator.newPage();
  await other.goto(admin.url());

  await admin.getByRole("button", { name: "Refund all of it to the payer" }).click();
  await expect(admin.getByText("Refunded ₦1,000 to the payer, who was e-mailed.")).toBeVisible();
  await expect(admin.getByText(/^Refunded to the payer: /)).toBeVisible();
  await expect(admin.getByRole("button", { name: "Refund all of it to the payer" })).toHaveCount(0);
  await admin.screenshot({ path: `test-results/operator-refunded-${info.project.name}.png`, fullPage: true });

  // The other tab's click sends nothing more: one refund at Paystack, of what was paid.
  await other.getByRole("button", { name: "Refund all of it to the payer" }).click();
  await expect(other.getByText("This payment was already refunded; nothing more was sent.")).toBeVisible();
  expect(fake.refunds.filter((r) => r.reference === reference)).toEqual([expect.objectContaining({ amount: 100_000 })]);
  await operator.close();
});
