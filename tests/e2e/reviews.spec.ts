import crypto from "node:crypto";
import { plantVisit } from "./booking-db";
import { withE2eDb, queryOne } from "./e2e-db";
import { demoEmails, expect, test } from "./fixtures";

// Reviews from real visits, as people use them: the demo vendor completes the demo customer's visit, the customer
// reviews it, the vendor replies, and the service page counts it. Then the customer's account menu leads to an
// unread reply. The past visit is planted (time cannot pass in a browser test).

async function ratingsOn(page: import("@playwright/test").Page, serviceId: number): Promise<number> {
  await page.goto(`/details/${serviceId}`);
  const text = (await page.locator(".reviews__count").textContent())!;
  return Number(text.replace(/[^\d]/g, ""));
}

test("complete a visit, review it, reply as the vendor; the service page counts and shows it", async ({ page, context, signInAs }, info) => {
  const js = info.project.name !== "phone-no-js";
  const { ref, serviceId } = plantVisit({ daysFromNow: js ? -6 : -7, lagosHour: 7, hours: 2, status: "confirmed" });
  const words = `Lovely braids <b>${info.project.name}</b> ${crypto.randomBytes(3).toString("hex")}`;

  await signInAs(demoEmails.vendor);
  await page.goto(`/vendor/appointment?tab=past&q=${ref}`);
  await page
    .getByRole("row", { name: /Tolu Adebayo/ })
    .filter({ hasText: ref })
    .getByRole("button", { name: "Mark completed" })
    .click();
  await expect(page.getByRole("status").getByText("Marked completed.")).toBeVisible();
  // The completion e-mail invites the review.
  const mail = queryOne<{ text: string }>(
    "select text from outbox where to_address = ? and subject like 'Thank you for visiting%' order by id desc limit 1",
    demoEmails.customer,
  );
  expect(mail.text).toContain(`ref=${ref}#review`);

  const before = await ratingsOn(page, serviceId);
  await context.clearCookies();
  await signInAs(demoEmails.customer);
  await page.goto(`/user/appointment?tab=past&ref=${ref}#review`);
  const form = page.locator("#review");
  await expect(form.getByRole("heading", { name: "How was your visit?" })).toBeVisible();
  // The star widget: five stars, four chosen until the customer picks another.
  await expect(form.getByRole("radio")).toHaveCount(5);
  await expect(form.getByRole("radio", { name: "4 stars" })).toBeChecked();
  await form.getByText("5 stars").click({ force: true });
  await expect(form.getByRole("radio", { name: "5 stars" })).toBeChecked();
  await form.getByLabel("Your review", { exact: true }).fill(words);
  await page.screenshot({ path: info.outputPath("review-form.png"), fullPage: false });
  await form.getByRole("button", { name: "Publish my review" }).click();
  await expect(page.getByRole("status").getByText("Thank you! Your review is published.")).toBeVisible();
  await expect(page.locator("#review").getByRole("heading", { name: "Your review" })).toBeVisible();

  expect(await ratingsOn(page, serviceId)).toBe(before + 1);
  const newest = page.locator(".review").first();
  await expect(newest.locator(".review__author")).toHaveText("Tolu A.");
  await expect(newest.locator(".review__body")).toHaveText(words); // shown as text, never as markup

  await context.clearCookies();
  await signInAs(demoEmails.vendor);
  await page.goto("/vendor/reviews");
  const card = page.locator(".vreview").filter({ hasText: words });
  await card.locator("summary", { hasText: "Reply" }).click();
  await card.getByRole("textbox").fill("Thank you, Tolu! See you soon.");
  await card.getByRole("button", { name: "Publish reply" }).click();
  await expect(page.getByRole("status").getByText("Your reply is published.")).toBeVisible();
  await expect(page.locator(".vreview").filter({ hasText: words })).toContainText("Thank you, Tolu! See you soon.");

  await page.goto(`/details/${serviceId}`);
  await expect(page.locator(".review").first().locator(".review__reply")).toContainText("Thank you, Tolu! See you soon.");
  await page.locator("#reviews").screenshot({ path: info.outputPath("service-reviews.png") });

  // The admin hides it (say it was abusive): it stops counting and showing at once, and the featured service's
  // seeded figures (4.56 from 458 ratings) are back for the other specs.
  await context.clearCookies();
  await signInAs(demoEmails.admin);
  await page.goto("/admin/reviews");
  const mine = page.locator(".vreview").filter({ hasText: words });
  await mine.locator("summary", { hasText: "Hide" }).click();
  await mine.getByLabel("Why is it hidden?").fill("Test review, not a real visit");
  await mine.getByRole("button", { name: "Hide this review" }).click();
  await expect(page.getByRole("status").getByText("Hidden: it no longer shows or counts.")).toBeVisible();
  expect(await ratingsOn(page, serviceId)).toBe(before);
  await expect(page.locator(".review").filter({ hasText: words })).toHaveCount(0);

  // Hidden by mistake: the Hidden list has it, and "Show it again" makes it count once more. Hidden again after, so
  // the other specs find the seeded figures.
  await page.goto("/admin/reviews");
  await page.getByRole("navigation", { name: "Which reviews" }).getByRole("link", { name: "Hidden" }).click();
  await expect(page).toHaveURL(/show=hidden/);
  const hidden = page.locator(".vreview").filter({ hasText: words });
  await expect(hidden).toContainText("Hidden: Test review, not a real visit");
  await hidden.getByRole("button", { name: "Show it again" }).click();
  await expect(page.getByRole("status").getByText("Shown again: it counts in the ratings once more.")).toBeVisible();
  await expect(page).toHaveURL(/show=hidden/);
  await page.screenshot({ path: info.outputPath("admin-reviews-hidden.png"), fullPage: true });
  expect(await ratingsOn(page, serviceId)).toBe(before + 1);
  await page.goto("/admin/reviews");
  const again = page.locator(".vreview").filter({ hasText: words });
  await again.locator("summary", { hasText: "Hide" }).click();
  await again.getByLabel("Why is it hidden?").fill("Test review, not a real visit");
  await again.getByRole("button", { name: "Hide this review" }).click();
  await expect(page.getByRole("status").getByText("Hidden: it no longer shows or counts.")).toBeVisible();
  expect(await ratingsOn(page, serviceId)).toBe(before);
});

test('"+ See more" pages through the written reviews (a link, JavaScript off too)', async ({ page }) => {
  await page.goto("/details");
  const total = await page.locator(".review").count();
  expect(total).toBe(2);
  await page.getByRole("link", { name: "+ See more" }).click();
  await expect(page).toHaveURL(/reviews=2/);
  await expect.poll(() => page.locator(".review").count()).toBeGreaterThan(2);
});

function plantVendorMessageToDemoCustomer(body: string): number {
  return withE2eDb((db) => {
    const conv = db
      .prepare(
        "select c.id, v.user_id from conversations c join vendors v on v.id = c.vendor_id join users u on u.id = c.customer_id where u.email = ? order by c.id limit 1",
      )
      .get(demoEmails.customer) as { id: number; user_id: number };
    const now = new Date().toISOString();
    db.prepare("insert into messages (conversation_id, sender_id, body, created_at) values (?, ?, ?, ?)").run(conv.id, conv.user_id, body, now);
    db.prepare("update conversations set last_message_at = ? where id = ?").run(now, conv.id);
    return conv.id;
  });
}

test("the account menu leads to Appointments, Messages (with the unread count), Favourites, Profile; reading clears the count", async ({
  page,
  signInAs,
}, info) => {
  const phone = info.project.name === "phone-no-js";
  await signInAs(demoEmails.customer);
  const conversationId = plantVendorMessageToDemoCustomer(`A reply from the vendor ${info.project.name}`);
  const unread = () =>
    queryOne<{ n: number }>(
      `select count(*) as n from conversations c join users u on u.id = c.customer_id where u.email = ? and exists (
         select 1 from messages m where m.conversation_id = c.id and m.sender_id != c.customer_id and (c.customer_read_at is null or m.created_at > c.customer_read_at))`,
      demoEmails.customer,
    ).n;
  const expected = unread();
  expect(expected).toBeGreaterThan(0);

  const openMenu = async () => {
    if (phone) await page.locator("summary", { hasText: "Open menu" }).click();
    else await page.locator("summary", { hasText: "account menu" }).click();
  };
  await page.goto("/");
  await openMenu();
  const menu = phone ? page.getByRole("region", { name: "Tolu's account" }) : page.locator(".account-menu__panel");
  for (const name of ["Appointments", "Favourites", "Profile"]) await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(menu.getByRole("button", { name: "Sign out" })).toBeVisible();
  const messages = menu.getByRole("link", { name: /^Messages/ });
  await expect(messages).toContainText(String(expected));
  await page.screenshot({ path: info.outputPath("account-menu.png") });
  await messages.click();
  await expect(page).toHaveURL(/\/messages$/);
  await page.goto(`/messages/${conversationId}`);
  await expect(page.getByText(`A reply from the vendor ${info.project.name}`)).toBeVisible();
  // Right after reading, on this very page and the next, the count is one less.
  await openMenu();
  const after = expected - 1;
  const link = (phone ? page.getByRole("region", { name: "Tolu's account" }) : page.locator(".account-menu__panel")).getByRole("link", { name: /^Messages/ });
  if (after === 0) await expect(link.locator(".badge")).toHaveCount(0);
  else await expect(link.locator(".badge")).toHaveText(String(after));
});

test("the vendor's account menu has its dashboard links", async ({ page, signInAs }, info) => {
  await signInAs(demoEmails.vendor);
  await page.goto("/");
  if (info.project.name === "phone-no-js") await page.locator("summary", { hasText: "Open menu" }).click();
  else await page.locator("summary", { hasText: "account menu" }).click();
  for (const name of ["Appointments", "Services", "Reviews", "Finance", "Profile"]) {
    await expect(page.getByRole("link", { name, exact: true }).locator("visible=true")).toHaveCount(1);
  }
  await expect(page.getByRole("link", { name: /^Messages/ }).locator("visible=true")).toHaveAttribute("href", "/vendor/chats");
});

test("on a phone the closed menu button shows the unread count, and says it", async ({ page, signInAs }, info) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(demoEmails.customer);
  plantVendorMessageToDemoCustomer(`Another reply ${info.project.name}`);
  const expected = queryOne<{ n: number }>(
    `select count(*) as n from conversations c join users u on u.id = c.customer_id where u.email = ? and exists (
       select 1 from messages m where m.conversation_id = c.id and m.sender_id != c.customer_id and (c.customer_read_at is null or m.created_at > c.customer_read_at))`,
    demoEmails.customer,
  ).n;
  await page.goto("/");
  const toggle = page.locator("summary.mobile-menu__toggle");
  await expect(toggle.locator(".mobile-menu__badge")).toHaveText(String(expected));
  await expect(toggle).toHaveAccessibleName(`Open menu, ${expected} unread`);
  await page.screenshot({ path: info.outputPath("menu-badge.png") });
  // Open, the count stands beside Messages instead.
  await toggle.click();
  await expect(toggle.locator(".mobile-menu__badge")).toBeHidden();
  await expect(page.getByRole("region", { name: "Tolu's account" }).getByRole("link", { name: /^Messages/ })).toContainText(String(expected));
});
