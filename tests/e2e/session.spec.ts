import { expect, test } from "./fixtures";

test("a planted session shows the person's name and a sign-out control; signing out ends it", async ({ page, signInAs }) => {
  await signInAs("customer@example.com");
  await page.goto("/");
  const header = page.locator("header");
  await expect(header.getByText("Tolu", { exact: true }).first()).toBeAttached();
  await expect(header.getByRole("link", { name: "Login", includeHidden: true })).toHaveCount(0);
  if (page.viewportSize()!.width < 1000) await page.locator("summary", { hasText: "Open menu" }).click();
  else await header.locator("summary", { hasText: "account menu" }).click();
  await header.getByRole("button", { name: "Sign out" }).locator("visible=true").click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByText("Tolu", { exact: true })).toHaveCount(0);
});
