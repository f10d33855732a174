import { serviceOpenTomorrow } from "./booking-db";
import { demoEmails, expect, test } from "./fixtures";

// No page is wider than the screen it is shown on: at 360px without JavaScript and at 1280px with it, every page
// as its people see it. (The vendor's appointment table once ran 70-140px past the page on a desktop.)

const pages: { as?: keyof typeof demoEmails; paths: (string | (() => string))[] }[] = [
  {
    paths: ["/", "/main/women", "/submenu/women", "/search/hair", "/details", "/profile/vendor", "/login", "/register", "/reset/request", "/reset/changed", "/favorites", "/no/such/page"],
  },
  {
    as: "customer",
    paths: ["/", () => `/booking?service=${serviceOpenTomorrow().serviceId}&date=tomorrow`, "/user/appointment", "/user/appointment?tab=past", "/user/profile", "/favorites", "/messages"],
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
    ],
  },
  { as: "admin", paths: ["/admin/services"] },
];

for (const { as, paths } of pages) {
  test(`no page is wider than the screen: ${as ?? "signed out"}`, async ({ page, signInAs }) => {
    if (as) await signInAs(demoEmails[as]);
    for (const path of paths) {
      const url = typeof path === "string" ? path : path();
      await page.goto(url);
      const { page: width, screen } = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
      expect.soft(width, `${url} is ${width - screen}px wider than the screen`).toBeLessThanOrEqual(screen);
    }
  });
}

test("the vendor's appointment table needs no sideways scrolling, even with a price breakdown open", async ({ page, signInAs }) => {
  await signInAs(demoEmails.vendor);
  for (const tab of ["new", "upcoming", "past", "completed", "canceled"]) {
    await page.goto(`/vendor/appointment?tab=${tab}`);
    await page.locator(".price > summary").first().click();
    await expect(page.locator(".price__body").first()).toBeVisible();
    const { scroll, client } = await page.locator(".table-scroll").evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect.soft(scroll, `tab ${tab}: the table is ${scroll - client}px wider than its column`).toBeLessThanOrEqual(client);
  }
});
