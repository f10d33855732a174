import { customerSession, featuredServiceId, plantVisit } from "./booking-db";
import { queryOne, withE2eDb } from "./e2e-db";
import { addCookieHeader, expect, test } from "./fixtures";

// A salon's team from end to end, in both projects (a phone with JavaScript off, a desktop with it on): the owner
// adds a member with a service and their own hours; one customer books that member, another books anyone; the
// demo stylist signs in and marks their visit completed on their own day; the owner filters Appointments by that
// stylist and sees it. And a stylist's blocked time leaves their free times on the service page, not the others'.

/** A weekday (1 = Monday) `daysOut` days or more ahead, Lagos time, as YYYY-MM-DD. */
function weekdayFrom(daysOut: number, weekday: number): string {
  const d = new Date(Date.now() + 60 * 60_000 + daysOut * 86_400_000);
  while ((d.getUTCDay() || 7) !== weekday) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const memberNamed = (name: string) =>
  queryOne<{ id: number }>("select m.id from team_members m join vendors v on v.id = m.vendor_id where v.slug = 'demo-vendor' and m.name = ?", name).id;

const slot = (page: import("@playwright/test").Page, hour: number) => page.locator(`input[name="time"][value="${String(hour).padStart(2, "0")}"]`);

test("the owner adds a member, customers book them and anyone, the stylist completes a visit, the owner filters by member", async ({
  page,
  context,
  baseURL,
  signInAs,
}, info) => {
  const phone = info.project.name === "phone-no-js";
  const name = phone ? "Kemi Journey Phone" : "Kemi Journey Desk";
  // Each project its own weeks, so the two runs on one worker's database never meet.
  const day = weekdayFrom(phone ? 40 : 47, 1);
  const serviceId = featuredServiceId();
  const serviceTitle = queryOne<{ title: string }>("select title from services where id = ?", serviceId).title;

  // The owner adds a member who performs the braids, on hours of her own (Mondays from 10 am).
  await signInAs("vendor@example.com");
  await page.goto("/vendor/team");
  await page.getByRole("link", { name: "Add a member" }).click();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Title (optional)").fill("Braider");
  await page.getByRole("checkbox", { name: serviceTitle, exact: true }).check();
  await page.getByRole("radio", { name: "Their own hours (below)" }).check();
  await page.getByLabel("Monday from").selectOption("10");
  await page.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByText(`${name} joined the team.`).first()).toBeVisible();
  const kemi = memberNamed(name);

  // A customer picks her on the service page: her own hours show (nothing before 10 am), and they book her.
  await context.clearCookies();
  await addCookieHeader(context, customerSession(`journey-named-${info.project.name}`), baseURL!);
  await page.goto(`/details/${serviceId}?date=${day}`);
  await page.getByRole("radio", { name: new RegExp(name) }).check();
  await page.goto(`/details/${serviceId}?date=${day}&member=${kemi}`);
  await expect(page.getByRole("radio", { name: new RegExp(name) })).toBeChecked();
  await expect(slot(page, 9)).toHaveCount(0);
  await slot(page, 10).check();
  await page.getByRole("button", { name: "Book Now" }).click();
  await expect(page).toHaveURL(new RegExp(`/booking\\?.*member=${kemi}`));
  await page.locator(".booking__book").getByRole("button", { name: "Book Now" }).click();
  await expect(page).toHaveURL(/\/payment\?order=GLW-/);
  await expect(page.getByText(`with ${name}`)).toBeVisible();
  const namedRef = new URL(page.url()).searchParams.get("order")!;

  // Another customer books anyone at the same hour: someone else free then gets it.
  await context.clearCookies();
  await addCookieHeader(context, customerSession(`journey-any-${info.project.name}`), baseURL!);
  await page.goto(`/details/${serviceId}?date=${day}&member=any`);
  await expect(page.getByRole("radio", { name: /Anyone available/ })).toBeChecked();
  await slot(page, 10).check();
  await page.getByRole("button", { name: "Book Now" }).click();
  await page.locator(".booking__book").getByRole("button", { name: "Book Now" }).click();
  await expect(page).toHaveURL(/\/payment\?order=GLW-/);
  const anyRef = new URL(page.url()).searchParams.get("order")!;
  const booked = withE2eDb(
    (db) =>
      db.prepare("select ref, member_id, member_chosen from appointments where ref in (?, ?) order by ref = ? desc").all(namedRef, anyRef, namedRef) as {
        ref: string;
        member_id: number;
        member_chosen: number;
      }[],
    { readonly: true },
  );
  expect(booked[0]).toMatchObject({ member_id: kemi, member_chosen: 1 });
  expect(booked[1]!.member_chosen).toBe(0);
  expect(booked[1]!.member_id).not.toBe(kemi);

  // The demo stylist signs in and marks a visit of theirs completed (planted: a test cannot make time pass).
  const chidi = memberNamed("Chidi Okafor");
  const visit = plantVisit({ daysFromNow: phone ? -8 : -9, lagosHour: 16, status: "confirmed" });
  withE2eDb((db) => db.prepare("update appointments set member_id = ? where id = ?").run(chidi, visit.id));
  await context.clearCookies();
  await page.goto("/login");
  await page.getByLabel("Email").fill("stylist@example.com");
  await page.getByLabel("Password", { exact: true }).fill("Stylist123");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/vendor\/day$/);
  await page.getByRole("row").filter({ hasText: visit.ref }).getByRole("button", { name: "Mark completed" }).click();
  await expect(page.getByRole("status").getByText("Marked completed.")).toBeVisible();

  // The owner filters the salon's completed visits by that stylist and finds it.
  await context.clearCookies();
  await signInAs("vendor@example.com");
  await page.goto("/vendor/appointment?tab=completed");
  await page.getByLabel("Team member").selectOption({ label: "Chidi Okafor" });
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`member=${chidi}`));
  await expect(page.getByText(visit.ref).first()).toBeVisible();
});

test("a stylist's blocked time leaves their free times on the service page, and no one else's", async ({ page }, info) => {
  const phone = info.project.name === "phone-no-js";
  // A weekday the stylist works (Monday to Friday, noon to 7 pm), far enough out that nothing is booked then.
  const day = weekdayFrom(phone ? 60 : 67, 3);
  const chidi = memberNamed("Chidi Okafor");
  const owner = queryOne<{ id: number }>(
    "select m.id from team_members m join vendors v on v.id = m.vendor_id where v.slug = 'demo-vendor' and m.role = 'owner'",
  ).id;
  // A service both the stylist and the owner perform.
  const serviceId = queryOne<{ service_id: number }>(
    "select a.service_id from team_member_services a join team_member_services b on b.service_id = a.service_id join services s on s.id = a.service_id where a.member_id = ? and b.member_id = ? and s.status = 'active' order by s.duration_min, s.id limit 1",
    chidi,
    owner,
  ).service_id;

  await page.goto("/login");
  await page.getByLabel("Email").fill("stylist@example.com");
  await page.getByLabel("Password", { exact: true }).fill("Stylist123");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/vendor\/day$/);
  await page.goto(`/details/${serviceId}?date=${day}&member=${chidi}`);
  await expect(slot(page, 14)).toHaveCount(1);

  await page.goto("/vendor/day");
  const block = page.locator("form").filter({ has: page.getByRole("button", { name: "Block time" }) });
  await block.getByLabel("Date", { exact: true }).fill(day);
  // The labels wrap their lists, so their names hold every option's text: the lists by their field names.
  await block.locator('select[name="from_hour"]').selectOption("14");
  await block.locator('select[name="to_hour"]').selectOption("16");
  await block.getByLabel("Note (optional)").fill("Training");
  await block.getByRole("button", { name: "Block time" }).click();
  await expect(page.getByRole("status").getByText(/^Blocked: /)).toBeVisible();

  await page.goto(`/details/${serviceId}?date=${day}&member=${chidi}`);
  await expect(slot(page, 14)).toHaveCount(0);
  await expect(slot(page, 15)).toHaveCount(0);
  await expect(slot(page, 16)).toHaveCount(1);
  await page.goto(`/details/${serviceId}?date=${day}&member=${owner}`);
  await expect(slot(page, 14)).toHaveCount(1);
  await expect(slot(page, 15)).toHaveCount(1);
});
