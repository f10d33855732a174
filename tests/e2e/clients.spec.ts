import type { Page } from "@playwright/test";
import { queryOne, withE2eDb } from "./e2e-db";
import { demoEmails, expect, freshContext, signIn, test } from "./fixtures";

// The salon's whole day (docs/domain.md, "Clients"), as a phone with JavaScript off and a desktop with it on: a walk-in
// booked from the appointments page, a phone booking paid through its link by someone with no account, a client
// record with a note, and "Book again" on the customer's side.

/** The test's own vendor opens every day around the clock with a one-hour service, so "now" is always bookable. */
function openAllDay(serviceId: number): void {
  withE2eDb((db) => {
    const { vendor_id } = db.prepare("select vendor_id from services where id = ?").get(serviceId) as { vendor_id: number };
    db.prepare("update vendors set opens_hour = 0, closes_hour = 24, open_days = '1,2,3,4,5,6,7', week_hours = null, min_notice_minutes = 0 where id = ?").run(
      vendor_id,
    );
    db.prepare("update services set duration_min = 60 where id = ?").run(serviceId);
    db.prepare("update team_members set week_hours = null where vendor_id = ?").run(vendor_id);
  });
}

async function chooseService(page: Page, title: string, date?: string) {
  const value = await page
    .getByLabel("Service")
    .locator("option", { hasText: `${title} ·` })
    .first()
    .getAttribute("value");
  await page.getByLabel("Service").selectOption(value!);
  if (date) await page.getByLabel("Date").fill(date);
  await page.getByRole("button", { name: "Show free times" }).click();
  await expect(page.getByRole("heading", { name: "Time, client and payment" })).toBeVisible();
}

test("a walk-in: the salon books a new client into the hour they walked in, paid at the visit", async ({ page, ownService, signInAs }, info) => {
  openAllDay(ownService.serviceId);
  await signInAs(ownService.vendorEmail);
  await page.goto("/vendor/appointment");
  await page.getByRole("link", { name: "New appointment" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New appointment" })).toBeVisible();
  await chooseService(page, ownService.title);
  await page.getByRole("radio", { name: "Now (walk-in)" }).check();
  await page.getByRole("radio", { name: "A new client" }).check();
  const last = info.project.name === "phone-no-js" ? "Phone" : "Desktop";
  await page.getByLabel("First name").fill("Chiamaka");
  await page.getByLabel("Last name").fill(last);
  await page.getByLabel("Phone", { exact: true }).fill(info.project.name === "phone-no-js" ? "0809 111 2201" : "0809 111 2202");
  await page.getByRole("radio", { name: "Pay at the visit" }).check();
  await page.getByRole("button", { name: "Book appointment" }).click();

  await expect(page.getByRole("status").getByText(/^Booked: /)).toBeVisible();
  await expect(page.getByRole("heading", { name: `Booked: ${ownService.title}` })).toBeVisible();
  await expect(page.getByText("The client pays at the visit.")).toBeVisible();
  await page.getByRole("link", { name: "Open the client's record" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Chiamaka ${last}` })).toBeVisible();
  await expect(page.getByRole("link", { name: /^0809 111 22/ })).toHaveAttribute("href", /^tel:\+234809111220[12]$/);
  await expect(page.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/234809111220[12]\?text=/);
  // The visit began at the top of this hour: confirmed, and not "upcoming".
  const visit = page.getByRole("row").filter({ hasText: ownService.title });
  await expect(visit).toContainText("Confirmed");
  await expect(visit).not.toContainText("upcoming");
});

test("a phone booking paid through its link by someone without an account", async ({ page, browser, baseURL, ownService, signInAs }, info) => {
  openAllDay(ownService.serviceId);
  await signInAs(ownService.vendorEmail);
  await page.goto("/vendor/appointment/new");
  // Three days ahead in Lagos (UTC+1 all year).
  await chooseService(page, ownService.title, new Date(Date.now() + 3 * 86_400_000 + 3_600_000).toISOString().slice(0, 10));
  await page.getByRole("radio", { name: "11:00 am" }).check();
  await page.getByRole("radio", { name: "A new client" }).check();
  await page.getByLabel("First name").fill("Adaeze");
  await page.getByLabel("Last name").fill("Obi");
  await page.getByLabel("Phone", { exact: true }).fill(info.project.name === "phone-no-js" ? "0809 111 2203" : "0809 111 2204");
  await page.getByLabel("E-mail (optional)").fill(`adaeze.${info.project.name}@example.org`);
  await page.getByRole("radio", { name: /Send the payment link/ }).check();
  await page.getByRole("button", { name: "Book appointment" }).click();

  await expect(page.getByRole("status").getByText(/We e-mailed the payment link to adaeze\./)).toBeVisible();
  const link = (await page.locator(".salon-booked__link a").textContent())!.trim();
  expect(link).toMatch(new RegExp(`^${baseURL}/pay/[\\w-]{40,}$`));
  const whatsapp = new URL((await page.getByRole("link", { name: "Send the link on WhatsApp" }).getAttribute("href"))!);
  expect(whatsapp.pathname).toMatch(/^\/234809111220[34]$/);
  expect(whatsapp.searchParams.get("text")).toContain(link);

  // Someone with no session opens the link and pays.
  const payer = await freshContext(browser, info, baseURL!);
  const payPage = await payer.newPage();
  await payPage.goto(link);
  await expect(payPage.getByRole("heading", { level: 1, name: "Pay for Adaeze's booking" })).toBeVisible();
  await payPage.getByLabel("Your name (optional)").fill("Uncle Emeka");
  await payPage.getByLabel("Your e-mail").fill("emeka@example.com");
  await payPage.getByRole("button", { name: /^Pay ₦/ }).click();
  await expect(payPage.getByText("TEST MODE", { exact: true })).toBeVisible();
  await payPage.getByRole("button", { name: /\(test: succeeds\)$/ }).click();
  await expect(payPage.locator("#receipt")).toContainText("Paid by Uncle Emeka. Thank you!");
  await payer.close();

  // The salon sees it paid.
  await page.reload();
  await expect(page.getByText("Paid. Thank you!")).toBeVisible();
});

test("a client record with a note the customer never sees", async ({ page, browser, baseURL, signInAs }, info) => {
  await signInAs(demoEmails.vendor);
  await page.goto("/vendor/clients");
  await expect(page.getByRole("heading", { level: 1, name: "Clients" })).toBeVisible();
  await page.getByLabel("Name or phone").fill("Tolu Adebayo");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: "Tolu Adebayo" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tolu Adebayo" })).toBeVisible();
  // The seeded patch test and allergy.
  await expect(page.getByText("Product: Dark & Lovely relaxer · Result: Passed")).toBeVisible();
  const text = `Bring own comb (${info.project.name})`;
  const form = page.getByRole("form", { name: "Add a note" });
  await form.getByLabel("Kind").selectOption("allergy");
  await form.getByLabel("Product (allergy or patch test)").fill("Coconut oil");
  await form.getByLabel("Note", { exact: true }).fill(text);
  await form.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("status").getByText("Note saved.")).toBeVisible();
  await expect(page.getByText(text)).toBeVisible();

  // The customer's own pages never show the salon's notes.
  const customer = await freshContext(browser, info, baseURL!);
  await signIn(customer, demoEmails.customer, baseURL!);
  const theirs = await customer.newPage();
  await theirs.goto("/user/appointment?tab=past");
  await expect(theirs.getByRole("heading", { name: "Appointments" }).first()).toBeVisible();
  expect(await theirs.content()).not.toContain("Coconut oil");
  await customer.close();
});

test("Book again opens booking with the same service and stylist", async ({ page, signInAs }) => {
  await signInAs(demoEmails.customer);
  await page.goto("/user/appointment?tab=past");
  // A past visit done by a member: other stories of this worker plant past visits of no member for this customer.
  const done = queryOne<{ title: string }>(
    "select s.title from appointments a join services s on s.id = a.service_id join users u on u.id = a.customer_id where u.email = ? and a.status = 'completed' and a.member_id is not null order by a.starts_at desc limit 1",
    demoEmails.customer,
  );
  const again = page.getByRole("link", { name: `Book again: ${done.title}`, exact: false }).first();
  const label = (await again.getAttribute("aria-label"))!;
  await again.click();
  await expect(page).toHaveURL(/\/booking\?service=\d+&member=\d+$/);
  const title = label.replace(/^Book again: /, "").replace(/, [^,]+$/, "");
  await expect(page.getByRole("heading", { name: title }).first()).toBeVisible();
  const member = new URL(page.url()).searchParams.get("member");
  await expect(page.locator(`input[type=radio][name=member][value="${member}"]`)).toBeChecked();
});
