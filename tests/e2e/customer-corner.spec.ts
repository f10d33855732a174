import { ownVendorService, plantVisit } from "./booking-db";
import { withE2eDb } from "./e2e-db";
import { demoEmails, expect, signIn, test } from "./fixtures";

// The customer's appointment pages and the vendor's review list, as people see them.

test("only an appointment that takes place offers Calendar; a declined one does not", async ({ page, signInAs }, info) => {
  const js = info.project.name !== "phone-no-js";
  const kept = plantVisit({ daysFromNow: js ? -10 : -11, lagosHour: 5, status: "completed" });
  const declined = plantVisit({ daysFromNow: js ? -12 : -13, lagosHour: 5, status: "confirmed" });
  withE2eDb((db) => db.prepare("update appointments set status = 'declined' where id = ?").run(declined.id));
  await signInAs(demoEmails.customer);
  await page.goto(`/user/appointment?tab=past&ref=${kept.ref}`);
  await expect(page.getByRole("link", { name: "Calendar" })).toHaveAttribute("href", `/user/appointment/calendar.ics?ref=${kept.ref}`);
  await page.goto(`/user/appointment?tab=past&ref=${declined.ref}`);
  await expect(page.getByText("Declined").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Calendar" })).toHaveCount(0);
  await page.screenshot({ path: info.outputPath("declined.png"), fullPage: true });
});

test("the vendor's reviews come ten to a page, with numbered pages", async ({ page, context, baseURL }, info) => {
  const own = ownVendorService(`reviews-${info.project.name}`);
  withE2eDb((db) => {
    const insert = db.prepare("insert into reviews (service_id, user_id, author_name, rating, body, created_at) values (?, null, ?, 5, ?, ?)");
    for (let i = 1; i <= 12; i++) insert.run(own.serviceId, `Reader ${i}`, `Review number ${i}`, new Date(Date.UTC(2025, 0, i)).toISOString());
  });
  await signIn(context, own.vendorEmail, baseURL!);
  await page.goto("/vendor/reviews");
  await expect(page.locator(".vreview")).toHaveCount(10);
  await expect(page.getByText("Review number 12", { exact: true })).toBeVisible();
  const pages = page.getByRole("navigation", { name: "Review pages" });
  await pages.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/\/vendor\/reviews\?page=2$/);
  await expect(page.locator(".vreview")).toHaveCount(2);
  await expect(page.getByText("Review number 1", { exact: true })).toBeVisible();
  await expect(pages.locator("[aria-current=page]")).toHaveText("2");
});
