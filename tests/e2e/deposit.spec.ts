import { expect, freshContext, signIn, test } from "./fixtures";

// A vendor of this test's own asks for a 20 % deposit and a Strict policy; a customer of its own books with "Pay to
// vendor", pays the deposit through the test checkout, and sees what is left to pay at the visit. Both projects:
// a 360px phone with JavaScript off and a 1280px desktop with it on.

const naira = (kobo: number) => `₦${(kobo / 100).toLocaleString("en-NG", { maximumFractionDigits: 2 })}`;

test("a 20 % deposit: Pay to vendor pays the deposit online, the rest at the visit; the policy keeps it", async ({
  page,
  browser,
  ownCustomer,
  ownService,
  baseURL,
}, info) => {
  void ownCustomer;
  const vendor = await freshContext(browser, info, baseURL!);
  await signIn(vendor, ownService.vendorEmail, baseURL!);
  const vendorPage = await vendor.newPage();
  await vendorPage.goto("/vendor/hours");
  await vendorPage.getByLabel('Deposit for "Pay to vendor" bookings (%)').fill("20");
  await vendorPage.getByRole("radio", { name: /^Strict/ }).check();
  await vendorPage.getByRole("button", { name: "Save booking rules" }).click();
  await expect(vendorPage.getByText("Your booking rules are saved.").first()).toBeVisible();
  await expect(vendorPage.getByLabel('Deposit for "Pay to vendor" bookings (%)')).toHaveValue("20");

  await page.goto(`/booking?service=${ownService.serviceId}&date=tomorrow`);
  await page.getByRole("list", { name: "Free times" }).getByRole("link").first().click();
  const totalText = (await page.locator(".summary__total strong").textContent())!.trim();
  const total = Math.round(Number(totalText.replace(/[₦,]/g, "")) * 100);
  const deposit = Math.ceil((total * 20) / 100);
  await page.getByRole("button", { name: "Book Now" }).click();
  await expect(page).toHaveURL(/\/payment\?order=GLW-/);
  const ref = new URL(page.url()).searchParams.get("order")!;

  // The summary says what is due now: the whole total while paying online, the deposit and the rest with Pay to vendor.
  const due = page.locator(".booking__summary .due");
  await expect(due.locator(".due__row:visible")).toHaveText([`Due now${naira(total)}`]);
  await page.getByRole("radio", { name: /Pay to vendor/ }).check();
  await expect(page.getByText(`Pay a ${naira(deposit)} deposit now (20 %), then ${naira(total - deposit)} to`)).toBeVisible();
  await expect(due.locator(".due__row:visible")).toHaveText([`Due now (deposit)${naira(deposit)}`, `At the visit${naira(total - deposit)}`]);
  await expect(page.getByRole("radio", { name: /Online now/ })).toBeChecked();
  await page.screenshot({ path: info.outputPath("deposit-step2.png"), fullPage: true });
  await page.getByRole("button", { name: "Proceed to payment" }).click();
  await expect(page.getByText("TEST MODE", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: `Pay ${naira(deposit)} (test: succeeds)` }).click();

  await expect(page).toHaveURL(new RegExp(`/user/appointment\\?ref=${ref}`));
  const detail = page.locator("#detail");
  await expect(detail).toContainText(new RegExp(`Deposit paid ${naira(deposit)} on [A-Z][a-z]{2} \\d+, \\d{4}; ${naira(total - deposit)} to pay at the visit`));
  await expect(detail).toContainText(`keeps ${naira(deposit)}`);
  await page.screenshot({ path: info.outputPath("deposit-appointment.png"), fullPage: true });

  // The vendor sees the deposit and what to collect.
  await vendorPage.goto(`/vendor/appointment?tab=new&q=${ref}`);
  // (in the row's details, folded away until opened)
  await expect(vendorPage.locator("main")).toContainText(`Deposit paid ${naira(deposit)}, ${naira(total - deposit)} to collect at the visit`);
  await vendor.close();
});
