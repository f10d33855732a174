import { plantVisit } from "./booking-db";
import { withE2eDb } from "./e2e-db";
import { expect, test } from "./fixtures";

// The demo salon's stylist signs in with the README's password, lands on their own day, completes a visit of theirs
// (planted in the e2e database: a browser test cannot make time pass), and is refused Finance by the server,
// with a way back to their day.

test("the stylist signs in, completes their own visit, and cannot open Finance", async ({ page }, info) => {
  const { ref, id } = plantVisit({ daysFromNow: info.project.name === "phone-no-js" ? -5 : -6, lagosHour: 17, status: "confirmed" });
  withE2eDb((db) => {
    const member = db.prepare("select m.id from team_members m join users u on u.id = m.user_id where u.email = 'stylist@example.com'").get() as { id: number };
    db.prepare("update appointments set member_id = ? where id = ?").run(member.id, id);
  });

  await page.goto("/login");
  await page.getByLabel("Email").fill("stylist@example.com");
  await page.getByLabel("Password", { exact: true }).fill("Stylist123");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/vendor\/day$/);
  await expect(page.getByRole("heading", { name: "My day" })).toBeVisible();
  // The sidebar offers the stylist their own day and their own clients, nothing of the salon's running.
  const sidebar = page.getByRole("navigation", { name: "Dashboard" });
  await expect(sidebar.getByRole("link")).toHaveText([/My day/, /Calendar/, /Clients/]);

  const row = page.getByRole("row", { name: /Tolu Adebayo/ }).filter({ hasText: ref });
  await expect(row).toContainText("•••• 4567");
  await row.getByRole("button", { name: "Mark completed" }).click();
  await expect(page.getByRole("status").getByText("Marked completed.")).toBeVisible();
  // Done: it leaves the visits waiting to be marked (an earlier day's completed visit is no longer "my day").
  await expect(page.getByRole("row").filter({ hasText: ref })).toHaveCount(0);
  const status = withE2eDb((db) => (db.prepare("select status from appointments where id = ?").get(id) as { status: string }).status, { readonly: true });
  expect(status).toBe("completed");

  const finance = await page.goto("/vendor/finance");
  expect(finance?.status()).toBe(403);
  await expect(page.getByText("Only the salon's owner can open the money pages.")).toBeVisible();
  // The refusal offers the stylist their own day, not only Home.
  await page.getByRole("link", { name: "Open my day" }).click();
  await expect(page).toHaveURL(/\/vendor\/day$/);
  await expect(page.getByRole("heading", { name: "My day" })).toBeVisible();
});
