import { expect, freshContext, signIn, test } from "./fixtures";
import { featuredServiceId, serviceOpenTomorrow } from "./booking-db";
import { queryOne } from "./e2e-db";

// The whole booking story: book tomorrow at a free time as the demo customer, share the payment link, pay it in a
// fresh browser with no session, and see the appointment confirmed and paid. Runs in both projects: a 360px phone
// with JavaScript off and a 1280px desktop with it on.

test("book tomorrow, share the link, someone else pays it signed out, the vendor accepts: confirmed and paid", async ({
  page,
  browser,
  ownCustomer,
  baseURL,
}, info) => {
  // A customer of this test's own ("Race Runner"): the demo customer's AutoCredit and open bookings change as
  // other specs refund, cancel and book, and this story starts from none of either.
  void ownCustomer;
  const js = info.project.use.javaScriptEnabled !== false;
  const { serviceId, vendorEmail, title } = serviceOpenTomorrow();

  // Step 1: tomorrow, the first free time.
  await page.goto(`/booking?service=${serviceId}&date=tomorrow`);
  await expect(page.getByRole("heading", { level: 1, name: `Book ${title}` })).toBeVisible();
  await expect(page.getByText("Step 1 of 2")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Tomorrow/ })).toHaveAttribute("aria-current", "true");
  const firstFree = page.getByRole("list", { name: "Free times" }).getByRole("link").first();
  const time = (await firstFree.textContent())!.trim();
  await firstFree.click();
  await expect(page.locator(".summary-when")).toContainText(time);

  // An optional material changes the total: live with JavaScript, through "Update total" without.
  const total = page.locator(".summary__total strong");
  const optional = page.locator(".materials input[type=checkbox]:not([disabled])").first();
  if ((await optional.count()) > 0) {
    const before = await total.textContent();
    await optional.check();
    if (!js) await page.getByRole("button", { name: "Update total" }).click();
    await expect(total).not.toHaveText(before!);
  }
  const amount = (await total.textContent())!.trim();
  await page.getByRole("button", { name: "Book Now" }).click();

  // Step 2: the order is held; its link can be shared.
  await expect(page).toHaveURL(/\/payment\?order=GLW-/);
  await expect(page.getByText("Step 2 of 2")).toBeVisible();
  const ref = new URL(page.url()).searchParams.get("order")!;
  await expect(page.getByText(`Booking reference ${ref}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Proceed to payment" })).toBeVisible();
  await expect(page.getByRole("radio", { name: /Pay with AutoCredit/ })).toBeDisabled();
  await expect(page.getByText(/Your AutoCredit balance \(₦0\) is less than the total/)).toBeVisible();
  const link = (await page.locator("#pay-link").textContent())!.trim();
  expect(link).toMatch(new RegExp(`^${baseURL}/pay/[\\w-]{40,}$`));
  // The message says what, where, how much, and the link (percent-encoded: app/utils/whatsapp-links.test.ts).
  const share = new URL((await page.getByRole("link", { name: "Share on WhatsApp" }).getAttribute("href"))!);
  expect(share.origin).toBe("https://wa.me");
  const text = share.searchParams.get("text")!;
  expect(text.startsWith(`Please help me pay for my ${title} at `)).toBe(true);
  expect(text.endsWith(` on Glow (${amount}):\n${link}`)).toBe(true);
  if (js) await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
  else await expect(page.getByRole("button", { name: "Copy link" })).toHaveCount(0);

  // Someone else, with no session, opens the link and pays.
  const payer = await freshContext(browser, info, baseURL!);
  const payPage = await payer.newPage();
  await payPage.goto(link);
  await expect(payPage.getByRole("heading", { level: 1, name: "Pay for Race's booking" })).toBeVisible();
  await expect(payPage.getByText(title).first()).toBeVisible();
  await expect(payPage.getByText("Runner")).toHaveCount(0);
  // The link says until when it takes money (here, until the hold runs out).
  await expect(payPage.locator("#pay-until")).toHaveText(/^This link can be paid until \d{1,2}:\d{2} (am|pm) on [A-Z][a-z]{2} \d{1,2}, \d{4}, when /);
  await payPage.getByLabel("Your name (optional)").fill("Auntie Funke");
  await payPage.getByLabel("Your e-mail").fill("funke@example.com");
  await payPage.getByRole("button", { name: `Pay ${amount}` }).click();
  await expect(payPage.getByText("TEST MODE", { exact: true })).toBeVisible();
  await payPage.getByRole("button", { name: `Pay ${amount} (test: succeeds)` }).click();
  // The payer lands on an on-screen receipt.
  await expect(payPage).toHaveURL(new RegExp(`^${link.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\?receipt=glw-[0-9a-f]{24}#receipt$`));
  await expect(payPage.getByRole("status").getByText(`Payment received: ${amount}. Thank you!`)).toBeVisible();
  const receipt = payPage.locator("#receipt");
  await expect(receipt.getByRole("heading", { name: "Receipt" })).toBeVisible();
  await expect(receipt).toContainText("Paid by Auntie Funke. Thank you!");
  await expect(receipt).toContainText(ref);
  await expect(receipt).toContainText(amount);
  await payer.close();

  // The customer sees that someone paid; the booking waits for the vendor.
  await page.goto(`/user/appointment?ref=${ref}`);
  const detail = page.locator("#detail");
  await expect(detail).toContainText("Paid online by Auntie Funke through your payment link");
  await expect(detail.locator(".facts")).toContainText("Requested");

  // The vendor accepts the new request.
  const vendor = await freshContext(browser, info, baseURL!);
  await signIn(vendor, vendorEmail, baseURL!);
  const vendorPage = await vendor.newPage();
  await vendorPage.goto(`/vendor/appointment?tab=new&q=${ref}`);
  const row = vendorPage.getByRole("row", { name: /Race Runner/ });
  await expect(row).toContainText(ref);
  await expect(row).toContainText("Pending");
  await row.getByRole("button", { name: "Accept" }).click();
  await expect(vendorPage.getByRole("status").getByText("Request accepted. We've told the customer.")).toBeVisible();
  await vendor.close();

  // Confirmed and paid.
  await page.reload();
  await expect(detail.locator(".facts")).toContainText("Confirmed");
  await expect(detail.locator(".facts")).toContainText("Paid online by Auntie Funke");
  await expect(detail.getByText(/voucher is valid for 3 months and spa services are non-refundable/)).toBeVisible();
  const calendar = detail.getByRole("link", { name: "Calendar" });
  await expect(calendar).toHaveAttribute("href", `/user/appointment/calendar.ics?ref=${ref}`);
});

test("a vendor's price button shows the breakdown without JavaScript; the customer's Cancel states the policy first", async ({ page, signInAs }) => {
  await signInAs("vendor@example.com");
  await page.goto("/vendor/appointment?tab=completed");
  const price = page.locator("details.price").first();
  await price.locator("summary").click();
  await expect(price.locator(".summary__total")).toBeVisible();

  await signInAs("customer@example.com");
  await page.goto("/user/appointment");
  await page.locator("#detail").getByText("Cancel", { exact: true }).click();
  await expect(page.getByText("Cancellation policy:")).toBeVisible();
  await expect(page.getByRole("button", { name: "Yes, cancel this appointment" })).toBeVisible();
});

test("a too long address is refused: with JavaScript as it is left, by validation loaded on first use (the server until then); without, by the server", async ({
  page,
  signInAs,
}, info) => {
  const js = info.project.use.javaScriptEnabled !== false;
  await signInAs("customer@example.com");
  // The booking form's validation is the lazily imported app/routes/booking/validate.tsx (built as validate-HASH.js).
  const validation = "**/build/_shared/validate-*.js";
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const requested: string[] = [];
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/validate-")) requested.push(r.url());
    if (r.method() === "POST") posts.push(r.url());
  });
  // No CSP violation: zod's caught test of `new Function` (app/utils/zod.ts) was one, reported to the page only.
  const cspErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/.test(m.text())) cspErrors.push(m.text());
  });
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (e) => console.error(`Content Security Policy: ${e.violatedDirective} in ${e.sourceFile}`)),
  );
  // A slow network: the validation arrives only when the test lets it.
  await page.route(validation, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/booking?service=${featuredServiceId()}`);
  await page.getByRole("list", { name: "Free times" }).getByRole("link").first().click();
  await expect(page.getByRole("button", { name: "Book Now" })).toBeEnabled();
  const address = page.getByLabel("Address for home service");
  // The field's own message (the error summary above the form repeats it).
  const error = page.locator("#booking-address-error", { hasText: "Please keep the address under 200 characters." });
  const tooLong = "12 Admiralty Way, Lekki ".repeat(9);

  // Hydrated: "Update total" is only for pages without JavaScript. Everything the first view imports has loaded.
  if (js) await expect(page.getByRole("button", { name: "Update total" })).toHaveCount(0);
  expect(requested, "the first view does not load the validation").toEqual([]);
  await address.fill(tooLong);
  await page.getByRole("button", { name: "Book Now" }).click();
  await expect(error).toBeVisible();
  await expect(address).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/booking\?/);
  expect(posts).toHaveLength(1);
  if (!js) return;

  // The validation was asked for on first use; once it arrives, the page checks the address itself.
  expect(requested).toHaveLength(1);
  release();
  await expect(async () => {
    await address.fill("12 Admiralty Way, Lekki");
    await address.press("Tab");
    await expect(error).toHaveCount(0, { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await address.fill(tooLong);
  await address.press("Tab");
  await expect(error).toBeVisible();
  await expect(address).toHaveAttribute("aria-invalid", "true");
  await address.fill("12 Admiralty Way, Lekki");
  await expect(error).toHaveCount(0);
  expect(posts, "checked in the page, not by the server").toHaveLength(1);
  expect(cspErrors).toEqual([]);
});

test("a refused Book Now shows the customer's own choices again, not the saved address, and books nothing", async ({ page, signInAs }) => {
  await signInAs("customer@example.com");
  const orders = () =>
    queryOne<{ n: number }>("select count(*) as n from appointments a join users u on u.id = a.customer_id where u.email = ?", "customer@example.com").n;
  const before = orders();
  await page.goto(`/booking?service=${featuredServiceId()}`);
  await page.getByRole("list", { name: "Free times" }).getByRole("link").first().click();
  const address = page.getByLabel("Address for home service");
  const home = page.getByLabel("Home service (at my address)");
  const edgeControl = page.getByLabel("Edge control");
  await expect(address).toHaveValue(/12 Admiralty Way/);

  // Too long: refused (by the server without JavaScript), and the field still holds what was typed, to shorten it.
  const tooLong = "Flat 3, 12 Admiralty Way, Lekki Phase 1 ".repeat(6);
  await home.check();
  await edgeControl.check();
  await address.fill(tooLong);
  await page.getByRole("button", { name: "Book Now" }).click();
  await expect(page.locator("#booking-address-error", { hasText: "Please keep the address under 200 characters." })).toBeVisible();
  await expect(address).toHaveValue(tooLong);
  await expect(home).toBeChecked();
  await expect(edgeControl).toBeChecked();

  // Left empty for a home service: refused by the server, and shown empty, not filled with the saved address again.
  await address.fill("");
  await page.getByRole("button", { name: "Book Now" }).click();
  await expect(page.locator("#booking-address-error", { hasText: "Please enter the address where you want the home service." })).toBeVisible();
  await expect(address).toHaveValue("");
  await expect(home).toBeChecked();
  await expect(edgeControl).toBeChecked();
  await expect(page).toHaveURL(/\/booking\?/);
  expect(orders(), "nothing was booked").toBe(before);
});
