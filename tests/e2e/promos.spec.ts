import { expect, freshContext, signIn, test } from "./fixtures";
import { plantPromoCode } from "./promo-db";
import { axe } from "./axe-page";

// A promo code as its people meet it (docs/domain.md, "Promo codes"): a salon of the test's own creates one on
// /vendor/offers (a bad field refused beside it first); a new customer of the test's own applies it at Book Now,
// sees the discounted total, books and pays what is left at step 2; every refusal is said beside the field. On the
// phone without JavaScript and on the desktop with it; the pages pass axe (nothing serious or critical).

const shot = (name: string, project: string) => ({ path: `test-results/promos-${name}-${project}.png`, fullPage: true });

test("a salon creates a code; a customer applies it at Book Now, sees the discounted total, pays; each refusal says why", async ({
  page,
  browser,
  baseURL,
  ownService,
  ownCustomer,
}, info) => {
  void ownCustomer;
  const { serviceId, vendorEmail, title } = ownService;
  const code = "SAVE20";

  // The salon, in a window of its own: a bad code is refused beside its field, then a good one is saved.
  const salon = await freshContext(browser, info, baseURL!);
  await signIn(salon, vendorEmail, baseURL!);
  const vendorPage = await salon.newPage();
  await vendorPage.goto("/vendor/offers");
  await expect(vendorPage.getByRole("heading", { level: 1 })).toHaveText("Promo codes");
  await expect(vendorPage.getByRole("link", { name: "Promo codes" })).toBeVisible();
  await vendorPage.getByRole("textbox", { name: "Code", exact: true }).fill("no way");
  await vendorPage.getByLabel("How much off (percent or naira)").fill("20");
  await vendorPage.getByLabel("First day").fill("today");
  await vendorPage.getByLabel("Last day").fill("tomorrow");
  await vendorPage.getByRole("button", { name: "Create code" }).click();
  await expect(vendorPage.locator("#offer-code-error")).toHaveText("A code is 3 to 20 letters and digits, e.g. GLOW10.");
  await expect(vendorPage.getByRole("textbox", { name: "Code", exact: true })).toHaveAttribute("aria-invalid", "true");
  await axe(vendorPage);
  await vendorPage.screenshot(shot("0-vendor-refused", info.project.name));
  await vendorPage.getByRole("textbox", { name: "Code", exact: true }).fill(code.toLowerCase());
  await vendorPage.getByLabel("How much off (percent or naira)").fill("20");
  await vendorPage.getByLabel("First day").fill("today");
  await vendorPage.getByLabel("Last day").fill("tomorrow");
  await vendorPage.getByLabel("Total uses").fill("5");
  await vendorPage.getByLabel("Uses per customer").fill("1");
  await vendorPage.getByRole("button", { name: "Create code" }).click();
  await expect(vendorPage.getByRole("status").getByText(`Your code ${code} is saved.`)).toBeVisible();
  const row = vendorPage.getByRole("row", { name: new RegExp(code) });
  await expect(row).toContainText("20% off");
  await expect(row).toContainText("0 of 5 (1 per customer)");
  await vendorPage.screenshot(shot("1-vendor-created", info.project.name));

  // Codes that do not apply, for the refusals a browser cannot wait for.
  plantPromoCode(serviceId, "LATER10", { startsIn: 3 });
  plantPromoCode(serviceId, "OLD10", { startsIn: -10, endsIn: -1 });
  plantPromoCode(serviceId, "GONE10", { maxUses: 1, usesTaken: 1 });
  plantPromoCode(serviceId, "OTHER10", { otherService: true });
  plantPromoCode(serviceId, "BIG10", { minSpendKobo: 5_000_000 });
  plantPromoCode(serviceId, "NEW10", { newOnly: true });

  // The customer: each refusal beside the promo field, then the code applies: 20% of the service's price (the
  // service a salon of the test's own copies is open tomorrow; its price is read from the page).
  await page.goto(`/booking?service=${serviceId}&date=tomorrow`);
  await page.getByRole("list", { name: "Free times" }).getByRole("link").first().click();
  await expect(page.locator(".summary-when")).not.toContainText("Pick a time");
  const kobo = (text: string | null) => Number(text!.replace(/[^\d]/g, "")) * 100;
  const naira = (k: number) => `₦${(k / 100).toLocaleString("en-NG")}`;
  const priceKobo = kobo(await page.locator(".booking-service__meta strong").last().textContent());
  const totalKobo = kobo(await page.locator(".summary__total strong").first().textContent());
  const off = naira(Math.floor(priceKobo / 5));
  const left = naira(totalKobo - Math.floor(priceKobo / 5));
  const field = page.getByRole("textbox", { name: "Promo code" });
  const apply = page.getByRole("button", { name: "Apply promo code" });
  const error = page.locator("#booking-promo-error");
  const refusals: [string, RegExp | string][] = [
    ["NOPE99", /^We couldn't find the promo code NOPE99 at .+\. Check it and try again\.$/],
    ["later10", /^LATER10 starts on [A-Z][a-z]{2} \d{1,2}, \d{4}: it can't be used before then\.$/],
    ["OLD10", /^OLD10 expired on [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/],
    ["GONE10", "GONE10 has been used up."],
    ["OTHER10", `OTHER10 is not for ${title}.`],
    ["BIG10", `BIG10 needs a booking of at least ₦50,000; this one is ${naira(totalKobo)}.`],
  ];
  for (const [typed, message] of refusals) {
    await field.fill(typed);
    await apply.click();
    await expect(error).toHaveText(message);
    await expect(field).toHaveAttribute("aria-invalid", "true");
  }
  await axe(page);
  await page.screenshot(shot("2-code-refused", info.project.name));
  await field.fill(code.toLowerCase());
  await apply.click();
  await expect(error).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Promo code applied" })).toHaveText(new RegExp(`Promo SAVE20\\s*−${off}`));
  await expect(page.locator(".summary--gifts .summary__total")).toHaveText(new RegExp(`Left to pay\\s*${left}`));
  await axe(page);
  await page.screenshot(shot("3-code-applied", info.project.name));
  await page.getByRole("button", { name: "Book Now" }).click();

  // Step 2 shows the code's line and asks for what is left; paying online takes what is left.
  await expect(page).toHaveURL(/\/payment\?order=GLW-/);
  const ref = new URL(page.url()).searchParams.get("order")!;
  const summary = page.locator(".booking__summary");
  await expect(summary).toContainText(`Promo ${code}`);
  await expect(summary).toContainText(`−${off}`);
  await expect(summary.locator(".summary__total").last()).toHaveText(new RegExp(`Left to pay\\s*${left}`));
  await page.screenshot(shot("4-step-2", info.project.name));
  await expect(page.getByRole("radio", { name: /Pay online now/ })).toBeChecked();
  await page.getByRole("button", { name: "Proceed to payment" }).click();
  await expect(page.getByText("TEST MODE", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: `Pay ${left} (test: succeeds)` }).click();
  await expect(page).toHaveURL(new RegExp(`/user/appointment\\?ref=${ref}`));
  await expect(page.locator("#detail")).toContainText(`Promo ${code}`);
  await page.screenshot(shot("5-paid", info.project.name));

  // Paid once, the customer has used the code and is no longer new to the salon.
  await page.goto(`/booking?service=${serviceId}&date=tomorrow`);
  await field.fill(code);
  await apply.click();
  await expect(error).toHaveText(`You have already used ${code}: it is once per customer.`);
  await field.fill("NEW10");
  await apply.click();
  await expect(error).toHaveText(/^NEW10 is for new customers of .+ only\.$/);

  // The salon sees the use.
  await vendorPage.goto("/vendor/offers");
  await expect(vendorPage.getByRole("row", { name: new RegExp(code) })).toContainText("1 of 5 (1 per customer)");
  await expect(vendorPage.getByRole("row", { name: new RegExp(code) })).toContainText(off);
  await salon.close();
});
