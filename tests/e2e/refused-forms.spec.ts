import type { Page } from "@playwright/test";
import { demoEmails, expect, test } from "./fixtures";

// Every form the server can refuse opens its answer at the error summary (components/forms.tsx ErrorSummary): on a
// phone without JavaScript the page is a fresh load, and the summary must be focused and in view, not the top of a
// long page. Each form below is sent empty or wrong past the browser's own checks, as a forged or old browser would.

test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });

async function sendRefused(page: Page, path: string, fill: (page: Page) => Promise<void>, button: string): Promise<void> {
  await page.goto(path);
  // The browser's required/pattern checks would stop the form before the server sees it.
  await page.locator("form").evaluateAll((forms) => forms.forEach((f) => f.setAttribute("novalidate", "")));
  await fill(page);
  await page.getByRole("button", { name: button, exact: true }).first().click();
  const summary = page.locator("#error-summary");
  await expect(summary, path).toBeVisible();
  await expect(summary, path).toBeInViewport();
  await expect(summary, path).toBeFocused();
}

const nothing = async () => {};

test("the account forms open at their error summary", async ({ page }) => {
  await sendRefused(page, "/login", nothing, "Login");
  await expect(page.locator("#error-summary")).toContainText("Please check:");
  await sendRefused(page, "/register", nothing, "Sign Up");
  await sendRefused(page, "/reset/request", async (p) => p.getByLabel("Email").fill("not an e-mail"), "Send reset link");
});

test("a customer's profile opens at its error summary", async ({ page, ownCustomer }) => {
  expect(ownCustomer.cookie).toContain("=");
  await sendRefused(page, "/user/profile", async (p) => p.getByLabel("First name").fill(""), "Save");
  await expect(page.locator("#error-summary")).toContainText("Letters, hyphens, apostrophe allowed");
});

test("the vendor's forms open at their error summary", async ({ page, signInAs }) => {
  await signInAs(demoEmails.vendor);
  await sendRefused(page, "/vendor/hours", nothing, "Add day off");
  await sendRefused(page, "/vendor/withdraw", async (p) => p.getByLabel("Amount (₦)").fill("abc"), "Continue");
  await sendRefused(page, "/vendor/services/create", async (p) => p.getByLabel("Title *").fill(""), "Next");
});
