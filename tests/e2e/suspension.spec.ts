import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { addCookieHeader, expect, freshContext, signIn, test } from "./fixtures";
import { queryOne } from "./e2e-db";
import { buyerWithGiftCard } from "./gift-db";

// A vendor suspended by Glow's admin and the suspension lifted (docs/decisions/037-vendor-suspension.md), as its
// people meet it: the admin finds the salon by its owner's e-mail, confirms with a reason; the salon's page answers
// 404 to a visitor who saw it a moment before (the page cache must not keep it), the gift card bought there is
// refunded on its buyer's My gifts, the vendor signs in and reads why; the admin lifts it and the page is back. On
// the phone without JavaScript and on the desktop with it.

const shot = (name: string, project: string) => ({ path: `test-results/suspension-${name}-${project}.png`, fullPage: true });

/** As tests/e2e/a11y.spec.ts runs it, for a page with JavaScript (the desktop project). */
async function axe(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .disableRules(["region"])
    .options({ resultTypes: ["violations"] })
    .analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test("the admin suspends a salon: its page answers 404, its gift card is refunded, the vendor sees why; lifted, it is back", async ({
  page,
  browser,
  baseURL,
  ownService,
  signInAs,
}, info) => {
  const { serviceId, vendorEmail } = ownService;
  const { id: vendorId, name } = queryOne<{ id: number; name: string }>(
    "select v.id, v.business_name as name from services s join vendors v on v.id = s.vendor_id where s.id = ?",
    serviceId,
  );
  const buyer = buyerWithGiftCard(`suspend-${info.project.name}`, serviceId);

  const visitorContext = await freshContext(browser, info, baseURL!);
  const visitor = await visitorContext.newPage();
  expect((await visitor.goto(`/profile/vendor/${vendorId}`))!.status()).toBe(200);
  expect((await visitor.goto(`/details/${serviceId}`))!.status()).toBe(200);

  await signInAs("admin@example.com");
  await page.goto("/admin/services");
  await page.getByRole("navigation", { name: "Admin pages" }).getByRole("link", { name: "Vendors" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vendors");
  await page.getByLabel("Business name or owner’s e-mail").fill(vendorEmail.toUpperCase());
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByRole("row").filter({ hasText: vendorEmail });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Active");
  await row.getByRole("link", { name: `Suspend ${name}` }).click();

  const confirm = page.getByRole("form", { name: `Suspend ${name}?` });
  await expect(confirm).toContainText("No visits are booked ahead.");
  await expect(confirm).toContainText("1 gift with a balance will be refunded to whoever paid for it.");
  await confirm.getByLabel("Reason (the vendor reads it)").fill("Several customers reported that the salon asked them to pay outside Glow.");
  await axe(page);
  await page.screenshot(shot("1-confirm", info.project.name));
  await confirm.getByRole("button", { name: `Suspend ${name}` }).click();
  await expect(page.getByRole("status").getByText(`${name} is suspended: 0 visits cancelled and refunded, 1 gift refunded to their payers.`)).toBeVisible();
  await expect(row).toContainText("Suspended since");
  await page.screenshot(shot("2-suspended", info.project.name));

  // The visitor who saw the salon a moment ago: not found, both pages.
  expect((await visitor.goto(`/profile/vendor/${vendorId}`))!.status()).toBe(404);
  expect((await visitor.goto(`/details/${serviceId}`))!.status()).toBe(404);

  // The buyer's gift card went back to them.
  const buyerContext = await freshContext(browser, info, baseURL!);
  await addCookieHeader(buyerContext, buyer.cookie, baseURL!);
  const buyerPage = await buyerContext.newPage();
  await buyerPage.goto("/user/gifts");
  const gift = buyerPage.getByRole("listitem").filter({ hasText: `₦10,000 gift card at ${name}` });
  await expect(gift).toContainText("Refunded");
  await expect(gift.getByText(/^Balance/).locator("..")).toContainText("₦0");
  await buyerContext.close();

  // The vendor signs in and reads why, on every page of the dashboard.
  const vendorContext = await freshContext(browser, info, baseURL!);
  await signIn(vendorContext, vendorEmail, baseURL!);
  const vendorPage = await vendorContext.newPage();
  await vendorPage.goto("/vendor/finance");
  const banner = vendorPage.getByRole("region", { name: "Your business is suspended on Glow" });
  await expect(banner).toContainText("The reason: Several customers reported that the salon asked them to pay outside Glow.");
  await expect(banner).toContainText("withdrawals are held");
  await axe(vendorPage);
  await vendorPage.screenshot(shot("3-vendor-banner", info.project.name));
  // Withdraw says the money is held before anything is filled in, and offers no Continue.
  await vendorPage.goto("/vendor/withdraw");
  const held = vendorPage.getByRole("note").filter({ hasText: "Withdrawals are held while your business is suspended on Glow." });
  await expect(held).toBeVisible();
  await expect(vendorPage.getByRole("button", { name: "Continue" })).toBeDisabled();
  await axe(vendorPage);

  // Lifted: the salon is back for everyone, and the banner is gone.
  await row.getByRole("button", { name: `Lift the suspension of ${name}` }).click();
  await expect(page.getByRole("status").getByText(`${name}'s suspension is lifted: it is listed and takes bookings again.`)).toBeVisible();
  await expect(row).toContainText("Active");
  expect((await visitor.goto(`/profile/vendor/${vendorId}`))!.status()).toBe(200);
  expect((await visitor.goto(`/details/${serviceId}`))!.status()).toBe(200);
  await vendorPage.reload();
  await expect(vendorPage.getByRole("region", { name: "Your business is suspended on Glow" })).toHaveCount(0);
  await expect(held).toHaveCount(0);
  await vendorContext.close();
  await visitorContext.close();
});
