import crypto from "node:crypto";
import { queryOne, withE2eDb } from "./e2e-db";
import { expect, test } from "./fixtures";

// The salon's calendar in both projects (a 360 px phone with JavaScript off, a 1280 px desktop with it on): the
// owner's day with a column per member (a phone: one member's day as a list), a stylist's own day, blocking 1–3 pm
// and seeing those hours gone from online booking, and moving a booking. Each project works on days of its own.

const DAY_MS = 86_400_000;

/** A Lagos day at least `ahead` days out that falls Tuesday to Friday (the owner and the braider both work then). */
function workDay(ahead: number): string {
  for (let i = ahead; ; i++) {
    const day = new Date(Date.now() + 3_600_000 + i * DAY_MS).toISOString().slice(0, 10);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday >= 2 && weekday <= 5) return day;
  }
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const shown = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}, ${day.slice(0, 4)}`;

function tolu() {
  return queryOne<{ id: number; service_id: number; title: string }>(
    `select m.id, s.id as service_id, s.title from team_members m join team_member_services ms on ms.member_id = m.id join services s on s.id = ms.service_id
     where m.name = 'Tolu Bakare' and s.status = 'active' order by s.duration_min, s.id limit 1`,
  );
}

test("the owner's day: a column per member on a desktop, one member's list on a phone, with day, week and date navigation", async ({
  page,
  signInAs,
}, info) => {
  const phone = info.project.name === "phone-no-js";
  await signInAs("vendor@example.com");
  await page.goto("/vendor/profile");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Calendar" }).click();
  await expect(page.getByRole("heading", { name: "Calendar", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "New appointment", exact: true })).toHaveAttribute(
    "href",
    /^\/vendor\/appointment\/new\?member=\d+&date=\d{4}-\d{2}-\d{2}$/,
  );
  const day = workDay(phone ? 3 : 10);
  await page.getByLabel("Date", { exact: true }).first().fill(day);
  await page.getByRole("button", { name: "Go" }).click();
  await expect(page.getByRole("heading", { name: shown(day), level: 2 })).toBeVisible();
  if (phone) {
    await expect(page.locator(".cal-narrow").getByRole("heading", { name: "Ronke Alabi" })).toBeVisible();
    await expect(page.locator(".cal-wide")).toBeHidden();
    await page.locator(".cal-bar").getByLabel("Member").selectOption({ label: "Tolu Bakare" });
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.locator(".cal-narrow").getByRole("heading", { name: "Tolu Bakare" })).toBeVisible();
  } else {
    const grid = page.getByRole("group", { name: `The team on ${shown(day)}` });
    await expect(grid.getByRole("heading", { level: 3 })).toHaveText(["Ronke Alabi", "Tolu Bakare", "Chidi Okafor"]);
    // An empty hour offers the salon's own booking form for that member and time.
    await expect(grid.getByRole("link", { name: "New appointment, Tolu Bakare, 10:00 am" })).toHaveAttribute(
      "href",
      new RegExp(`^/vendor/appointment/new\\?member=\\d+&date=${day}&time=10:00$`),
    );
  }
  await page.getByRole("link", { name: "Next day" }).click();
  const next = new Date(Date.parse(`${day}T12:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  await expect(page.getByRole("heading", { name: shown(next), level: 2 })).toBeVisible();
  await page.getByRole("link", { name: "Week", exact: true }).click();
  await expect(page.getByRole("heading", { name: /, week of / })).toBeVisible();
  await page.getByRole("link", { name: "Today" }).click();
  await expect(page).toHaveURL(/view=week&date=\d{4}-\d{2}-\d{2}/);
  // The demo salon's day is full: seeded visits show their client, service, state and payment.
  await page.goto("/vendor/calendar?view=day&date=tomorrow");
  const tomorrowList = phone ? page.locator(".cal-narrow") : page.locator(".cal-wide");
  const weekday = new Date(Date.now() + 3_600_000 + DAY_MS).getUTCDay();
  if (weekday !== 0) await expect(tomorrowList.locator(".cal-block--confirmed").first()).toContainText(/Confirmed · (Paid|Pay at visit)/);
});

test("a stylist sees only their own calendar; another member's is refused", async ({ page, signInAs }) => {
  await signInAs("stylist@example.com");
  const response = await page.goto("/vendor/calendar?view=week");
  expect(response?.status()).toBe(200);
  await expect(page.getByText("Chidi Okafor").first()).toBeVisible();
  await expect(page.getByText("Tolu Bakare")).toHaveCount(0);
  await expect(page.getByText("Ronke Alabi")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /New appointment/ })).toHaveCount(0);
  const refused = await page.goto(`/vendor/calendar?member=${tolu().id}`);
  expect(refused?.status()).toBe(403);
});

test("the owner blocks 1–3 pm for a training, and online booking no longer offers those hours", async ({ page, signInAs }, info) => {
  const phone = info.project.name === "phone-no-js";
  const day = workDay(phone ? 40 : 47);
  const { id: member, service_id } = tolu();
  await signInAs("customer@example.com");
  const booking = `/booking?service=${service_id}&date=${day}&member=${member}`;
  await page.goto(booking);
  const times = page.getByRole("list", { name: "Free times" });
  await expect(times.getByRole("link", { name: "2:00 pm" })).toBeVisible();

  await signInAs("vendor@example.com");
  await page.goto(`/vendor/calendar?date=${day}&member=${member}`);
  const form = page.locator("form", { has: page.getByRole("button", { name: "Block hours" }) });
  await form.getByLabel("Member", { exact: true }).selectOption({ label: "Tolu Bakare" });
  await form.getByLabel("Date", { exact: true }).fill(day);
  await form.getByLabel("From", { exact: true }).selectOption({ label: "1:00 pm" });
  await form.getByLabel("To", { exact: true }).selectOption({ label: "3:00 pm" });
  await form.getByLabel("Note (optional)", { exact: true }).fill("Training");
  await form.getByRole("button", { name: "Block hours" }).click();
  await expect(page.getByRole("status").getByText(`Blocked: ${shown(day)}, 1:00 pm to 3:00 pm.`)).toBeVisible();
  await expect(page.getByText(`Tolu Bakare: ${shown(day)}, 1:00 pm to 3:00 pm · Training`)).toBeVisible();
  const view = phone ? page.locator(".cal-narrow") : page.locator(".cal-wide");
  await expect(view.getByText("Blocked: Training")).toBeVisible();

  await signInAs("customer@example.com");
  await page.goto(booking);
  await expect(times.getByRole("link").first()).toBeVisible();
  await expect(times.getByRole("link", { name: "2:00 pm" })).toHaveCount(0);
  await expect(times.getByRole("link", { name: "1:00 pm" })).toHaveCount(0);
});

test("the owner moves a booking to another time from the calendar, and the client is told", async ({ page, signInAs }, info) => {
  const phone = info.project.name === "phone-no-js";
  const day = workDay(phone ? 54 : 61);
  const { id: member, service_id, title } = tolu();
  const ref = `GLW-${crypto.randomBytes(3).toString("hex").toUpperCase()}`;
  const id = withE2eDb((db) => {
    const customer = db.prepare("select id from users where email = 'customer@example.com'").get() as { id: number };
    const vendor = db.prepare("select vendor_id, price_kobo, duration_min from services where id = ?").get(service_id) as {
      vendor_id: number;
      price_kobo: number;
      duration_min: number;
    };
    const start = new Date(`${day}T09:00:00Z`); // 10:00 am in Lagos
    const end = new Date(start.getTime() + Math.ceil(vendor.duration_min / 60) * 3_600_000);
    const now = new Date().toISOString();
    const { lastInsertRowid } = db
      .prepare(
        `insert into appointments (ref, customer_id, vendor_id, service_id, member_id, member_chosen, starts_at, ends_at, status, payment_status, payment_method, total_kobo, pay_token, created_at, updated_at)
         values (?, ?, ?, ?, ?, 1, ?, ?, 'confirmed', 'unpaid', 'vendor', ?, ?, ?, ?)`,
      )
      .run(
        ref,
        customer.id,
        vendor.vendor_id,
        service_id,
        member,
        start.toISOString(),
        end.toISOString(),
        vendor.price_kobo,
        crypto.randomBytes(24).toString("base64url"),
        now,
        now,
      );
    db.prepare("insert into appointment_items (appointment_id, kind, name, price_kobo) values (?, 'service', ?, ?)").run(
      lastInsertRowid,
      title,
      vendor.price_kobo,
    );
    return Number(lastInsertRowid);
  });

  await signInAs("vendor@example.com");
  await page.goto(`/vendor/calendar?date=${day}&member=${member}`);
  if (phone) await page.locator(".cal-narrow .cal-block", { hasText: title }).getByRole("link", { name: "Move" }).click();
  else await page.getByRole("link", { name: new RegExp(`${title}, 10:00 am: move$`) }).click();
  const panel = page.getByRole("region", { name: new RegExp(`^Move ${title} for`) });
  await expect(panel).toContainText(ref);
  await panel.getByLabel("Time", { exact: true }).selectOption({ label: "4:00 pm" });
  await panel.getByRole("button", { name: "Move booking" }).click();
  await expect(page.getByRole("status").getByText(`Moved ${ref} to ${shown(day)} at 4:00 pm. We've told the client.`)).toBeVisible();
  const view = phone ? page.locator(".cal-narrow") : page.locator(".cal-wide");
  await expect(view.locator(".cal-block", { hasText: title })).toContainText("4:00 pm");
  const moved = withE2eDb((db) => db.prepare("select starts_at from appointments where id = ?").get(id) as { starts_at: string }, { readonly: true });
  expect(moved.starts_at).toBe(`${day}T15:00:00.000Z`);
  const told = withE2eDb(
    (db) =>
      db.prepare("select subject from outbox where to_address = 'customer@example.com' and subject like 'Moved by %' order by id desc").get() as
        { subject: string } | undefined,
    { readonly: true },
  );
  expect(told?.subject).toBe(`Moved by Ronke's Beauty Lounge: ${title}`);
  // The salon's appointments page offers the same move.
  await page.goto(`/vendor/appointment?tab=upcoming&q=${ref}`);
  await page
    .getByRole("row", { name: new RegExp(title) })
    .getByRole("link", { name: "Move" })
    .click();
  await expect(page.getByRole("region", { name: new RegExp(`^Move ${title} for`) })).toContainText("4:00 pm");
});
