import { plantVisit } from "./booking-db";
import { expect, test } from "./fixtures";

// Reported problems in the browser (docs/domain.md "Reported problems"): the demo customer reports a problem with a
// visit that ended yesterday, the vendor sees "Problem reported" and cannot complete it, and the admin
// releases it. The visit is planted in the e2e database, since time cannot be made to pass in a browser test.

test("the customer reports a problem with an ended visit; the vendor sees it; the admin releases it", async ({ page, signInAs }, info) => {
  // Yesterday, after the demo vendor's hours (an hour no other spec plants at): ended, and its 48 h not yet over.
  const { ref } = plantVisit({ daysFromNow: -1, lagosHour: info.project.name === "phone-no-js" ? 20 : 21, status: "confirmed" });
  await signInAs("customer@example.com");
  await page.goto(`/user/appointment?tab=past&ref=${ref}`);
  await page.getByText("Report a problem").click();
  // Too short is refused with its message, server-side too (the browser's own check is bypassed here).
  await page.getByLabel("What went wrong?").evaluate((el) => el.removeAttribute("minlength"));
  await page.getByLabel("What went wrong?").fill("bad");
  await page.getByRole("button", { name: "Report this problem" }).click();
  await expect(page.getByText("Please tell us what went wrong.")).toBeVisible();
  await expect(page.getByLabel("What went wrong?")).toHaveValue("bad");
  await page.screenshot({ path: info.outputPath("customer-refused.png"), fullPage: true });
  await page.getByLabel("What went wrong?").fill("The braids came loose <the same> evening.");
  await page.getByRole("button", { name: "Report this problem" }).click();
  await expect(page.getByRole("status").getByText("Thank you. We've told the vendor, and Glow will look into it.")).toBeVisible();
  const box = page.locator("#problem");
  await expect(box.getByRole("heading", { name: "Problem reported" })).toBeVisible();
  await expect(box.getByText("The braids came loose <the same> evening.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Report this problem" })).toHaveCount(0);
  await page.screenshot({ path: info.outputPath("customer-reported.png"), fullPage: true });

  await page.context().clearCookies();
  await signInAs("vendor@example.com");
  await page.goto(`/vendor/appointment?tab=past&q=${ref}`);
  const row = page.getByRole("row", { name: /Tolu Adebayo/ }).filter({ hasText: ref });
  await expect(row.getByText("Problem reported:")).toBeVisible();
  await expect(row.getByRole("button", { name: "Mark completed" })).toHaveCount(0);

  await page.context().clearCookies();
  await signInAs("admin@example.com");
  await page.goto("/admin/problems");
  const item = page.getByRole("listitem").filter({ hasText: ref });
  await expect(item.getByText("The braids came loose <the same> evening.")).toBeVisible();
  await page.screenshot({ path: info.outputPath("admin-open.png"), fullPage: true });
  await item.getByRole("button", { name: "Release to the vendor" }).click();
  await expect(page.getByRole("status").getByText(/^Released: the visit is completed/)).toBeVisible();
  await expect(
    page
      .getByRole("listitem")
      .filter({ hasText: ref })
      .getByText(/^Released to the vendor on /),
  ).toBeVisible();
  await page.screenshot({ path: info.outputPath("admin-released.png"), fullPage: true });

  await page.context().clearCookies();
  await signInAs("vendor@example.com");
  await page.goto(`/vendor/appointment?tab=completed&q=${ref}`);
  await expect(page.getByRole("row", { name: /Tolu Adebayo/ }).filter({ hasText: ref })).toBeVisible();
});

test("the customer disputes a no-show the vendor marked, in the words of a dispute, not of a problem report", async ({ page, signInAs }, info) => {
  // Yesterday, after the demo vendor's hours, at an hour no other spec plants at: marked a no-show, its window open.
  const { ref } = plantVisit({ daysFromNow: -1, lagosHour: info.project.name === "phone-no-js" ? 18 : 19, status: "no_show" });
  await signInAs("customer@example.com");
  await page.goto(`/user/appointment?tab=past&ref=${ref}`);
  await expect(page.getByText("Report a problem")).toHaveCount(0);
  await page.getByText("Dispute this no-show").first().click();
  await page.getByLabel("The vendor marked you as a no-show. What happened?").fill("I was at the salon at 10; it was closed.");
  await page.getByRole("button", { name: "Dispute this no-show" }).click();
  await expect(page.getByRole("status").getByText("Thank you. We've told the vendor that you dispute the no-show, and Glow will look into it.")).toBeVisible();
  const box = page.locator("#problem");
  await expect(box.getByRole("heading", { name: "No-show disputed" })).toBeVisible();
  await expect(box.getByText(/^You disputed the no-show on /)).toBeVisible();
  await expect(box.getByText("I was at the salon at 10; it was closed.")).toBeVisible();
  await page.screenshot({ path: info.outputPath("customer-disputed.png"), fullPage: true });
});
