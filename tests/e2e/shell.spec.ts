import { expect, test } from "./fixtures";

// The page shell, in both projects: phone width with JavaScript off, desktop with JavaScript on.

test("the top bar links to Home, Men, Women, Login and Join, and every shell link leads somewhere real", async ({ page, request }, info) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Find a perfect beautician near you for that stunning look." })).toBeVisible();

  if (info.project.name === "desktop-js") {
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Men", exact: true })).toHaveAttribute("href", "/main/men");
    await expect(nav.getByRole("link", { name: "Women", exact: true })).toHaveAttribute("href", "/main/women");
    await expect(nav.getByRole("link", { name: "Login", exact: true })).toHaveAttribute("href", "/login");
    await expect(nav.getByRole("link", { name: "Join", exact: true })).toHaveAttribute("href", "/register");
  }

  const submenu = page.getByRole("navigation", { name: "Categories" });
  const submenuLinks = await submenu.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(submenuLinks).toEqual([
    "/submenu/men",
    "/submenu/women",
    "/submenu/spa",
    "/submenu/manicure",
    "/submenu/pedicure",
    "/submenu/tatoo",
    "/submenu/piercing",
    "/submenu/facials",
  ]);

  const hrefs = await page
    .locator("header a[href], nav a[href], footer a[href]")
    .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute("href")!))]);
  expect(hrefs.length).toBeGreaterThan(10);
  for (const href of hrefs.filter((h) => h.startsWith("/"))) {
    const response = await request.get(href);
    expect(response.status(), href).toBeLessThan(400);
  }
});

test("below 1000px the menu is a full-screen overlay that opens, closes, and closes when a link is chosen", async ({ page }, info) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  const mainNav = page.getByRole("navigation", { name: "Main" });
  await expect(mainNav).toBeHidden();
  const overlay = page.getByRole("navigation", { name: "Menu" });
  await expect(overlay).toBeHidden();

  await page.locator("summary", { hasText: "Open menu" }).click();
  await expect(overlay).toBeVisible();
  const box = await overlay.boundingBox();
  expect(box).toMatchObject({ x: 0, y: 0, width: 360, height: 740 });
  for (const name of ["Men", "Women", "Login", "Join"]) await expect(overlay.getByRole("link", { name, exact: true })).toBeVisible();

  await page.locator("summary", { hasText: "Close menu" }).click();
  await expect(overlay).toBeHidden();

  await page.locator("summary", { hasText: "Open menu" }).click();
  await overlay.getByRole("link", { name: "Women", exact: true }).click();
  await expect(page).toHaveURL(/\/main\/women$/);
  await expect(overlay).toBeHidden();
  void info;
});

test("the footer shows the logo and the current year; its link columns hide on small screens", async ({ page }) => {
  await page.goto("/");
  const footer = page.locator("footer");
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  await expect(footer.getByRole("img", { name: "Glow" })).toBeVisible();
  const columns = footer.locator(".site-footer__columns");
  const width = page.viewportSize()!.width;
  if (width < 700) {
    await expect(columns).toBeHidden();
  } else {
    await expect(columns.getByRole("heading", { name: "manicure" }).first()).toBeVisible();
    await expect(columns.getByRole("link", { name: "Manicure in Portharcout" }).first()).toBeVisible();
  }
});

test("an unmatched path shows the Home page content with status 404", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Find a perfect beautician near you for that stunning look." })).toBeVisible();
  await expect(page.getByText("Order a service and share the payment link with anyone to pay on your behalf")).toBeVisible();
});

test("a toast set by an action appears after the redirect and leaves by itself", async ({ page }, info) => {
  await page.goto("/");
  const email = `toast-${info.project.name}-${Date.now()}@example.com`;
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Subscribe" }).click();
  const toast = page.getByRole("status").getByText("Thanks for subscribing! Look out for styles and offers in your inbox.");
  await expect(toast).toBeVisible();
  // It is gone after its delay (5 s), with or without JavaScript.
  await expect(toast).toBeHidden({ timeout: 8_000 });

  // The toast was a flash: reloading does not show it again.
  await page.reload();
  await expect(page.getByText("Thanks for subscribing!")).toHaveCount(0);
});

test("healthz answers 200 when the app can serve", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
});
