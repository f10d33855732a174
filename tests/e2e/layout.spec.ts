import { plantVisit, serviceOpenTomorrow } from "./booking-db";
import { withE2eDb } from "./e2e-db";
import { demoEmails, expect, test } from "./fixtures";

// No page is wider than the screen it is shown on: at 360px without JavaScript and at 1280px with it, every page
// as its people see it. (The vendor's appointment table once ran 70-140px past the page on a desktop.)

const pages: { as?: keyof typeof demoEmails; paths: (string | (() => string))[] }[] = [
  {
    paths: [
      "/",
      "/main/women",
      "/submenu/women",
      "/search/hair",
      "/details",
      "/profile/vendor",
      "/login",
      "/register",
      "/reset/request",
      "/reset/changed",
      "/favorites",
      "/no/such/page",
    ],
  },
  {
    as: "customer",
    paths: [
      "/",
      () => `/booking?service=${serviceOpenTomorrow().serviceId}&date=tomorrow`,
      "/user/appointment",
      "/user/appointment?tab=past",
      "/user/profile",
      "/favorites",
      "/messages",
    ],
  },
  {
    as: "vendor",
    paths: [
      ...["new", "upcoming", "past", "completed", "canceled"].map((tab) => `/vendor/appointment?tab=${tab}`),
      "/vendor/services",
      "/vendor/services/create",
      "/vendor/chats",
      "/vendor/finance",
      "/vendor/profile",
      "/vendor/profile?edit=1",
      "/vendor/withdraw",
      "/vendor/day",
      "/vendor/team/invite",
    ],
  },
  { as: "stylist", paths: ["/vendor/day"] },
  { as: "admin", paths: ["/admin/services"] },
];

for (const { as, paths } of pages) {
  test(`no page is wider than the screen: ${as ?? "signed out"}`, async ({ page, signInAs }) => {
    if (as) await signInAs(demoEmails[as]);
    expect(paths.length, "pages to measure").toBeGreaterThan(0); // with no pages, the loop would pass having measured nothing
    for (const path of paths) {
      const url = typeof path === "string" ? path : path();
      await page.goto(url);
      const { page: width, screen } = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
      expect.soft(width, `${url} is ${width - screen}px wider than the screen`).toBeLessThanOrEqual(screen);
    }
  });
}

test("the vendor's appointment table needs no sideways scrolling, even with every price breakdown open", async ({ page, signInAs }, info) => {
  // A past visit to answer, moved once, with the longest promo code a salon can make (20 letters, one word): what the
  // other suites leave in the tabs varies with their order, so this row is the table's widest on purpose.
  const { id, ref } = plantVisit({ daysFromNow: -2, lagosHour: info.project.name === "phone-no-js" ? 8 : 9, status: "confirmed", paidOnline: true });
  withE2eDb((db) =>
    db.prepare("update appointments set promo_code = 'WWWWWWWWWWWWWWWWWWWW', promo_kobo = 150000, previous_starts_at = starts_at where id = ?").run(id),
  );
  await signInAs(demoEmails.vendor);
  for (const query of ["tab=new", "tab=upcoming", "tab=past", "tab=completed", "tab=canceled", `tab=past&q=${ref}`]) {
    await page.goto(`/vendor/appointment?${query}`);
    const summaries = page.locator(".price > summary");
    expect(await summaries.count(), `${query}: rows`).toBeGreaterThan(0);
    for (const summary of await summaries.all()) await summary.click();
    await expect(page.locator(".price__body").last()).toBeVisible();
    const { scroll, client } = await page.locator(".table-scroll").evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect.soft(scroll, `${query}: the table is ${scroll - client}px wider than its column`).toBeLessThanOrEqual(client);
  }
  await expect(page.getByText("Promo WWWWWWWWWWWWWWWWWWWW")).toBeVisible();
});

test("a promo code of 20 letters wraps inside the customer's price breakdown instead of widening the page", async ({ page, signInAs }, info) => {
  const { id, ref } = plantVisit({ daysFromNow: 3, lagosHour: info.project.name === "phone-no-js" ? 8 : 9, status: "confirmed", paidOnline: true });
  withE2eDb((db) => db.prepare("update appointments set promo_code = 'WWWWWWWWWWWWWWWWWWWW', promo_kobo = 150000 where id = ?").run(id));
  await signInAs(demoEmails.customer);
  await page.goto(`/user/appointment?ref=${ref}#detail`);
  await expect(page.locator("#detail").getByText("Promo WWWWWWWWWWWWWWWWWWWW")).toBeVisible();
  const { width, screen } = await page.evaluate(() => ({ width: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(width, `the appointment is ${width - screen}px wider than the screen`).toBeLessThanOrEqual(screen);
});

test("a moved visit's old time stands with its new one: in the value column when the table is a card on a phone", async ({ page, signInAs }, info) => {
  const phone = info.project.name === "phone-no-js";
  const { id, ref } = plantVisit({ daysFromNow: phone ? 20 : 21, lagosHour: 6, status: "requested" });
  // The customer moved it from the day before, same hour.
  withE2eDb((db) => {
    const { starts_at } = db.prepare("select starts_at from appointments where id = ?").get(id) as { starts_at: string };
    db.prepare("update appointments set previous_starts_at = ? where id = ?").run(new Date(Date.parse(starts_at) - 86_400_000).toISOString(), id);
  });
  await signInAs(demoEmails.vendor);
  await page.goto(`/vendor/appointment?tab=new&q=${ref}`);
  const time = page.getByRole("row").filter({ hasText: ref }).locator('td[data-label="Time"]');
  const was = time.locator(".appt-was");
  await expect(was).toHaveText(/^\s*\(was \w{3} \d{1,2}, 6:00 am\)$/);
  // Below 900 px the table is a card per visit, each cell a row: the label "Time" in a 92 px column, the value beside it.
  const labelColumn = phone ? 92 : 0;
  expect((await was.boundingBox())!.x).toBeGreaterThanOrEqual((await time.boundingBox())!.x + labelColumn);
});
