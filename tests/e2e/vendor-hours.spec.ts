import { expect, test } from "./fixtures";
import { queryOne } from "./e2e-db";

// The vendor's hours as a vendor sets them and a customer then sees them, in both projects (a phone with
// JavaScript off, a desktop with it on). Each project uses its own vendor, so the two never change each other's
// schedule, and neither touches the demo vendor that the booking tests use.

const VENDOR = { "phone-no-js": "ngozi-natural-hair", "desktop-js": "bisi-hair-palace" } as Record<string, string>;

/** The Lagos calendar day `ahead` days from now that falls on ISO `weekday` (1 = Monday), "yyyy-MM-dd". */
function next(weekday: number, ahead: number): string {
  const d = new Date(Date.now() + 3_600_000 + ahead * 86_400_000);
  while ((d.getUTCDay() || 7) !== weekday) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

test("the vendor closes Mondays and takes a holiday: those days lose their times on the service page and in search; the policy shows", async ({
  page,
  signInAs,
}, info) => {
  const key = VENDOR[info.project.name]!;
  const vendor = queryOne<{ email: string; business_name: string; service_id: number; title: string }>(
    "select u.email, v.business_name, s.id as service_id, s.title from vendors v join users u on u.id = v.user_id join services s on s.vendor_id = v.id where v.slug = ? and s.status = 'active' order by s.id limit 1",
    key,
  );
  await signInAs(vendor.email);
  await page.goto("/vendor/profile");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Hours" }).click();
  await expect(page.getByRole("heading", { name: "Hours", level: 1 })).toBeVisible();

  await page.getByRole("checkbox", { name: "Monday" }).uncheck();
  await page.getByLabel("Tuesday break from").selectOption("13");
  await page.getByLabel("Tuesday break to").selectOption("14");
  await page.getByRole("button", { name: "Save hours" }).click();
  await expect(page.getByText("Your weekly hours are saved.").first()).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Monday" })).not.toBeChecked();

  const holiday = next(3, 21);
  await page.getByLabel("First day off").fill(holiday);
  await page.getByLabel("Note (optional)").fill("Public holiday");
  await page.getByRole("button", { name: "Add day off" }).click();
  await expect(page.locator(".hours-off__item", { hasText: "Public holiday" })).toBeVisible();

  // A customer's view of the vendor's service.
  await signInAs("customer@example.com");
  const monday = next(1, 14);
  await page.goto(`/details/${vendor.service_id}?date=${monday}`);
  // The page says why there is no time (explainDay in app/models/schedule/schedule-rules.ts).
  await expect(page.locator("#no-times")).toHaveText(`${vendor.business_name} is closed on Mondays. Please choose another day.`);
  await page.screenshot({ path: info.outputPath("closed-monday.png"), fullPage: true });
  // No deposit asked, so the policy speaks of none (policySentence in app/models/money/cancellation-policy.ts).
  await expect(page.getByText(/Cancellation policy:.*Flexible: free cancellation until the visit\./)).toBeVisible();
  await page.goto(`/details/${vendor.service_id}?date=${holiday}`);
  await expect(page.locator("#no-times")).toHaveText(
    new RegExp(`^${vendor.business_name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} is closed on .+ \\(Public holiday\\)\\. Please choose another day\\.$`),
  );
  const tuesday = next(2, 14);
  await page.goto(`/details/${vendor.service_id}?date=${tuesday}`);
  await expect(page.getByText("9:00 am", { exact: true })).toBeVisible();
  await expect(page.getByText("1:00 pm", { exact: true })).toHaveCount(0); // the break

  // Search "open on" that Monday leaves the vendor out; Tuesday has them, and their card opens Tuesday's times.
  const term = encodeURIComponent(vendor.title.toLowerCase());
  await page.goto(`/search/${term}?date=${monday}`);
  await expect(page.locator(".svc-card", { hasText: vendor.business_name })).toHaveCount(0);
  await page.goto(`/search/${term}?date=${tuesday}`);
  const card = page.locator(".svc-card", { hasText: vendor.business_name }).first();
  await expect(card).toBeVisible();
  await card.locator("a.svc-card__link").click();
  await expect(page).toHaveURL(new RegExp(`/details/${vendor.service_id}\\?date=${tuesday}$`));
  await expect(page.getByText("9:00 am", { exact: true })).toBeVisible();
});
