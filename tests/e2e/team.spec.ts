import { expect, test } from "./fixtures";
import { queryOne } from "./e2e-db";

// A salon is a team, in both projects (a phone with JavaScript off, a desktop with it on): the owner adds a member
// who performs a service, and a customer picks that member on the service page and books them; the payment step
// names the stylist. Each project uses its own vendor, so neither changes the other's team or the demo vendor's.

const VENDOR = { "phone-no-js": "zee-glam-ajah", "desktop-js": "fadeline-ikeja" } as Record<string, string>;

test("the owner adds a member; a customer picks that member on the service page and books them", async ({ page, signInAs }, info) => {
  const key = VENDOR[info.project.name]!;
  const vendor = queryOne<{ email: string; service_id: number; title: string }>(
    "select u.email, s.id as service_id, s.title from vendors v join users u on u.id = v.user_id join services s on s.vendor_id = v.id where v.slug = ? and s.status = 'active' order by s.id limit 1",
    key,
  );
  const name = `Ada ${info.project.name === "phone-no-js" ? "Phone" : "Desk"}`;
  await signInAs(vendor.email);
  await page.goto("/vendor/profile");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Team" }).click();
  await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Add a member" }).click();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Title (optional)").fill("Junior stylist");
  await page.getByRole("checkbox", { name: vendor.title, exact: true }).check();
  await page.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByText(`${name} joined the team.`).first()).toBeVisible();

  await signInAs("customer@example.com");
  await page.goto(`/details/${vendor.service_id}`);
  await expect(page.getByRole("radio", { name: /Anyone available/ })).toBeChecked();
  await page.getByRole("radio", { name: new RegExp(name) }).check();
  // No time is chosen for the customer: Book Now asks for one.
  await page.locator(".slot").first().click();
  await page.getByRole("button", { name: "Book Now" }).click();
  await expect(page).toHaveURL(/\/booking\?.*member=\d+/);
  await expect(page.getByRole("radio", { name: new RegExp(name) })).toBeChecked();
  await page.locator(".booking__book").getByRole("button", { name: "Book Now" }).click();
  await expect(page).toHaveURL(/\/payment\?order=GLW-/);
  await expect(page.getByText(`with ${name}`)).toBeVisible();
});
