import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";
import { queryOne } from "./e2e-db";

// The vendor dashboard as the demo vendor uses it, in both projects: a phone with JavaScript off and a desktop
// with it on. Both projects share one server and database, so each run uses its own names and reads figures
// before changing them.

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

/** The newest withdrawal code e-mailed to the demo vendor, read from the outbox as the inbox would show it. */
function lastCode(): string {
  const mail = queryOne<{ text: string }>("select text from outbox where to_address = ? order by id desc limit 1", "vendor@example.com");
  return /code is (\d{6})/.exec(mail.text)![1]!;
}

const naira = (text: string) => Number(text.replace(/[^\d.]/g, ""));

async function figure(page: Page, label: string): Promise<number> {
  return naira(await page.locator(".stat", { hasText: label }).locator(".stat__value").innerText());
}

test.beforeEach(async ({ signInAs }) => {
  await signInAs("vendor@example.com");
});

test("the dashboard has its side menu with badges, and the profile is edited and saved", async ({ page }, info) => {
  await page.goto("/vendor/profile");
  const menu = page.getByRole("navigation", { name: "Dashboard" });
  for (const name of ["Profile", "Appointment", "Services", "Messages", "Finance"])
    await expect(menu.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
  await expect(menu.getByLabel(/new requests$/)).toBeVisible();

  await page.getByRole("link", { name: "Edit basic info" }).click();
  await expect(page).toHaveURL(/\/vendor\/profile\?edit=1$/);
  const phone = info.project.name === "desktop-js" ? "0803 555 0101" : "+2348035550202";
  await page.getByLabel("Mobile number *").fill(phone);
  await page.getByLabel("Day").selectOption("14");
  await page.getByLabel("Month").selectOption("2");
  await page.getByLabel("Year").selectOption("1990");
  await page.getByLabel("Female").check();
  await page.getByLabel("NIN", { exact: true }).fill("123");
  await page.getByRole("button", { name: "Save Changes" }).first().click();
  await expect(page.locator("#vendor-profile-nin-error", { hasText: "Your NIN has 11 digits" })).toBeVisible();

  await page.getByLabel("NIN", { exact: true }).fill("12345678901");
  await page.getByRole("button", { name: "Save Changes" }).first().click();
  await expect(page).toHaveURL(/\/vendor\/profile$/);
  await expect(page.getByText(info.project.name === "desktop-js" ? "0803 555 0101" : "0803 555 0202")).toBeVisible();
  await expect(page.getByText("Feb 14, 1990")).toBeVisible();
  await expect(page.getByText("•••••••8901")).toBeVisible();
});

test("a service is created through the four tabs (a sixth tag refused), submitted, approved by the admin and active", async ({
  page,
  context,
  signInAs,
}, info) => {
  const title = `Goddess Locs ${info.project.name} ${Date.now()}`;
  await page.goto("/vendor/services");
  await page.getByRole("link", { name: "Create New Service" }).click();

  await page.getByLabel("Title *", { exact: true }).fill(title);
  await page.getByLabel("Category *", { exact: true }).selectOption({ label: "Women" });
  await page.getByLabel("Sub category *", { exact: true }).fill("Locs");
  await page.getByLabel("Gender *", { exact: true }).selectOption("women");
  await page.getByLabel("Duration *", { exact: true }).selectOption({ label: "4 hr" });
  await page.getByLabel("Tags", { exact: true }).fill("Locs, Goddess, Boho, Curly, Long, Protective");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.locator(".field__error").getByText("You can add at most 5 tags")).toBeVisible();
  await page.getByLabel("Tags", { exact: true }).fill("Locs, Goddess, Boho, Curly, Long");
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page).toHaveURL(/tab=about/);
  await page
    .getByLabel("About this service *", { exact: true })
    .fill("Bohemian goddess locs, mid-back length, with curly human hair left out for a soft look.");
  await page.getByLabel("Material 1 name").fill("Curly human hair (2 packs)");
  await page.getByLabel("Material 1 price in naira").fill("12500");
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page).toHaveURL(/tab=gallery/);
  await page.getByLabel("Add photos or videos").setInputFiles({ name: "locs.png", mimeType: "image/png", buffer: PNG });
  // With JavaScript the chosen file uploads at once, and there is no Upload button to press; without, it is pressed.
  if (info.project.name === "phone-no-js") await page.getByRole("button", { name: "Upload" }).click();
  else await expect(page.getByRole("button", { name: "Upload" })).toHaveCount(0);
  await expect(page.getByRole("img", { name: "Photo 1" })).toBeVisible();
  // Next after Upload sends nothing again: the gallery still holds one photo (JavaScript on and off).
  await expect(page.getByLabel("Add photos or videos")).toHaveValue("");
  await page.getByRole("button", { name: "Next" }).click();

  await expect(page).toHaveURL(/tab=pricing/);
  await page.goto(page.url().replace("tab=pricing", "tab=gallery"));
  await expect(page.getByRole("img", { name: /^Photo \d$/ })).toHaveCount(1);
  await page.goto(page.url().replace("tab=gallery", "tab=pricing"));
  await page.getByLabel("Actual price (₦) *", { exact: true }).fill("30000");
  await page.getByLabel("Promo price (₦)", { exact: true }).fill("27500");
  await page.getByLabel("Salon", { exact: true }).check();
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page).toHaveURL(/\/vendor\/services\?tab=pending$/);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();

  await context.clearCookies();
  await signInAs("admin@example.com");
  await page.goto("/admin/services");
  const card = page.locator(".review", { hasText: title });
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(page.locator(".review", { hasText: title })).toHaveCount(0);

  await context.clearCookies();
  await signInAs("vendor@example.com");
  await page.goto("/vendor/services?tab=active");
  const link = page.getByRole("link", { name: title });
  await expect(link).toHaveAttribute("href", /^\/details\/\d+$/);
  const id = Number((await link.getAttribute("href"))!.split("/").pop());
  // The public page is built elsewhere; what makes it public is the service being active.
  expect(queryOne<{ status: string }>("select status from services where id = ?", id).status).toBe("active");
});

// Found by tests/e2e/hostile.spec.ts: a refused Overview form with `tags` sent twice rendered the page again with
// a list where the tags' text belongs, and the page failed with a 500.
test("a forged Overview form with repeated fields gets the form back with its messages (400)", async ({ page, baseURL }) => {
  const body = new URLSearchParams([
    ["intent", "overview"],
    ["title", "ab"],
    ["tags", "a"],
    ["tags", "b"],
    ["gender", "women"],
    ["gender", "men"],
  ]);
  const response = await page.request.post("/vendor/services/create", {
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL! },
    data: body.toString(),
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("At least 3 characters");
});

test("the vendor replies to a message and the conversation shows it", async ({ page }, info) => {
  const reply = `Yes, bring 3 packs (${info.project.name} ${Date.now()})`;
  await page.goto("/vendor/chats");
  await expect(page.getByRole("heading", { name: /^Messages \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole("list", { name: "Pinned" })).toBeVisible();
  await page
    .getByRole("link", { name: /Tolu Adebayo/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: "Tolu Adebayo" })).toBeVisible();
  await page.getByLabel("Your message").fill(reply);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.locator(".bubble--mine", { hasText: reply })).toBeVisible();
  await expect(page.getByLabel("Your message")).toHaveValue("");

  await page.goto("/vendor/chats?q=extensions");
  await expect(page.getByRole("link", { name: /Tolu Adebayo/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /Chioma Okeke/ })).toHaveCount(0);
});

test("the customer sees the vendor's reply in their messages and answers", async ({ page, context, signInAs }, info) => {
  await context.clearCookies();
  await signInAs("customer@example.com");
  await page.goto("/messages");
  await page.getByRole("link", { name: /Ronke's Beauty Lounge/ }).click();
  await expect(page.getByRole("heading", { name: "Ronke's Beauty Lounge" })).toBeVisible();
  const text = `Thank you! (${info.project.name} ${Date.now()})`;
  await page.getByLabel("Your message").fill(text);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.locator(".bubble--mine", { hasText: text })).toBeVisible();
});

test("a customer's new message reaches the open conversation: by itself with JavaScript, on reload without", async ({ page, browser, baseURL }, info) => {
  const { id } = queryOne<{ id: number }>("select c.id from conversations c join users u on u.id = c.customer_id where u.email = ?", "customer@example.com");
  await page.goto(`/vendor/chats/${id}`);
  await expect(page.getByRole("heading", { name: "Tolu Adebayo" })).toBeVisible();

  const customer = await browser.newContext({ baseURL });
  await signIn(customer, "customer@example.com", baseURL!);
  const customerPage = await customer.newPage();
  await customerPage.goto(`/messages/${id}`);
  const text = `Are you open on Sunday? (${info.project.name} ${Date.now()})`;
  await customerPage.getByLabel("Your message").fill(text);
  await customerPage.getByRole("button", { name: "Send" }).click();
  await expect(customerPage.locator(".bubble--mine", { hasText: text })).toBeVisible();
  await customer.close();

  if (info.project.name !== "desktop-js") await page.reload();
  await expect(page.locator(".bubble", { hasText: text })).toBeVisible({ timeout: 12_000 });
});

test("a withdrawal needs the e-mailed code: a wrong code is refused, the right one pays and the figures change", async ({ page }, info) => {
  await page.goto("/vendor/finance");
  await expect(page.getByRole("heading", { name: "Spending History" })).toBeVisible();
  const balance = await figure(page, "Balance");
  const withdrawn = await figure(page, "Total Withdrawn");
  await page.getByRole("link", { name: "Withdraw" }).click();
  await expect(page).toHaveURL(/\/vendor\/withdraw$/);

  await page.getByLabel("Amount (₦)").fill("1000");
  await page.locator(".accounts__choice").first().click();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/vendor\/withdraw\/verify\?id=\d+$/);
  await expect(page.getByText("We've sent a 6 digit number to you via mail kindly input below")).toBeVisible();

  const code = lastCode();
  const wrong = code === "000000" ? "111111" : "000000";
  const boxes = page.getByRole("textbox", { name: /^Digit \d of 6$/ });
  await expect(boxes).toHaveCount(6);
  if (info.project.name === "desktop-js") {
    // Typing moves from box to box.
    await boxes.first().click();
    await page.keyboard.type(wrong);
    await expect(boxes.nth(5)).toHaveValue(wrong[5]!);
  } else {
    for (let i = 0; i < 6; i++) await boxes.nth(i).fill(wrong[i]!);
  }
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That code is not right. 4 tries left.")).toBeVisible();

  if (info.project.name === "desktop-js") {
    // Pasting the whole code fills every box.
    await boxes.first().evaluate((el, text) => {
      const data = new DataTransfer();
      data.setData("text/plain", text);
      el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, code);
    for (let i = 0; i < 6; i++) await expect(boxes.nth(i)).toHaveValue(code[i]!);
  } else {
    // Without JavaScript a box also takes the whole code, as a paste would put it.
    await boxes.first().fill(code);
  }
  await page.getByRole("button", { name: "Verify" }).click();
  // Back on the withdraw page, where the withdrawal is listed with its state (test mode pays at once).
  await expect(page).toHaveURL(/\/vendor\/withdraw$/);
  await expect(page.locator(".withdrawals__item").first()).toContainText("Paid");
  await page.goto("/vendor/finance");
  expect(await figure(page, "Balance")).toBe(balance - 1000);
  expect(await figure(page, "Total Withdrawn")).toBe(withdrawn + 1000);
  await expect(page.locator("tbody tr").first()).toContainText("-₦1,000");
});

test("Finance's Breakdown pages keep the chosen tab: Next and Previous icons, page numbers, the current one marked", async ({ page }) => {
  await page.goto("/vendor/finance");
  await page.getByRole("navigation", { name: "Breakdown by service" }).getByRole("link", { name: "All" }).click();
  await expect(page).toHaveURL(/\/vendor\/finance\?tab=all#breakdown$/);
  const pages = page.getByRole("navigation", { name: "Breakdown pages" });
  await expect(pages.locator('[aria-current="page"]')).toHaveText("1");
  await expect(pages.getByRole("link", { name: "Previous page" })).toHaveCount(0);
  const firstRow = await page.locator("#breakdown tbody tr").first().innerText();

  await pages.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/\/vendor\/finance\?tab=all&page=2#breakdown$/);
  await expect(pages.locator('[aria-current="page"]')).toHaveText("2");
  await expect(page.locator("#breakdown tbody tr")).toHaveCount(20);
  await expect(page.locator("#breakdown tbody tr").first()).not.toHaveText(firstRow);

  await pages.getByRole("link", { name: "Previous page" }).click();
  await expect(page).toHaveURL(/\/vendor\/finance\?tab=all#breakdown$/);
  await expect(pages.locator('[aria-current="page"]')).toHaveText("1");
});

test("the vendor's Completed list pages with Previous and Next, keeping the tab; the last page has no Next", async ({ page }) => {
  await page.goto("/vendor/appointment?tab=completed");
  // How many there are now: the seed's 38 completed visits, plus any that earlier tests of this worker completed.
  const tab = page.getByRole("navigation", { name: "Appointment lists" }).getByRole("link", { name: /^Completed/ });
  const total = Number((await tab.locator(".badge").innerText()).trim());
  expect(total).toBeGreaterThan(20);
  const last = Math.ceil(total / 20);

  const pages = page.getByRole("navigation", { name: "Appointment pages" });
  await expect(pages.locator('[aria-current="page"]')).toHaveText("1");
  await expect(pages.getByRole("link", { name: "Previous page" })).toHaveCount(0);
  await expect(page.locator("tbody tr")).toHaveCount(20);
  const first = await page.locator("tbody tr").first().getAttribute("id");

  await pages.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/\/vendor\/appointment\?tab=completed&page=2$/);
  await expect(pages.locator('[aria-current="page"]')).toHaveText("2");
  await expect(page.locator("tbody tr").first()).not.toHaveAttribute("id", first!);

  // The last page: what is left over, and no Next.
  await page.goto(`/vendor/appointment?tab=completed&page=${last}`);
  await expect(page.locator("tbody tr")).toHaveCount(total - 20 * (last - 1));
  await expect(pages.getByRole("link", { name: "Next page" })).toHaveCount(0);

  await page.goto("/vendor/appointment?tab=completed&page=2");
  await pages.getByRole("link", { name: "Previous page" }).click();
  await expect(page).toHaveURL(/\/vendor\/appointment\?tab=completed$/);
  await expect(pages.locator('[aria-current="page"]')).toHaveText("1");
});
