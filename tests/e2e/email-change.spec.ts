import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { plantSessionRow } from "../../scripts/plant-session.mjs";
import { withE2eDb } from "./e2e-db";
import { expect, signIn, test } from "./fixtures";

// Changing the e-mail on /user/profile (docs/decisions/012-email-change.md), in both projects: the password is asked,
// the change waits for the link e-mailed to the new address (read from /dev/mail.json, as the e2e server has
// MAIL_PREVIEW=true), the old address is told, and the person may sign out their other devices.

const PASSWORD = "Passw0rd1";
const unique = (info: TestInfo, what: string) => `${what}-${info.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const toast = (page: Page, text: string) => page.getByRole("status").getByText(text, { exact: true });

async function mailsTo(request: APIRequestContext, email: string): Promise<{ subject: string; text: string }[]> {
  const mails = (await (await request.get("/dev/mail.json")).json()) as { to: string; subject: string; text: string }[];
  return mails.filter((m) => m.to === email);
}

test("a new e-mail needs the password and changes only when the link sent to it is followed; other devices are signed out", async ({
  page,
  context,
  request,
  baseURL,
}, info) => {
  const email = unique(info, "mover");
  expect(
    (
      await request.post("/auth/register", { data: { first_name: "Mover", last_name: "Tester", email, password: PASSWORD, password_confirmation: PASSWORD } })
    ).status(),
  ).toBe(201);
  await signIn(context, email, baseURL!);
  const otherDevice = withE2eDb((db) => {
    const { id } = db.prepare("select id from users where email = ?").get(email) as { id: number };
    return `glow_session=${plantSessionRow(db, id)}`;
  });
  const newEmail = unique(info, "moved");

  await page.goto("/user/profile");
  await page.getByLabel("Email").fill(newEmail);
  await page.getByLabel("Current password").fill("not-my-password");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  // In the error summary at the top, and under the field, which names it as its description.
  await expect(page.getByRole("alert").filter({ hasText: "Please check:" })).toContainText("That is not your current password. Nothing was saved.");
  await expect(page.getByLabel("Current password")).toHaveAccessibleDescription(/That is not your current password\. Nothing was saved\./);
  expect(await mailsTo(request, newEmail)).toEqual([]);

  await page.getByLabel("Email").fill(newEmail);
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByLabel("Sign out my other devices when the new e-mail is confirmed").check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, `Your profile is saved. To change your e-mail, open the link we sent to ${newEmail}.`)).toBeVisible();
  // Until the link is followed the account keeps its e-mail, and the page says a change is waiting.
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByText(`Waiting for you to open the link sent to ${newEmail}`)).toBeVisible();
  const [notice] = await mailsTo(request, email);
  expect(notice!.text).toContain(`Your Glow e-mail is being changed to ${newEmail[0]}***@example.com`);

  const [confirmation] = await mailsTo(request, newEmail);
  const link = confirmation!.text.match(/https?:\/\/\S+\/email-change\/[A-Za-z0-9_-]+/)![0];
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole("heading", { name: "Confirm your new e-mail" })).toBeVisible();
  await expect(page.getByText(newEmail)).toBeVisible();
  await page.getByRole("button", { name: "Confirm new e-mail" }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(toast(page, `Your e-mail is now ${newEmail}. Your other devices are signed out.`)).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(newEmail);

  // The other device is signed out; the link is spent.
  const elsewhere = await request.get("/user/profile", { headers: { Cookie: otherDevice }, maxRedirects: 0 });
  expect(elsewhere.status()).toBe(302);
  expect(elsewhere.headers()["location"]).toMatch(/^\/login\?/);
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole("heading", { name: "This link cannot change your e-mail" })).toBeVisible();
  await expect(page.getByText("This link no longer works")).toBeVisible();
});
