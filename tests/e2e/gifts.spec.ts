import crypto from "node:crypto";
import { addCookieHeader, expect, test } from "./fixtures";
import { customerSession, featuredServiceId } from "./booking-db";
import { buyerWithGiftCard, plantGiftCard } from "./gift-db";
import { axe } from "./axe-page";
import { withE2eDb } from "./e2e-db";

// A gift as its people meet it (docs/domain.md, "Gifts and offers"): a buyer, signed out, gives a gift card from the
// salon's page and sends its payment link; someone else, signed out, pays it; the recipient's e-mail carries the code
// and the link to the printable voucher, which shows the balance, the expiry and the history. On the phone without
// JavaScript and on the desktop with it. Every page passes axe (nothing serious or critical).

const shot = (name: string, project: string) => ({ path: `test-results/gifts-${name}-${project}.png`, fullPage: true });

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

test("a gift card bought signed out, paid through its link by someone else, received, then spent in part at Book Now", async ({
  page,
  browser,
  baseURL,
}, info) => {
  const tag = crypto.randomBytes(3).toString("hex");
  const recipient = `ada-${tag}@example.com`;
  const buyer = `tunde-${tag}@example.com`;

  await page.goto("/profile/vendor");
  await page.getByRole("link", { name: "Give as a gift" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("A gift card for Ronke's Beauty Lounge");
  // The buyer is told before paying what the voucher page says after: the code is spent when booking, and keeps the rest.
  await expect(page.getByText(/it keeps its balance until the end of .* Its code is entered when booking on Glow: it pays what it covers/)).toBeVisible();
  await expect(page.getByText(/can be used until/)).toHaveCount(0);
  await axe(page);
  // A refusal first: an amount outside the salon's range.
  await page.getByLabel(/Another amount, from/).check();
  await page.getByLabel("Another amount (naira)").fill("3000");
  await page.getByLabel("Recipient's name").fill("Ada");
  await page.getByLabel("Recipient's e-mail").fill(recipient);
  await page.getByLabel("A message (optional)").fill("Happy birthday!");
  await page.getByLabel("Your name").fill("Tunde");
  await page.getByLabel("Your e-mail").fill(buyer);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByText("Choose one of the amounts offered, or an amount from ₦5,000 to ₦200,000.").first()).toBeVisible();
  await page.screenshot(shot("0-refused-amount", info.project.name));
  await page.getByLabel("₦20,000", { exact: true }).check();
  await page.getByLabel("Another amount (naira)").fill("");
  await page.getByRole("button", { name: "Continue to payment" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pay for Tunde's gift to Ada");
  await expect(page.getByRole("link", { name: "Share on WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=/);
  const link = (await page.locator("#pay-link").textContent())!.trim();
  expect(link).toMatch(/\/gift\/pay\/[\w-]{20,}$/);
  await axe(page);
  await page.screenshot(shot("1-pay-link", info.project.name));

  // Someone else, signed out in a browser of their own, pays through the link.
  const payer = await browser.newContext({ viewport: info.project.use.viewport, javaScriptEnabled: info.project.use.javaScriptEnabled, baseURL });
  const other = await payer.newPage();
  await other.goto(new URL(link).pathname);
  await other.getByLabel("Your name (optional)").fill("Funke");
  await other.getByLabel("Your e-mail").fill(`funke-${tag}@example.com`);
  await other.getByRole("button", { name: "Pay ₦20,000 online" }).click();
  await other.getByRole("button", { name: /test: succeeds/ }).click();
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("The gift for Ada is paid");
  await expect(other.getByText("Paid by Funke. The voucher was e-mailed to Ada.")).toBeVisible();
  await other.screenshot(shot("2-paid-by-someone-else", info.project.name));
  await payer.close();

  // The recipient's e-mail, as the development mail page shows it.
  const mails = (await (await page.request.get("/dev/mail.json")).json()) as OutboxMail[];
  const mail = mails.find((m) => m.to === recipient)!;
  expect(mail.subject).toBe("Tunde gave you a ₦20,000 gift card at Ronke's Beauty Lounge");
  const code = /Your code: ([A-Z2-9-]{19})/.exec(mail.text)![1]!;
  const voucherUrl = /Your voucher \(print it or keep the link\): (\S+)/.exec(mail.text)![1]!;
  expect(mails.find((m) => m.to === buyer)!.text).toContain("Funke paid for a ₦20,000 gift card");
  expect(mails.find((m) => m.to === `funke-${tag}@example.com`)!.subject).toBe("Receipt: ₦20,000 for a gift at Ronke's Beauty Lounge");
  await page.goto("/dev/mail");
  await expect(page.getByText("Tunde gave you a ₦20,000 gift card at Ronke's Beauty Lounge").first()).toBeVisible();

  // The printable voucher: code, balance, expiry, salon, history.
  await page.goto(new URL(voucherUrl).pathname);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("₦20,000 gift card at Ronke's Beauty Lounge");
  await expect(page.locator(".voucher__code")).toHaveText(code);
  await expect(page.getByText(/^Balance/).locator("..")).toContainText("₦20,000");
  await expect(page.getByText(/end of the day \(Lagos time\)/)).toBeVisible();
  await expect(page.getByRole("cell", { name: "Bought" })).toBeVisible();
  // How to spend it: at Book Now, at the salon that sold it.
  await expect(page.getByText(/^To spend it, book a service at Ronke's Beauty Lounge on Glow and enter this code/)).toBeVisible();
  await expect(page.getByRole("link", { name: "book a service at Ronke's Beauty Lounge" })).toHaveAttribute("href", /^\/profile\/vendor\/\d+$/);
  await axe(page);
  await page.screenshot(shot("3-voucher", info.project.name));

  // The code is read in any case; a wrong one is not found.
  const lower = await page.request.get(`/gift/${code.toLowerCase()}`);
  expect(lower.status()).toBe(200);
  expect((await page.request.get("/gift/AAAA-BBBB-CCCC-DDDD")).status()).toBe(404);

  // Ada, signed in, spends part of it on the salon's braids (₦12,000): a wrong code is refused beside the field,
  // the right one covers all of it, and Book Now books it with no payment step.
  await addCookieHeader(page.context(), customerSession(`gift-${info.project.name}`), baseURL!);
  await page.goto(`/booking?service=${featuredServiceId()}`);
  await page.getByRole("list", { name: "Free times" }).getByRole("link").first().click();
  await expect(page.locator(".summary-when")).not.toContainText("Pick a time");
  const field = page.getByLabel("Gift card or voucher code");
  await field.fill("AAAA-BBBB-CCCC-DDDD");
  await page.getByRole("button", { name: "Apply gift code" }).click();
  await expect(page.locator("#booking-gift-error")).toHaveText("We couldn't find a gift with that code. Check it and try again.");
  await expect(page.locator("#error-summary")).toContainText("We couldn't find a gift with that code.");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await page.screenshot(shot("5-code-refused", info.project.name));
  await field.fill(code.toLowerCase());
  await page.getByRole("button", { name: "Apply gift code" }).click();
  const applied = page.getByRole("list", { name: "Gifts applied" });
  await expect(applied).toContainText(`₦20,000 gift card ····${code.slice(-4)}`);
  await expect(applied).toContainText("−₦12,000");
  await expect(page.locator(".summary--gifts .summary__total")).toHaveText(/Left to pay\s*₦0/);
  await expect(page.getByText("Your gifts cover all of it: Book Now books it, with nothing to pay.")).toBeVisible();
  await axe(page);
  await page.screenshot(shot("6-code-applied", info.project.name));
  await page.getByRole("button", { name: "Book Now" }).click();
  await expect(page).toHaveURL(/\/user\/appointment\?ref=GLW-[A-Z0-9]{6}$/);
  const ref = new URL(page.url()).searchParams.get("ref")!;
  await expect(page.getByRole("status").getByText("Booked! Your gift covers all of it, so there is nothing to pay.")).toBeVisible();
  await expect(page.getByText("Paid with a gift card").first()).toBeVisible();
  await page.screenshot(shot("7-booked-with-gift", info.project.name));

  // The voucher: ₦8,000 left, the booking in its history.
  await page.goto(new URL(voucherUrl).pathname);
  await expect(page.getByText(/^Balance/).locator("..")).toContainText("₦8,000");
  await expect(page.getByRole("cell", { name: `Reserved for a booking (${ref})` })).toBeVisible();
  await page.screenshot(shot("8-voucher-after", info.project.name));
});

test("the vendor sets its gifts and sees the gift cards it sold", async ({ page, signInAs }, info) => {
  await signInAs("vendor@example.com");
  await page.goto("/vendor/gifts");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gifts");
  await expect(page.getByRole("cell", { name: /Tolu, from Kemi Adeyemi/ })).toBeVisible();
  await expect(page.getByText(/Customers enter a code when booking with you on Glow: it pays what it covers/)).toBeVisible();
  await page.getByLabel("Amounts to choose from (naira)").fill("500 20000");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("A gift card is between ₦1,000 and ₦500,000, in whole naira.").first()).toBeVisible();
  await page.getByLabel("Amounts to choose from (naira)").fill("10000 20000 50000");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").getByText("Your gifts are saved.")).toBeVisible();
  await axe(page);
  await page.screenshot(shot("4-vendor", info.project.name));
});

test("gift codes at Book Now: each refusal says why; a gift covering part leaves the rest to pay at step 2", async ({ page, ownCustomer }, info) => {
  void ownCustomer;
  const serviceId = featuredServiceId();
  const elsewhere = plantGiftCard({ amountKobo: 500_000, otherVendorThan: serviceId });
  const expired = plantGiftCard({ amountKobo: 500_000, serviceId, expired: true });
  const part = plantGiftCard({ amountKobo: 500_000, serviceId });

  await page.goto(`/booking?service=${serviceId}`);
  await page.getByRole("list", { name: "Free times" }).getByRole("link").first().click();
  await expect(page.locator(".summary-when")).not.toContainText("Pick a time");
  const field = page.getByLabel("Gift card or voucher code");
  const error = page.locator("#booking-gift-error");
  await field.fill(elsewhere);
  await page.getByRole("button", { name: "Apply gift code" }).click();
  await expect(error).toHaveText(/^This gift is for .+, so it can't be used at Ronke's Beauty Lounge\.$/);
  await field.fill(expired);
  await page.getByRole("button", { name: "Apply gift code" }).click();
  await expect(error).toHaveText(/^This gift expired on [A-Z][a-z]{2} \d{1,2}, \d{4}, so it can't be used\.$/);
  await page.screenshot(shot("9-expired-refused", info.project.name));
  await field.fill(part);
  await page.getByRole("button", { name: "Apply gift code" }).click();
  await expect(error).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Gifts applied" })).toContainText("−₦5,000");
  await expect(page.locator(".summary--gifts .summary__total")).toHaveText(/Left to pay\s*₦7,000/);
  await page.getByRole("button", { name: "Book Now" }).click();

  // Step 2 asks only for what is left: ₦7,000.
  await expect(page).toHaveURL(/\/payment\?order=GLW-/);
  const summary = page.locator(".booking__summary");
  await expect(summary).toContainText("Gift card");
  await expect(summary).toContainText("−₦5,000");
  await expect(summary.locator(".summary__total").last()).toHaveText(/Left to pay\s*₦7,000/);
  await expect(summary.locator(".due--whole")).toContainText("₦7,000");
  await axe(page);
  await page.screenshot(shot("10-step-2-rest", info.project.name));

  await page.goto(`/gift/${part}`);
  await expect(page.getByText(/^Balance/).locator("..")).toContainText("₦0");
});

test("the buyer refunds an unused gift card from My gifts, after a confirmation; a second try is refused", async ({ page, context, baseURL }, info) => {
  const { cookie } = buyerWithGiftCard(`refund-${info.project.name}`, featuredServiceId());
  await addCookieHeader(context, cookie, baseURL!);

  await page.goto("/user/appointment");
  await page.getByRole("navigation", { name: "My account" }).getByRole("link", { name: "My gifts" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My gifts");
  const card = page.getByRole("listitem").filter({ hasText: "₦10,000 gift card at Ronke's Beauty Lounge" });
  await expect(card).toContainText("Unused");
  await expect(card.getByText(/^Balance/).locator("..")).toContainText("₦10,000");
  await expect(card.getByText("Valid until")).toBeVisible();
  const refundLink = card.getByRole("link", { name: "Refund" });
  const confirmPath = (await refundLink.getAttribute("href"))!.split("#")[0]!;
  await refundLink.click();

  const confirm = page.getByRole("region", { name: "Refund this gift?" });
  await expect(confirm).toContainText("₦10,000 for the ₦10,000 gift card for Ada at Ronke's Beauty Lounge goes back to the card or account you paid with.");
  await axe(page);
  await page.screenshot(shot("11-refund-confirm", info.project.name));

  // The same confirmation open in a second tab, submitted after the first: refused, nothing changes.
  const other = await context.newPage();
  await other.goto(confirmPath);
  await confirm.getByRole("button", { name: "Yes, refund ₦10,000" }).click();
  await expect(page.getByRole("status").getByText("Refunded ₦10,000 to the card or account it was paid with.")).toBeVisible();
  await expect(card).toContainText("Refunded");
  await expect(card.getByText(/^Balance/).locator("..")).toContainText("₦0");
  await expect(card.getByRole("link", { name: "Refund" })).toHaveCount(0);
  await page.screenshot(shot("12-refunded", info.project.name));

  await other.getByRole("button", { name: "Yes, refund ₦10,000" }).click();
  await expect(other.locator("#error-summary")).toContainText("This gift was already refunded.");
  await other.close();
  const again = await page.goto(confirmPath);
  expect(again!.status()).toBe(409);
  await expect(page.locator("#error-summary")).toContainText("This gift was already refunded.");
});

test("a signed-in buyer paying for their own gift finds their e-mail filled in, and AutoCredit offered only when it covers the gift", async ({
  page,
  context,
  baseURL,
}, info) => {
  const { cookie, userId } = buyerWithGiftCard(`own-pay-${info.project.name}`, featuredServiceId());
  await addCookieHeader(context, cookie, baseURL!);
  // An address the product's e-mail rule takes (an ending of 2-3 letters; the planted one ends in .test).
  const email = `tunde-${crypto.randomBytes(4).toString("hex")}@buyers.ng`;
  withE2eDb((db) => db.prepare("update users set email = ? where id = ?").run(email, userId));
  const order = async () => {
    await page.goto("/profile/vendor");
    await page.getByRole("link", { name: "Give as a gift" }).click();
    await page.getByLabel("₦10,000", { exact: true }).check();
    await page.getByLabel("Recipient's name").fill("Ada");
    await page.getByLabel("Recipient's e-mail").fill("ada@example.com");
    await page.getByLabel("Your name").fill("Tunde");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pay for Tunde's gift to Ada");
  };
  // No AutoCredit at all: no button, no line about it.
  await order();
  await expect(page.getByRole("textbox", { name: "Your e-mail" })).toHaveValue(email);
  await expect(page.getByRole("button", { name: /Pay with AutoCredit/ })).toHaveCount(0);
  await expect(page.getByText(/Your AutoCredit balance/)).toHaveCount(0);
  // ₦4,000 of AutoCredit: said, not offered.
  const credit = (kobo: number) =>
    withE2eDb((db) =>
      db
        .prepare("insert into credit_entries (user_id, amount_kobo, reason, created_at) values (?, ?, 'test credit', ?)")
        .run(userId, kobo, new Date().toISOString()),
    );
  credit(400_000);
  await page.reload();
  await expect(page.getByText("Your AutoCredit balance (₦4,000) is less than the total (₦10,000).")).toBeVisible();
  await expect(page.getByRole("button", { name: /Pay with AutoCredit/ })).toHaveCount(0);
  // Enough of it: the button pays.
  credit(600_000);
  await page.reload();
  await page.getByRole("button", { name: "Pay with AutoCredit (₦10,000)" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The gift for Ada is paid");
});
