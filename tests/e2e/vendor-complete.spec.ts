import { plantVisit } from "./booking-db";
import { expect, test } from "./fixtures";

// The vendor completes an appointment of the demo customer once its time has come.
// The appointment is planted in the e2e database (a confirmed booking from a few days ago), since time cannot be
// made to pass in a browser test.

test("the vendor marks the demo customer's past appointment completed; it moves to Completed", async ({ page, signInAs }, info) => {
  const { ref } = plantVisit({ daysFromNow: info.project.name === "phone-no-js" ? -3 : -4, lagosHour: 18, status: "confirmed" });
  await signInAs("vendor@example.com");
  await page.goto(`/vendor/appointment?tab=past&q=${ref}`);
  const row = page.getByRole("row", { name: /Tolu Adebayo/ }).filter({ hasText: ref });
  await row.getByRole("button", { name: "Mark completed" }).click();
  await expect(page.getByRole("status").getByText("Marked completed.")).toBeVisible();

  await page.goto(`/vendor/appointment?tab=completed&q=${ref}`);
  await expect(page.getByRole("row", { name: /Tolu Adebayo/ }).filter({ hasText: ref })).toBeVisible();
  // A second completion is refused: the button is gone and the state holds.
  await page.goto(`/vendor/appointment?tab=past&q=${ref}`);
  await expect(page.getByRole("button", { name: "Mark completed" })).toHaveCount(0);
});
