import fs from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { customerSession, featuredServiceId, plantVisit, serviceOpenTomorrow } from "./booking-db";
import { addCookieHeader, demoEmails, expect, test } from "./fixtures";
import { queryOne } from "./e2e-db";

// One audit does not depend on another: they are spread over the workers (each with its own server and demo data,
// tests/e2e/fixtures.ts).
test.describe.configure({ mode: "parallel" });

// Every page of the app, in both projects (a 360px phone with JavaScript off and a
// 1280px desktop with it on), passes axe with no violation of impact "serious" or "critical". Pages are visited
// as their people see them (signed out, customer, vendor, admin), including the states a form shows after a
// failed submission, the error pages and the open overlays.

// Animations end at once (the app honours prefers-reduced-motion), so axe never measures a toast mid-fade.
test.use({ reducedMotion: "reduce" });

const hasJs = (info: TestInfo) => info.project.use.javaScriptEnabled !== false;

/**
 * The page as axe should see it. With JavaScript on, the live page once hydrated. With JavaScript off
 * axe cannot run in the page itself (it needs timers), so it runs on a copy: the very DOM this page shows (opened
 * overlays, server-rendered errors), served at the same address to a JavaScript-enabled page of the same size,
 * without the app's scripts, so nothing hydrates or changes it. One such page serves the whole worker.
 * (A JavaScript-enabled page does not parse <noscript>: the one there, /reset/changed's 3-second meta refresh, is not audited; axe would call it a timing problem, WCAG 2.2.1.)
 */
let copyPage: Page | undefined;
let copy = { url: "", html: "" };
async function axeTarget(page: Page): Promise<Page> {
  if (hasJs(test.info())) {
    // Hydration is done when the page first goes idle after loading (cheaper than waiting for a quiet network,
    // which also never comes on pages that poll).
    await page.waitForLoadState("load");
    await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null), { timeout: 2000 })));
    return page;
  }
  // The whole document, not one still arriving after a form post.
  await page.waitForLoadState("load");
  const url = new URL(page.url());
  url.hash = "";
  copy = { url: url.href, html: (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "") };
  if (!copyPage) {
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, reducedMotion: "reduce" });
    copyPage = await context.newPage();
    await copyPage.route(
      (u) => u.href.split("#")[0] === copy.url,
      (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: copy.html }),
    );
  }
  await copyPage.setViewportSize(page.viewportSize()!);
  await copyPage.goto(copy.url);
  return copyPage;
}

test.afterAll(async () => {
  await copyPage?.context().close();
  copyPage = undefined;
});

/**
 * axe itself, injected at most once per document. AxeBuilder evaluates the script it is given twice per analysis
 * (once to see whether axe is there, once more to inject it), and parsing axe's 1.3 MB took about as long as the
 * audit itself (docs/testing.md); the minified build of the same axe-core (the one @axe-core/playwright depends on),
 * behind a check, is parsed once and skipped the second time.
 */
const fromAxeBuilder = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"));
const axeOnce = `if (typeof window.axe !== "object") {\n${fs.readFileSync(fromAxeBuilder.resolve("axe-core/axe.min.js"), "utf8")}\n}`;

/** axe's findings that block: impact "serious" or "critical", one readable paragraph each. */
async function audit(page: Page, label: string) {
  const target = await axeTarget(page);
  // Legacy mode runs axe in the page itself: the app has no frames, and the default mode opens an extra page for
  // every run, which triples the time. "region" (every element inside a landmark) walks the whole page and its
  // impact is always "moderate", which this gate does not count: skipping it saves a fifth of the time.
  const results = await new AxeBuilder({ page: target, axeSource: axeOnce })
    .setLegacyMode(true)
    .disableRules(["region"])
    .options({ resultTypes: ["violations"] })
    .analyze();
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = blocking
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map((n) => `    - ${n.target.join(" ")}\n      ${(n.failureSummary ?? "").replace(/\n/g, "\n      ")}`)
        .join("\n");
      const more = v.nodes.length > 8 ? `\n    ... and ${v.nodes.length - 8} more` : "";
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join("\n");
  expect
    .soft(
      blocking.map((v) => v.id),
      `axe on ${label} (${page.url()}):\n${report}`,
    )
    .toEqual([]);
}

/**
 * Submits a button's form past the browser's own checks (required, type=email), which would otherwise stop a
 * bad value before it is sent: the page axe then sees is the server's answer, as browsers that do not check get it.
 */
async function submitUnchecked(page: Page, button: Locator) {
  await button.evaluate((b: HTMLButtonElement) => {
    if (b.form) b.form.noValidate = true;
  });
  await button.click();
}

type Who = keyof typeof demoEmails;

interface Visit {
  name: string;
  as?: Who;
  /** Where to go: a path, or computed from the e2e database when the test runs. */
  path: string | (() => string);
  /** What to do once there before the audit (fill a form wrongly, open an overlay...). */
  then?: (page: Page, info: TestInfo) => Promise<void>;
  /** The HTTP status the page answers with (error pages). */
  status?: number;
}

const customerConversation = () =>
  queryOne<{ id: number }>("select c.id from conversations c join users u on u.id = c.customer_id where u.email = ? order by c.id limit 1", demoEmails.customer)
    .id;
const vendorConversation = () =>
  queryOne<{ id: number }>(
    "select c.id from conversations c join vendors v on v.id = c.vendor_id join users u on u.id = v.user_id where u.email = ? order by c.id limit 1",
    demoEmails.vendor,
  ).id;
const customerRef = () =>
  queryOne<{ ref: string }>(
    "select a.ref from appointments a join users u on u.id = a.customer_id where u.email = ? and a.status = 'confirmed' order by a.starts_at desc limit 1",
    demoEmails.customer,
  ).ref;

const CATEGORIES = ["men", "women", "spa", "manicure", "pedicure", "tatoo", "piercing", "facials"];

const visits: Visit[] = [
  // Public pages.
  { name: "Home", path: "/" },
  {
    name: "Home with the mobile menu open",
    path: "/",
    then: async (page) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.locator("summary", { hasText: "Open menu" }).click();
      await expect(page.getByRole("navigation", { name: "Menu" })).toBeVisible();
    },
  },
  {
    name: "Home after a failed newsletter sign-up",
    path: "/",
    then: async (page) => {
      await page.getByLabel("Email address").fill("not-an-email");
      await submitUnchecked(page, page.getByRole("button", { name: "Subscribe" }));
      await expect(page.locator(".toast--error")).toBeVisible();
    },
  },
  { name: "Main category: men", path: "/main/men" },
  { name: "Main category: women", path: "/main/women" },
  ...CATEGORIES.map((slug) => ({ name: `Submenu: ${slug}`, path: `/submenu/${slug}` })),
  { name: "Submenu with filters and a bad date", path: "/submenu/women?price=0-5000&date=banana", status: 400 },
  { name: "Submenu: unknown category", path: "/submenu/unicorns", status: 404 },
  { name: "Search results", path: "/search/hair" },
  { name: "Search with no results", path: "/search/qwxyzz" },
  { name: "Service detail (featured)", path: "/details" },
  { name: "Service detail by id", path: () => `/details/${featuredServiceId()}?date=tomorrow` },
  { name: "Service detail: not found", path: "/details/999999", status: 404 },
  { name: "Vendor public profile", path: "/profile/vendor" },
  { name: "What our badges mean", path: "/badges" },
  { name: "Home, lite", path: "/", then: (page) => page.getByRole("button", { name: "Lite (saves data)" }).click() },
  { name: "An e-mail change link that no longer works", path: "/email-change/no-such-link", status: 404 },
  { name: "A manage link that does not work", path: "/manage/1.AAAAAAAAAAAA", status: 404 },
  { name: "An opt-out link that does not work", path: "/stop/1w.AAAAAAAA", status: 404 },
  { name: "Login", path: "/login" },
  {
    name: "Login after a failed sign-in",
    path: "/login",
    then: async (page) => {
      await page.getByLabel("Email").fill("customer@example.com");
      await page.getByLabel("Password", { exact: true }).fill("Wrong-password-1");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await expect(page.locator(".form-errors, [id$='-error'], [role=alert]").first()).toBeVisible();
    },
  },
  { name: "Register", path: "/register" },
  {
    name: "Register after a refused sign-up (e-mail taken)",
    path: "/register",
    then: async (page) => {
      await page.getByLabel("First name").fill("Ada");
      await page.getByLabel("Last name").fill("Obi");
      await page.getByLabel("Email").fill("customer@example.com");
      await page.getByLabel("Password", { exact: true }).fill("Passw0rd1");
      await page.getByLabel("Confirm password").fill("Passw0rd1");
      await page.getByRole("button", { name: "Sign Up" }).click();
      await expect(page.locator("[role=alert]").first()).toBeVisible();
    },
  },
  {
    name: "Register while a field shows its live hint",
    path: "/register",
    then: async (page, info) => {
      await page.getByLabel("Email").fill("not-an-email");
      await page.getByLabel("Password", { exact: true }).fill("short");
      if (!hasJs(info)) {
        await submitUnchecked(page, page.getByRole("button", { name: "Sign Up" }));
        await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
      } else {
        // With JavaScript the hint shows while its field has focus (the password field, just typed in).
        await expect(page.locator(".field__hint").first()).toBeVisible();
      }
    },
  },
  { name: "Forgot password", path: "/reset/request" },
  {
    name: "Forgot password after an unknown e-mail",
    path: "/reset/request",
    then: async (page) => {
      await page.getByLabel("Email").fill(`nobody-${Date.now()}@example.com`);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expect(page.locator("[role=alert]").first()).toBeVisible();
    },
  },
  { name: "Reset password", path: "/reset/a-token-from-an-email" },
  {
    name: "Reset password after a refused token",
    path: "/reset/a-token-from-an-email",
    then: async (page) => {
      await page.getByLabel("Email").fill("customer@example.com");
      await page.getByLabel("New password", { exact: true }).fill("Passw0rd1");
      await page.getByLabel("Confirm new password").fill("Passw0rd1");
      await page.getByRole("button", { name: "Reset Password" }).click();
      await expect(page.locator("[role=alert]").first()).toBeVisible();
    },
  },
  { name: "Password changed", path: "/reset/changed" },
  { name: "404 page", path: "/no/such/page", status: 404 },
  { name: "Payment link that does not exist", path: "/pay/not-a-real-payment-link-token-at-all-0000", status: 404 },
  { name: "Favourites signed out", path: "/favorites" },
  { name: "Development mail preview", path: "/dev/mail" },

  // The demo customer's pages.
  { name: "Favourites", as: "customer", path: "/favorites" },
  {
    name: "Favourites with the filter drawer open",
    as: "customer",
    path: "/favorites",
    then: async (page) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.locator("summary.drawer__toggle").click();
      await expect(page.getByRole("navigation", { name: "Favourite filters" })).toBeVisible();
    },
  },
  { name: "My appointments (upcoming)", as: "customer", path: "/user/appointment" },
  { name: "My appointments (past)", as: "customer", path: "/user/appointment?tab=past" },
  { name: "Reschedule an appointment", as: "customer", path: () => `/user/appointment?ref=${customerRef()}&rdate=tomorrow#reschedule` },
  { name: "Reschedule with a bad date", as: "customer", path: () => `/user/appointment?ref=${customerRef()}&rdate=banana#reschedule`, status: 400 },
  { name: "My gifts", as: "customer", path: "/user/gifts" },
  { name: "My profile", as: "customer", path: "/user/profile" },
  {
    name: "My profile after a failed save",
    as: "customer",
    path: "/user/profile",
    then: async (page) => {
      await page.getByLabel("Contact number").fill("12");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
    },
  },
  { name: "Messages", as: "customer", path: "/messages" },
  { name: "A conversation (customer)", as: "customer", path: () => `/messages/${customerConversation()}` },
  { name: "Booking step 1", as: "customer", path: () => `/booking?service=${serviceOpenTomorrow().serviceId}&date=tomorrow` },
  { name: "Booking with a bad date", as: "customer", path: () => `/booking?service=${serviceOpenTomorrow().serviceId}&date=banana` },
  { name: "A customer at a vendor page (403)", as: "customer", path: "/vendor/profile", status: 403 },

  // The demo vendor's dashboard.
  ...["new", "upcoming", "past", "completed", "canceled"].map((tab) => ({
    name: `Vendor appointments: ${tab}`,
    as: "vendor" as const,
    path: `/vendor/appointment?tab=${tab}`,
  })),
  { name: "Vendor appointments: no match", as: "vendor", path: "/vendor/appointment?tab=new&q=zzzzzz" },
  { name: "Vendor clients", as: "vendor", path: "/vendor/clients" },
  {
    name: "Vendor client record",
    as: "vendor",
    path: () => `/vendor/clients/${queryOne<{ id: number }>("select id from users where email = 'client-demo-walk-in@clients.glow.invalid'").id}`,
  },
  {
    name: "New appointment: free times and a client search",
    as: "vendor",
    path: () => `/vendor/appointment/new?service=${featuredServiceId()}&date=tomorrow&q=funmi`,
  },
  { name: "New appointment: a refused query", as: "vendor", path: "/vendor/appointment/new?date=nope", status: 400 },
  { name: "Vendor team", as: "vendor", path: "/vendor/team" },
  { name: "Vendor calendar: the team's day", as: "vendor", path: "/vendor/calendar?date=tomorrow" },
  { name: "Vendor calendar: a member's week", as: "vendor", path: "/vendor/calendar?view=week" },
  { name: "Vendor calendar: a date that is not one", as: "vendor", path: "/vendor/calendar?date=someday", status: 400 },
  { name: "Finance report", as: "vendor", path: "/vendor/finance/report" },
  { name: "Vendor calendar: a stylist's own day", as: "stylist", path: "/vendor/calendar" },
  { name: "Vendor team: a new member's form", as: "vendor", path: "/vendor/team?edit=new" },
  { name: "Finance: a page number that is not one", as: "vendor", path: "/vendor/finance?tab=all&page=abc", status: 400 },
  ...["active", "pending", "paused", "draft"].map((tab) => ({ name: `Vendor services: ${tab}`, as: "vendor" as const, path: `/vendor/services?tab=${tab}` })),
  ...["overview", "about", "gallery", "pricing"].map((tab) => ({
    name: `Create service: ${tab}`,
    as: "vendor" as const,
    path: `/vendor/services/create?tab=${tab}`,
  })),
  {
    name: "Create service after a failed save",
    as: "vendor",
    path: "/vendor/services/create",
    then: async (page) => {
      await submitUnchecked(page, page.getByRole("button", { name: /next|save/i }).first());
      await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
    },
  },
  { name: "Vendor messages", as: "vendor", path: "/vendor/chats" },
  { name: "A conversation (vendor)", as: "vendor", path: () => `/vendor/chats/${vendorConversation()}` },
  { name: "Vendor finance", as: "vendor", path: "/vendor/finance" },
  { name: "Vendor money activity", as: "vendor", path: "/vendor/activity" },
  { name: "Vendor badge", as: "vendor", path: "/vendor/verification" },
  {
    name: "Vendor badge: a CAC number refused",
    as: "vendor",
    path: "/vendor/verification",
    then: async (page) => {
      await page.getByLabel("RC or BN number").fill("nope");
      await page.getByRole("button", { name: "Check my CAC number" }).click();
    },
  },
  { name: "Vendor place", as: "vendor", path: "/vendor/place" },
  {
    name: "Vendor place: a pin refused",
    as: "vendor",
    path: "/vendor/place",
    then: async (page) => {
      await page.getByLabel("Map pin (optional)").fill("51.5, -0.12");
      await page.getByRole("button", { name: "Save my place" }).click();
    },
  },
  { name: "Vendor profile", as: "vendor", path: "/vendor/profile" },
  { name: "Vendor profile editor", as: "vendor", path: "/vendor/profile?edit=1" },
  {
    name: "Vendor profile editor after a failed save",
    as: "vendor",
    path: "/vendor/profile?edit=1",
    then: async (page) => {
      await page.getByLabel("NIN", { exact: true }).fill("123");
      await page.getByRole("button", { name: "Save Changes" }).first().click();
      // The field's own message (the error summary above the form repeats it).
      await expect(page.locator("#vendor-profile-nin-error", { hasText: "Your NIN has 11 digits" })).toBeVisible();
    },
  },
  { name: "Withdraw", as: "vendor", path: "/vendor/withdraw" },
  {
    name: "Withdraw after a failed request",
    as: "vendor",
    path: "/vendor/withdraw",
    then: async (page) => {
      await page.getByLabel("Amount (₦)").fill("999999999");
      await page.locator(".accounts__choice").first().click();
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
    },
  },
  {
    name: "Withdrawal code, then a wrong code",
    as: "vendor",
    path: "/vendor/withdraw",
    then: async (page) => {
      await page.getByLabel("Amount (₦)").fill("1000");
      await page.locator(".accounts__choice").first().click();
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page).toHaveURL(/\/vendor\/withdraw\/verify\?id=\d+$/);
      await audit(page, "Withdrawal code");
      const boxes = page.getByRole("textbox", { name: /^Digit \d of 6$/ });
      // The e-mailed code is never 000000 and 999999 at once: one of them is wrong.
      const code = queryOne<{ text: string }>("select text from outbox where to_address = ? order by id desc limit 1", demoEmails.vendor).text.match(
        /code is (\d{6})/,
      )![1]!;
      const wrong = code === "000000" ? "999999" : "000000";
      for (let i = 0; i < 6; i++) await boxes.nth(i).fill(wrong[i]!);
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page.getByText(/That code is not right/)).toBeVisible();
    },
  },

  // The admin.
  { name: "Admin: services to moderate", as: "admin", path: "/admin/services" },
  { name: "Admin: customer reviews", as: "admin", path: "/admin/reviews" },
  { name: "Admin: reported visits", as: "admin", path: "/admin/problems" },
  { name: "Admin: audit trail", as: "admin", path: "/admin/audit" },
  { name: "Admin: audit trail, an unknown person", as: "admin", path: "/admin/audit?person=nobody%40example.com", status: 400 },
  { name: "A confirmation link that no longer works", path: "/confirm-email/not-a-real-token", status: 404 },
  { name: "Admin: payouts and payments", as: "admin", path: "/admin/payouts?state=paid" },
  { name: "I paid but it says pending", path: "/payment/check?reference=glw-123", status: 400 },
  { name: "Admin: messages sent", as: "admin", path: "/admin/messages" },
  { name: "Admin: vendors", as: "admin", path: "/admin/vendors" },
  {
    name: "Admin: suspending a vendor, its confirmation",
    as: "admin",
    path: "/admin/vendors?q=vendor%40example.com",
    then: async (page) => {
      await page.getByRole("link", { name: "Suspend Ronke's Beauty Lounge" }).click();
      await expect(page.getByRole("form", { name: "Suspend Ronke's Beauty Lounge?" })).toBeVisible();
    },
  },
  { name: "Vendor: reviews", as: "vendor", path: "/vendor/reviews" },
  {
    name: "Customer: a completed visit's review form",
    as: "customer",
    path: "/user/appointment?tab=past",
    then: async (page) => {
      // A completed visit of its own, not yet reviewed: the seeded one may have been reviewed (and its review
      // hidden) by the reviews spec before this runs.
      await page.goto(`/user/appointment?tab=past&ref=${plantVisit({ daysFromNow: -3, lagosHour: 6, hours: 2, status: "completed" }).ref}#review`);
      await expect(page.locator("#review")).toBeVisible();
    },
  },
  {
    name: "Customer: the account menu open",
    as: "customer",
    path: "/",
    then: async (page, info) => {
      if (info.project.name === "phone-no-js") await page.locator("summary", { hasText: "Open menu" }).click();
      else await page.locator("summary", { hasText: "account menu" }).click();
      await expect(page.getByRole("link", { name: /^Messages/ }).locator("visible=true")).toBeVisible();
    },
  },
];

test.describe("axe finds nothing serious or critical", () => {
  for (const visit of visits) {
    test(visit.name, async ({ page, signInAs }, info) => {
      if (visit.as) await signInAs(demoEmails[visit.as]);
      const target = typeof visit.path === "string" ? visit.path : visit.path();
      const response = await page.goto(target);
      expect(response?.status(), target).toBe(visit.status ?? 200);
      if (visit.then) await visit.then(page, info);
      await audit(page, visit.name);
    });
  }

  test("booking, payment, the payment link and the test-mode checkout", async ({ page, context, baseURL }, info) => {
    // A customer of their own: the demo customer's unpaid orders are capped, and other specs book with them.
    await addCookieHeader(context, customerSession(`a11y-${info.project.name}`), baseURL!);
    const { serviceId } = serviceOpenTomorrow();
    await page.goto(`/booking?service=${serviceId}&date=tomorrow`);
    await page.getByRole("list", { name: "Free times" }).getByRole("link").first().click();
    await expect(page.getByRole("button", { name: "Book Now" })).toBeEnabled();
    await audit(page, "Booking with a time chosen");
    await page.getByRole("button", { name: "Book Now" }).click();
    await expect(page).toHaveURL(/\/payment\?order=GLW-/);
    await audit(page, "Payment (step 2)");

    const link = (await page.locator("#pay-link").textContent())!.trim();
    await context.clearCookies();
    await page.goto(link);
    await audit(page, "Payment link");
    await page.getByLabel("Your e-mail").fill("not-an-email");
    await page.getByRole("button", { name: /^Pay / }).click();
    await audit(page, "Payment link after a failed submission");
    await page.getByLabel("Your e-mail").fill("payer@example.com");
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page.getByText("TEST MODE", { exact: true })).toBeVisible();
    await audit(page, "Test-mode checkout");
  });
});
