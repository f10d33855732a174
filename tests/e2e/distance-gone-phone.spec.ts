import crypto from "node:crypto";
import { expect, test } from "./fixtures";
import { customerSession } from "./booking-db";
import { queryOne, withE2eDb } from "./e2e-db";

// Book Now's travel check, pages gone for good (410) and confirming a phone by a texted code, in both projects:
// phone width with JavaScript off, desktop with it on.

test("Book Now refuses a home visit from an area further than the vendor travels, and books one within it", async ({ page, ownCustomer, ownService }) => {
  void ownCustomer;
  const { vendorId } = queryOne<{ vendorId: number }>("select vendor_id as vendorId from services where id = ?", ownService.serviceId);
  withE2eDb((db) => {
    db.prepare("update services set service_type = 'both' where id = ?").run(ownService.serviceId);
    db.prepare("update vendors set travel_km = 5, lat = 6.4474, lng = 3.4723 where id = ?").run(vendorId);
  });
  await page.goto(`/booking?service=${ownService.serviceId}&date=tomorrow&time=11&location=home`);
  await page.getByLabel("Home service (at my address)").check();
  await page.getByLabel(/Address for home service/).fill("3 Allen Avenue");
  await page.getByLabel(/Your area/).selectOption("Ikeja, Lagos");
  await page.getByRole("button", { name: "Book Now" }).click();
  await expect(
    page.getByText(/travels up to 5 km for home service, and Ikeja, Lagos is about 21\.7 km away\. You can still book a visit at the salon\./).first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/booking/);
  expect(queryOne<{ n: number }>("select count(*) as n from appointments where service_id = ?", ownService.serviceId).n).toBe(0);

  await page.getByLabel(/Your area/).selectOption("Lekki, Lagos");
  await page.getByRole("button", { name: "Book Now" }).click();
  await expect(page).toHaveURL(/\/payment\?order=/);
  expect(queryOne<{ location_type: string }>("select location_type from appointments where service_id = ?", ownService.serviceId)).toEqual({
    location_type: "home",
  });
});

test("a service removed for good answers 410 with similar services; one that never existed stays 404", async ({ page, request, signInAs, ownService }) => {
  await signInAs(ownService.vendorEmail);
  await page.goto("/vendor/services");
  await page.locator("summary", { hasText: "Remove for good" }).first().click();
  await page.getByRole("button", { name: "Yes, remove it" }).click();
  await expect(page.getByText("Removed for good").first()).toBeVisible();
  expect(queryOne<{ status: string }>("select status from services where id = ?", ownService.serviceId).status).toBe("retired");

  await page.context().clearCookies();
  const gone = await request.get(`/details/${ownService.serviceId}`);
  expect(gone.status()).toBe(410);
  expect((await request.get("/details/99999999")).status()).toBe(404);
  const services = await (await request.get("/sitemaps/services-1.xml")).text();
  expect(services).not.toContain(`/details/${ownService.serviceId}<`);

  await page.goto(`/details/${ownService.serviceId}`);
  await expect(page.getByRole("heading", { level: 1, name: "This service is gone" })).toBeVisible();
  await expect(page.getByText(/no longer offers/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Similar services you can book" })).toBeVisible();
  const similar = page.locator(".error-panel__links a").first();
  const href = await similar.getAttribute("href");
  await similar.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the owner closes the business from the profile by typing its name; its page then answers 410 and says it closed", async ({
  page,
  request,
  signInAs,
  ownService,
}, info) => {
  const vendor = queryOne<{ id: number; business_name: string }>(
    "select v.id, v.business_name from services s join vendors v on v.id = s.vendor_id where s.id = ?",
    ownService.serviceId,
  );
  await signInAs(ownService.vendorEmail);
  await page.goto("/vendor/profile");
  await page.getByRole("link", { name: "Close your business on Glow" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Close your business on Glow" })).toBeVisible();
  await page.getByLabel(/^Type your business’s name/).fill("Somebody else's salon");
  await page.getByRole("button", { name: "Close my business on Glow" }).click();
  await expect(page.getByText(`Type your business's name as it shows here, “${vendor.business_name}”, to close it.`).first()).toBeVisible();
  expect(queryOne<{ closed_at: string | null }>("select closed_at from vendors where id = ?", vendor.id).closed_at).toBeNull();

  await page.getByLabel(/^Type your business’s name/).fill(vendor.business_name.toUpperCase());
  await page.getByRole("button", { name: "Close my business on Glow" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your business is closed" })).toBeVisible();
  await page.screenshot({ path: `test-results/close-business-${info.project.name}.png`, fullPage: true });

  await page.context().clearCookies();
  expect((await request.get(`/profile/vendor/${vendor.id}`)).status()).toBe(410);
  expect((await request.get(`/details/${ownService.serviceId}`)).status()).toBe(410);
});

test("a customer confirms their phone with the code texted to them; a wrong code is refused on the page", async ({ page, baseURL }, info) => {
  const label = `phone-${info.project.name}-${crypto.randomBytes(3).toString("hex")}`;
  const cookie = customerSession(label);
  const phone = `+234803${String(crypto.randomInt(1_000_000, 9_999_999))}`;
  withE2eDb((db) => db.prepare("update users set phone = ? where email like ?").run(phone, `${label}-%`));
  const [name, value] = cookie.split("=") as [string, string];
  await page.context().addCookies([{ name, value, url: baseURL! }]);

  await page.goto("/user/phone");
  await expect(page.getByRole("heading", { level: 2, name: `0${phone.slice(4, 7)} ${phone.slice(7, 10)} ${phone.slice(10)}` })).toBeVisible();
  await page.getByRole("button", { name: "Text me a code" }).click();
  await expect(page.getByText("We texted you a code.").first()).toBeVisible();
  const { text } = queryOne<{ text: string }>("select text from sms_outbox where to_phone = ? order by id desc limit 1", phone.slice(1));
  const code = /code is (\d{6})/.exec(text)![1]!;

  await page.getByLabel("The code we texted you").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("That code is not right. Please check the text message and try again.").first()).toBeVisible();
  await page.getByLabel("The code we texted you").fill(code);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Your phone number is confirmed.").first()).toBeVisible();
  await expect(page.getByText(/^Confirmed\./)).toBeVisible();
  expect(queryOne<{ at: string | null }>("select phone_confirmed_at as at from users where phone = ?", phone).at).not.toBeNull();
});
