import crypto from "node:crypto";
import { ownVendorService, plantVisit } from "./booking-db";
import { queryOne, withE2eDb } from "./e2e-db";
import { plantSessionRow } from "../../scripts/plant-session.mjs";
import { addCookieHeader, expect, freshContext, test } from "./fixtures";

// Reaching people where they are: consent on sign-up and on the profile, the phone messages a booking sends (as
// /dev/mail.json shows them), the manage link (cancel without signing in), the opt-out link, and the share and chat
// links, with JavaScript off on a phone and on at the desktop.

type Message = { channel: string; to: string; subject: string; text: string };

test("sign-up offers three unticked choices; the ticked one is stored as given at sign-up", async ({ page }, info) => {
  const email = `reach-${info.project.name}-${crypto.randomBytes(4).toString("hex")}@example.com`;
  await page.goto("/register");
  for (const name of ["Appointment messages by WhatsApp", "Appointment messages by SMS", "News and offers from Glow"]) {
    await expect(page.getByRole("checkbox", { name: new RegExp(name) })).not.toBeChecked();
  }
  await page.getByLabel("First name").fill("Amara");
  await page.getByLabel("Last name").fill("Okafor");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Passw0rd1");
  await page.getByLabel("Confirm password").fill("Passw0rd1");
  await page.getByRole("checkbox", { name: /Appointment messages by WhatsApp/ }).check();
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("status").getByText("Registration Successfull", { exact: true })).toBeVisible();
  const row = queryOne<{ channel: string; given: number; source: string }>(
    "select channel, given, source from message_consents where user_id = (select id from users where email = ?)",
    email,
  );
  expect(row).toEqual({ channel: "whatsapp", given: 1, source: "sign-up" });
});

test("consent on the profile; a booking's WhatsApp message carries the manage link (cancel through it, no sign-in) and the opt-out link", async ({
  page,
  browser,
  baseURL,
}, info) => {
  // A customer of this test's own, with an e-mail the profile form accepts (the sign-up rule: an ending of 2-3 letters).
  const session = withE2eDb((db) => {
    const email = `reach-${info.project.name}-${crypto.randomBytes(4).toString("hex")}@example.com`;
    const { lastInsertRowid } = db
      // E-mail confirmed, as an established account's is: "Pay to vendor" needs it (docs/domain.md).
      .prepare(
        "insert into users (email, password_hash, first_name, last_name, role, created_at, email_confirmed_at) values (?, '!unusable', 'Reach', 'Tester', 'customer', ?, ?)",
      )
      .run(email, new Date().toISOString(), new Date().toISOString());
    return plantSessionRow(db, Number(lastInsertRowid));
  });
  await addCookieHeader(page.context(), `glow_session=${session}`, baseURL!);
  const phone = `0803${String(crypto.randomInt(1_000_000, 9_999_999))}`;
  await page.goto("/user/profile");
  await page.getByLabel("Contact number").fill(phone);
  await page.getByRole("checkbox", { name: /Appointment messages by WhatsApp/ }).check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").getByText("Your profile is saved.")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /Appointment messages by WhatsApp/ })).toBeChecked();
  await expect(page.getByText(/Given [A-Z][a-z]{2} \d{1,2}, \d{4} \(profile\)/)).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /Appointment messages by SMS/ })).not.toBeChecked();

  // Book tomorrow, paying at the vendor: a salon of this test's own, whose free times no other story takes first.
  const { serviceId } = ownVendorService(`reach-${info.project.name}`);
  await page.goto(`/booking?service=${serviceId}&date=tomorrow`);
  await page.getByRole("list", { name: "Free times" }).getByRole("link").first().click();
  await page.getByRole("button", { name: "Book Now" }).click();
  await expect(page).toHaveURL(/\/payment\?order=GLW-/);
  const ref = new URL(page.url()).searchParams.get("order")!;
  await page.getByRole("radio", { name: /Pay to vendor/ }).check();
  await page.getByRole("button", { name: "Proceed to payment" }).click();
  await expect(page).toHaveURL(new RegExp(`/user/appointment\\?ref=${ref}`));

  // The message as it would be sent (test mode), to the number in E.164.
  const e164 = `+234${phone.slice(1)}`;
  const messages = (await (await page.request.get("/dev/mail.json")).json()) as Message[];
  const message = messages.find((m) => m.channel === "whatsapp" && m.to === e164 && m.text.includes(ref));
  expect(message, "a WhatsApp message about the booking").toBeTruthy();
  expect(messages.some((m) => m.channel === "sms" && m.to === e164)).toBe(false);
  const manage = message!.text.match(/https?:\/\/\S+\/manage\/[\w.-]+/)![0];
  const stop = message!.text.match(/https?:\/\/\S+\/stop\/[\w.-]+/)![0];
  expect(manage.startsWith(baseURL!)).toBe(true);

  // Someone holding the link, not signed in, cancels.
  const stranger = await freshContext(browser, info, baseURL!);
  const visit = await stranger.newPage();
  await visit.goto(manage);
  await expect(visit.getByRole("heading", { level: 1, name: "Your appointment" })).toBeVisible();
  await expect(visit.getByText(ref)).toBeVisible();
  await visit.locator("summary", { hasText: "Cancel" }).click();
  await visit.getByRole("button", { name: "Yes, cancel this appointment" }).click();
  await expect(visit.getByRole("status").getByText("Your appointment is cancelled.")).toBeVisible();
  await expect(visit.getByText("This appointment can no longer be moved or cancelled here.")).toBeVisible();

  // A forged link is a clear 404 page.
  const forged = await visit.goto(manage.replace(/\.[\w-]+$/, ".AAAAAAAAAAAA"));
  expect(forged!.status()).toBe(404);
  await expect(visit.getByRole("heading", { name: "This link doesn't work" })).toBeVisible();

  // The opt-out link: asks, then stops WhatsApp only.
  await visit.goto(stop);
  await expect(visit.getByText("Stop WhatsApp messages about your appointments from Glow?")).toBeVisible();
  await visit.getByRole("button", { name: "Yes, stop them" }).click();
  await expect(visit.getByText("Glow will send you no more WhatsApp messages about your appointments.")).toBeVisible();
  await stranger.close();
  await page.goto("/user/profile");
  await expect(page.getByRole("checkbox", { name: /Appointment messages by WhatsApp/ })).not.toBeChecked();
  await expect(page.getByText(/Withdrawn [A-Z][a-z]{2} \d{1,2}, \d{4} \(opt-out link\)/)).toBeVisible();
});

test("share and chat links are plain wa.me links with their text encoded", async ({ page }) => {
  await page.goto("/profile/vendor");
  const chat = new URL((await page.getByRole("link", { name: "Chat on WhatsApp" }).getAttribute("href"))!);
  expect(chat.origin + chat.pathname).toBe("https://wa.me/2348029876543");
  expect(chat.searchParams.get("text")).toMatch(/^Hello Ronke's Beauty Lounge, I found you on Glow: http:\/\/localhost:\d+\/profile\/vendor\/\d+$/);
  const shareVendor = new URL((await page.getByRole("link", { name: "Share", exact: true }).getAttribute("href"))!);
  expect(shareVendor.searchParams.get("text")).toMatch(/^Ronke's Beauty Lounge on Glow: /);

  await page.goto("/details");
  const shareService = new URL((await page.getByRole("link", { name: "Share", exact: true }).getAttribute("href"))!);
  expect(shareService.origin).toBe("https://wa.me");
  expect(shareService.searchParams.get("text")).toMatch(
    /^Knotless Box Braids by Ronke's Beauty Lounge on Glow, ₦[\d,]+: http:\/\/localhost:\d+\/details\/\d+$/,
  );
});

test("a reminder that came due carries the manage link: whoever holds it cancels the visit without signing in", async ({ page, browser, baseURL }, info) => {
  // A confirmed visit booked yesterday that starts in just under 2 hours: its 2-hour reminder is due now. The sweep
  // that plans reminders runs every minute; it is brought forward so the test need not wait for it.
  const visit = plantVisit({ daysFromNow: 1, lagosHour: 12, status: "confirmed" });
  withE2eDb((db) => {
    const starts = new Date(Date.now() + 2 * 3_600_000 - 10_000);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    db.prepare("update appointments set starts_at = ?, ends_at = ?, created_at = ? where id = ?").run(
      starts.toISOString(),
      new Date(starts.getTime() + 3_600_000).toISOString(),
      yesterday,
      visit.id,
    );
    db.prepare("update jobs set run_at = ? where kind = 'sweep' and key = 'schedule-visit-reminders'").run(new Date().toISOString());
  });

  let reminder: Message | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await (await page.request.get("/dev/mail.json")).json()) as Message[];
        reminder = messages.find(
          (m) => m.channel === "email" && m.to === "customer@example.com" && m.text.includes(visit.ref) && m.text.includes("in 2 hours"),
        );
        return Boolean(reminder);
      },
      { timeout: 30_000, message: "the 2-hour reminder e-mail" },
    )
    .toBe(true);
  const manage = reminder!.text.match(/https?:\/\/\S+\/manage\/[\w.-]+/)![0];
  expect(manage.startsWith(baseURL!)).toBe(true);

  const holder = await freshContext(browser, info, baseURL!);
  const at = await holder.newPage();
  await at.goto(manage);
  await expect(at.getByRole("heading", { level: 1, name: "Your appointment" })).toBeVisible();
  await expect(at.getByText(visit.ref)).toBeVisible();
  await at.locator("summary", { hasText: "Cancel" }).click();
  await at.getByRole("button", { name: "Yes, cancel this appointment" }).click();
  await expect(at.getByRole("status").getByText("Your appointment is cancelled.")).toBeVisible();
  await at.screenshot({ path: `test-results/reminder-manage-${info.project.name}.png`, fullPage: true });
  await holder.close();
  expect(queryOne<{ status: string }>("select status from appointments where id = ?", visit.id).status).toBe("cancelled");
});
