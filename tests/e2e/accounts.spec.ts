import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { closedPort, startApp, stopApp, type App } from "./app-process";
import { expect, test } from "./fixtures";

// Accounts in both projects: a 360px phone with JavaScript off and a 1280px desktop with it on.
// Each flow goes through the pages as a person would; the e2e server has MAIL_PREVIEW=true, so e-mailed links
// are read from /dev/mail.json.

const PASSWORD = "Passw0rd1";
const hasJs = (info: TestInfo) => info.project.use.javaScriptEnabled !== false;
const unique = (info: TestInfo, what: string) => `${what}-${info.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const toast = (page: Page, text: string) => page.getByRole("status").getByText(text, { exact: true });

async function fillSignUp(page: Page, fields: { first: string; last: string; email: string; password?: string; confirm?: string }) {
  await page.getByLabel("First name").fill(fields.first);
  await page.getByLabel("Last name").fill(fields.last);
  await page.getByLabel("Email").fill(fields.email);
  await page.getByLabel("Password", { exact: true }).fill(fields.password ?? PASSWORD);
  await page.getByLabel("Confirm password").fill(fields.confirm ?? fields.password ?? PASSWORD);
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

async function createAccount(request: APIRequestContext, email: string, baseURL = "") {
  const response = await request.post(`${baseURL}/auth/register`, {
    data: { first_name: "Reset", last_name: "Tester", email, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(response.status()).toBe(201);
}

async function resetLinkFor(request: APIRequestContext, email: string, baseURL = ""): Promise<string> {
  const mails = (await (await request.get(`${baseURL}/dev/mail.json`)).json()) as { to: string; text: string }[];
  const link = mails.find((m) => m.to === email)?.text.match(/https?:\/\/\S+\/reset\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, `a reset link e-mailed to ${email}`).toBeTruthy();
  return link!;
}

const header = (page: Page) => page.locator("header");

test.describe("sign-up", () => {
  test("a new account: 'Registration Successfull', then the login page in place of the form", async ({ page }, info) => {
    await page.goto("/");
    await page.goto("/register");
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Why join Glow" })).toBeVisible();
    await fillSignUp(page, { first: "Ada", last: "O'Neil", email: unique(info, "new") });
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, "Registration Successfull")).toBeVisible();
    if (hasJs(info)) {
      // The sign-up entry was replaced: Back leaves the login page for the page before the form.
      await page.goBack();
      await expect(page).toHaveURL(/\/$/);
    }
  });

  test("an e-mail already taken: 'The email has already been taken.', and the form stays", async ({ page }, info) => {
    await page.goto("/register");
    await fillSignUp(page, { first: "Tolu", last: "Adebayo", email: "customer@example.com" });
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByRole("alert").getByText("The email has already been taken.")).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByLabel("First name")).toHaveValue("Tolu");
    // The server never sends a password back into the page (with JavaScript the typed one simply stays).
    if (!hasJs(info)) await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  });

  test("opening a vendor account leads to the vendor's dashboard after sign-in", async ({ page }, info) => {
    const email = unique(info, "vendor");
    await page.goto("/register");
    await fillSignUp(page, { first: "Kemi", last: "Ade", email });
    await page.getByText("Open a vendor account").click();
    await page.getByLabel("Business name (vendors)").fill("Kemi's Kutz");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughForm(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/vendor\/appointment$/);
  });

  test("the server answers bad entries with the spec's messages (JavaScript off), the client with live hints (on)", async ({ page }, info) => {
    await page.goto("/register");
    const submit = page.getByRole("button", { name: "Sign Up" });
    if (!hasJs(info)) {
      // Nothing that JavaScript would enable is disabled; the server checks everything, passwords included.
      await expect(submit).toBeEnabled();
      await expect(page.getByRole("button", { name: /Show/ })).toHaveCount(0);
      await fillSignUp(page, { first: "B1si", last: "Ola_Bello", email: unique(info, "bad"), password: "password", confirm: "passwordx" });
      await submit.click();
      await expect(page.getByRole("alert").getByText("Invalid Entry")).toBeVisible();
      await expect(page.locator(".field__error").getByText("Numbers not allowed")).toBeVisible();
      await expect(page.locator(".field__error").getByText("Letters, hyphens, apostrophe allowed")).toBeVisible();
      await expect(page.locator(".field__error").getByText("Must include uppercase, lowercase letters and a number")).toBeVisible();
      await expect(page.locator(".field__error").getByText("Must match the first password input field")).toBeVisible();
      return;
    }
    // After hydration the button waits for a valid first name, last name and e-mail.
    await expect(submit).toBeDisabled();
    const first = page.getByLabel("First name");
    await first.fill("A");
    await expect(page.getByText("Numbers not allowed")).toHaveCount(0);
    await first.fill("A1");
    await expect(page.getByText("Numbers not allowed")).toBeVisible();
    await first.fill("A!");
    await expect(page.getByText("Letters, hyphens, apostrophe allowed")).toBeVisible();
    await first.fill("Ada");
    await expect(page.getByText("Letters, hyphens, apostrophe allowed")).toHaveCount(0);
    await page.getByLabel("Last name").fill("Obi");
    const email = page.getByLabel("Email");
    await email.fill("ada@example");
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await expect(submit).toBeDisabled();
    await email.fill(unique(info, "hints"));
    await expect(page.getByText("Invalid email address")).toHaveCount(0);
    await expect(submit).toBeEnabled();

    const password = page.getByLabel("Password", { exact: true });
    await password.fill("Ab1");
    await expect(page.getByText("8-24 characters")).toBeVisible();
    await password.fill("abcdefgh1");
    await expect(page.getByText("Must include uppercase, lowercase letters and a number")).toBeVisible();
    // A hint shows only while its field has focus.
    await page.getByLabel("Confirm password").focus();
    await expect(page.getByText("Must include uppercase, lowercase letters and a number", { exact: true }).and(page.locator(".field__hint"))).toHaveCount(0);
    await password.fill(PASSWORD);
    await page.getByLabel("Confirm password").fill("Passw0rd2");
    await expect(page.getByText("Must match the first password input field")).toBeVisible();

    // Show/hide on both password fields.
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).first().click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).first().click();
    await expect(password).toHaveAttribute("type", "password");
    await expect(page.getByRole("button", { name: "Show password" })).toHaveCount(2);

    // Leaving fields (validation on blur) never counts as a submission.
    await expect(toast(page, "Invalid Entry")).toHaveCount(0);
    // With a bad name the client check stops the form: 'Invalid Entry' and nothing is sent.
    await first.fill("B1si");
    let posted = false;
    page.on("request", (r) => {
      if (r.method() === "POST") posted = true;
    });
    await page.locator("form#register").evaluate((form: HTMLFormElement) => form.requestSubmit());
    await expect(toast(page, "Invalid Entry")).toBeVisible();
    expect(posted).toBe(false);
  });

  test("a live hint shows only while its field has focus, is non-empty and invalid; leaving a field leaves nothing behind", async ({ page }, info) => {
    test.skip(!hasJs(info), "live hints need JavaScript (without it the server answers on submit, tested above)");
    await page.goto("/register");
    await expect(page.getByRole("button", { name: "Sign Up" })).toBeDisabled(); // hydrated
    const first = page.getByLabel("First name");
    await first.click();
    await page.keyboard.type("Jo3");
    await expect(page.getByText("Numbers not allowed")).toBeVisible();
    await page.keyboard.press("Tab"); // to Last name, left empty
    await expect(page.getByText("Numbers not allowed")).toHaveCount(0);
    await page.keyboard.press("Tab"); // to Email, left empty
    await page.keyboard.press("Tab");
    await expect(page.getByText("Enter your last name")).toHaveCount(0);
    await expect(page.getByText("Invalid email address")).toHaveCount(0);
    await expect(page.locator(".field__error")).toHaveCount(0);
    // Back in the field, the hint is there again while it is still invalid.
    await first.focus();
    await expect(page.getByText("Numbers not allowed")).toBeVisible();
  });

  test("a loading toast shows while the sign-up is in flight (JavaScript on)", async ({ page }, info) => {
    test.skip(!hasJs(info), "the loading toast needs JavaScript");
    await page.goto("/register");
    await fillSignUp(page, { first: "Slow", last: "Network", email: unique(info, "slow") });
    await page.route("**/register.data*", async (route) => {
      await new Promise((r) => setTimeout(r, 1000));
      await route.continue();
    });
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(toast(page, "Creating your account…")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, "Creating your account…")).toHaveCount(0);
  });
});

test.describe("sign-in", () => {
  test("the demo customer signs in and sees their name instead of Login", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("link", { name: "Forgot Password" })).toHaveAttribute("href", "/reset/request");
    await expect(page.getByRole("link", { name: "Signup" })).toHaveAttribute("href", "/register");
    await signInThroughForm(page, "customer@example.com", "Customer123");
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, "Welcome back, Tolu!")).toBeVisible();
    await expect(header(page).getByText("Tolu", { exact: true }).first()).toBeAttached();
    await expect(header(page).getByRole("link", { name: "Login", includeHidden: true })).toHaveCount(0);
  });

  test("the demo vendor lands on /vendor/appointment", async ({ page }) => {
    await page.goto("/login");
    await signInThroughForm(page, "vendor@example.com", "Vendor123");
    await expect(page).toHaveURL(/\/vendor\/appointment$/);
  });

  test("a wrong password: 'Email & Password does not match with our record'", async ({ page }) => {
    await page.goto("/login");
    await signInThroughForm(page, "customer@example.com", "Wrong1234");
    await expect(page.getByRole("alert").getByText("Email & Password does not match with our record")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a customer sent to sign in goes back to where they were going", async ({ page }) => {
    await page.goto("/login?redirectTo=%2Fsearch%2Fhair");
    await signInThroughForm(page, "customer@example.com", "Customer123");
    await expect(page).toHaveURL(/\/search\/hair$/);
  });
});

test.describe("forgotten password and reset", () => {
  test("an unknown e-mail: 'Email does not exist in our record'", async ({ page }, info) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot Password" }).click();
    await expect(page.getByRole("heading", { name: "Forgot Password" })).toBeVisible();
    await page.getByLabel("Email").fill(unique(info, "nobody"));
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("alert").getByText("Email does not exist in our record")).toBeVisible();
  });

  test("the e-mailed link resets the password: 'Password Changed', then the login page after 3 seconds", async ({ page, context, request }, info) => {
    const email = unique(info, "reset");
    await createAccount(request, email);
    await page.goto("/reset/request");
    const send = page.getByRole("button", { name: "Send reset link" });
    if (hasJs(info)) await expect(send).toBeDisabled();
    await page.getByLabel("Email").fill(email);
    await send.click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    // The link's lifetime, rendered in the browser too (a `.server` module's constant would be undefined there).
    await expect(page.getByText(/^We.ve sent a link/)).toContainText("It works once, for 20 minutes.");
    if (hasJs(info)) {
      expect(await page.evaluate(() => localStorage.getItem("requestEmail"))).toBe(email);
      // Without the server's cookie the page still knows the e-mail, from local storage.
      await context.clearCookies();
    }

    await page.goto(await resetLinkFor(request, email));
    await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
    // The server (or, with JavaScript, the browser) remembered the e-mail, so the page does not ask for it.
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveCount(0);
    const reset = page.getByRole("button", { name: "Reset Password" });
    if (hasJs(info)) await expect(reset).toBeDisabled();
    await page.getByLabel("New password", { exact: true }).fill("Brand1234");
    await page.getByLabel("Confirm new password").fill("Brand1234");
    await reset.click();
    await expect(page.getByRole("heading", { name: "Password Changed" })).toBeVisible();
    const changedAt = Date.now();
    await expect(page).toHaveURL(/\/login$/, { timeout: 8_000 });
    expect(Date.now() - changedAt).toBeGreaterThan(2_000);

    await signInThroughForm(page, email, "Brand1234");
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByText("Reset", { exact: true }).first()).toBeAttached();
  });

  test("a link opened on another device asks for the e-mail; a wrong one is 'Either you Email or Token is wrong'", async ({ page, request }, info) => {
    const email = unique(info, "device");
    await createAccount(request, email);
    expect((await request.post("/auth/forgot_password", { data: { email } })).status()).toBe(200);
    await page.goto(await resetLinkFor(request, email));
    const emailField = page.getByLabel("Email");
    await expect(emailField).toBeVisible();
    await emailField.fill("customer@example.com");
    await page.getByLabel("New password", { exact: true }).fill("Brand1234");
    await page.getByLabel("Confirm new password").fill("Brand1234");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("alert").getByText("Either you Email or Token is wrong")).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("New password", { exact: true }).fill("Brand1234");
    await page.getByLabel("Confirm new password").fill("Brand1234");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("heading", { name: "Password Changed" })).toBeVisible();
  });
});

test.describe("guards", () => {
  test("a customer opening /vendor/profile gets 403", async ({ page, signInAs }) => {
    await signInAs("customer@example.com");
    const response = await page.goto("/vendor/profile");
    expect(response?.status()).toBe(403);
  });

  test("an anonymous visit to /user/profile leads to sign-in and back", async ({ page }) => {
    const response = await page.goto("/user/profile");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fuser%2Fprofile$/);
    await signInThroughForm(page, "customer@example.com", "Customer123");
    await expect(page).toHaveURL(/\/user\/profile$/);
  });
});

test.describe("a cross-site post", () => {
  test("is refused and changes nothing, while the same forms work from the site itself", async ({ request }) => {
    const evil = { Origin: "https://evil.example" };
    // Resource routes answer through the app's own check: 403.
    const api = await request.post("/auth/register", {
      data: { first_name: "Eve", last_name: "Evil", email: "eve@example.com", password: PASSWORD, password_confirmation: PASSWORD },
      headers: evil,
    });
    expect(api.status()).toBe(403);
    expect((await request.post("/logout", { headers: evil, maxRedirects: 0 })).status()).toBe(403);
    // Page routes: Remix's own guard refuses a foreign Origin before any action runs; entry.server turns its
    // refusal into a 403 too. No session is created and no account is made.
    const refused = await request.post("/login", { form: { email: "customer@example.com", password: "Customer123" }, headers: evil, maxRedirects: 0 });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain("Cross-site request refused.");
    expect(refused.headers()["set-cookie"] ?? "").not.toContain("glow_session");
    const form = { first_name: "Eve", last_name: "Evil", email: "eve@example.com", password: PASSWORD, password_confirmation: PASSWORD };
    expect((await request.post("/register", { form, headers: evil, maxRedirects: 0 })).status()).toBe(403);
    expect((await request.post("/register.data", { form, headers: { Origin: "null" }, maxRedirects: 0 })).status()).toBe(403);
    expect((await request.post("/reset/request", { form: { email: "customer@example.com" }, headers: evil, maxRedirects: 0 })).status()).toBe(403);
    expect((await request.post("/auth/forgot_password", { data: { email: "eve@example.com" } })).status()).toBe(404);
  });

  // Found by tests/e2e/hostile.spec.ts: with a body of more than ~100 KB the refusal never came (Express waits to
  // read the body, which nobody read), and the request hung until the server's timeout.
  test("with a large body is refused at once too", async ({ request }) => {
    const big = { email: "customer@example.com", password: "x".repeat(1024 * 1024) };
    for (const path of ["/login", "/booking", "/vendor/withdraw"]) {
      const refused = await request.post(path, { form: big, headers: { Origin: "https://evil.example" }, maxRedirects: 0, timeout: 10_000 });
      expect(refused.status()).toBe(403);
    }
  });
});

// Remote mode: this app's pages with AUTH_API_URL pointing at a second instance of the app, and at a
// port where nothing listens.

// Ten ports per checkout (E2E_PORT), three per worker: the file runs in both projects, and two workers may run it at once.
const checkoutPorts = 20_000 + (Number(process.env.E2E_PORT ?? 3100) % 1000) * 10;
let basePort = checkoutPorts;

test.describe("remote auth backend", () => {
  test.describe.configure({ timeout: 90_000 });
  const apps: App[] = [];
  const dirs: string[] = [];
  let front = "";
  let backend = "";
  let unreachable = "";

  /** An app process on its own fresh SQLite database. */
  function start(port: number, env: Record<string, string>): Promise<App> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "glow-remote-"));
    dirs.push(dir);
    return startApp(port, { DATABASE_URL: `file:${path.join(dir, "glow.sqlite")}`, MAIL_PREVIEW: "true", RATE_LIMIT_FACTOR: "50", ...env });
  }

  test.beforeAll(async ({}, info) => {
    // Three servers starting at once on a busy machine take longer than the default 30 s hook timeout.
    test.setTimeout(90_000);
    basePort = checkoutPorts + 3 * info.parallelIndex;
    front = `http://localhost:${basePort}`;
    backend = `http://localhost:${basePort + 1}`;
    unreachable = `http://localhost:${basePort + 2}`;
    const started = await Promise.allSettled([
      start(basePort + 1, { APP_URL: front }),
      start(basePort, { APP_URL: front, AUTH_API_URL: backend }),
      start(basePort + 2, { AUTH_API_URL: `http://127.0.0.1:${await closedPort()}` }),
    ]);
    // Those that did start are stopped in afterAll even when another did not.
    for (const result of started) if (result.status === "fulfilled") apps.push(result.value);
    for (const result of started) if (result.status === "rejected") throw result.reason;
  });

  test.afterAll(async () => {
    await Promise.all(apps.map(stopApp));
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("sign-up, e-mail taken, forgot and reset go through the second instance with the same messages", async ({ page, request }, info) => {
    const email = unique(info, "remote");
    await page.goto(`${front}/register`);
    await fillSignUp(page, { first: "Remi", last: "Remote", email });
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(`${front}/login`);
    await expect(toast(page, "Registration Successfull")).toBeVisible();
    // The account lives in the backend's database.
    expect((await request.post(`${backend}/auth/forgot_password`, { data: { email: `x-${email}` } })).status()).toBe(404);
    expect(
      (
        await request.post(`${backend}/auth/register`, {
          data: { first_name: "R", last_name: "R", email, password: PASSWORD, password_confirmation: PASSWORD },
        })
      ).status(),
    ).toBe(422);

    await page.goto(`${front}/register`);
    await fillSignUp(page, { first: "Remi", last: "Remote", email });
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByRole("alert").getByText("The email has already been taken.")).toBeVisible();

    await page.goto(`${front}/reset/request`);
    await page.getByLabel("Email").fill(`unknown-${email}`);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("alert").getByText("Email does not exist in our record")).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

    // The backend e-mailed the link, pointing at the front app.
    const link = await resetLinkFor(request, email, backend);
    expect(link.startsWith(`${front}/reset/`)).toBe(true);
    await page.goto(link.replace(/\/reset\/.*/, "/reset/not-the-token"));
    await page.getByLabel("New password", { exact: true }).fill("Brand1234");
    await page.getByLabel("Confirm new password").fill("Brand1234");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("alert").getByText("Either you Email or Token is wrong")).toBeVisible();
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("Brand1234");
    await page.getByLabel("Confirm new password").fill("Brand1234");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("heading", { name: "Password Changed" })).toBeVisible();
  });

  test("a backend that cannot be reached: 'No Server Response'", async ({ page }, info) => {
    await page.goto(`${unreachable}/register`);
    await fillSignUp(page, { first: "Lone", last: "Ly", email: unique(info, "lonely") });
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByRole("alert").getByText("No Server Response")).toBeVisible();
    await page.goto(`${unreachable}/reset/request`);
    await page.getByLabel("Email").fill("customer@example.com");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("alert").getByText("No Server Response")).toBeVisible();
  });
});
