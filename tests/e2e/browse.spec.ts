import crypto from "node:crypto";
import { plantSessionRow } from "../../scripts/plant-session.mjs";
import { addCookieHeader, expect, test } from "./fixtures";
import { withE2eDb } from "./e2e-db";
import type { Page } from "@playwright/test";

// With JavaScript the date field spells "tomorrow" out as its date (DayInput) before a form is sent.
const hasJs = () => test.info().project.use.javaScriptEnabled !== false;
const SPELLED_DATE = /date=[A-Z][a-z]{2}\+\d{1,2}%2C\+\d{4}/;

// Browsing, in both projects: a 360px phone with JavaScript off and a 1280px desktop with it on.
// Everything a visitor does here is a link, a GET form or a POST form, so the same steps pass in both.

/** Submits a GET filter/search form the way each project does: with JS a change applies at once, the button works always. */
async function apply(page: Page, button = "Apply filters") {
  await page.getByRole("button", { name: button }).click();
  await page.waitForLoadState("load");
}

const statusText = (page: Page) => page.locator("#services p[role=status]").innerText();

test.describe("Home", () => {
  test("every section is there, from the database", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Find a perfect beautician near you for that stunning look." })).toBeVisible();
    const search = page.getByRole("search", { name: "Find a service" });
    await expect(search.getByPlaceholder("Service")).toHaveAttribute("required", "");
    await expect(search.getByPlaceholder("Location")).toBeVisible();
    await expect(search.getByPlaceholder("When?")).toBeVisible();
    for (const term of ["Hair", "Nail", "Spa", "Gym Center"])
      await expect(page.locator(".hero__popular").getByRole("link", { name: term, exact: true })).toBeVisible();
    for (const tag of ["Haircut", "Spa & Treatment", "Tatoo", "Pedicure", "Piercing"])
      await expect(page.getByRole("navigation", { name: "Popular tags" }).getByRole("link", { name: tag })).toBeVisible();
    await expect(page.getByText("Order a service and share the payment link with anyone to pay on your behalf")).toBeVisible();
    for (const heading of [
      "Popular services",
      "Explore services",
      "Popular categories",
      "Top hair salons",
      "Trending",
      "Our picks",
      "People's favourites",
      "Recently viewed",
      "Get styles and offers first",
    ]) {
      await expect(page.getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();
    }
    for (const stat of ["over 2,000 styles", "over 500 Nailtechs", "over 1,000 artists", "over 700 professionals"])
      await expect(page.getByText(stat)).toBeVisible();
    for (const label of [
      "Hair Dressing",
      "Make Over",
      "Body Spa",
      "Manicure & Pedicure",
      "Shop",
      "Hairstyles",
      "Nail Choices",
      "Spa Spots",
      "Kiddies",
      "Colourful",
      "Bold",
    ]) {
      await expect(page.getByRole("link", { name: label, exact: true }).first()).toBeVisible();
    }
    const hire = page.getByRole("link", { name: "Hire Me" });
    await expect(hire).toHaveAttribute("href", /^\/profile\/vendor\/\d+$/);
    const salons = page.getByRole("region", { name: "Top hair salons" });
    // One more than the widest screen shows (HOME_SALONS and HOME_CARDS in app/routes/_index.tsx).
    await expect(salons.getByRole("listitem")).toHaveCount(5);
    await expect(salons.getByRole("listitem").first()).toContainText(/from ₦[\d,]+/);
    await expect(
      salons
        .getByRole("listitem")
        .first()
        .getByRole("img", { name: /^Rated [\d.]+ out of 5 \([\d,]+ ratings\)$/ }),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Popular services" }).getByRole("listitem")).toHaveCount(4);
  });

  test("signed in with long lists of their own, Home's HTML stays within 50 KB and hydrates as sent", async ({ page, context, baseURL }, info) => {
    // A customer with eight favourites and eight recently viewed services, the ones with the longest titles: the
    // heaviest Home a person can have (docs/performance.md holds it to 50 KB uncompressed).
    const cookie = withE2eDb((db) => {
      const now = new Date().toISOString();
      const email = `heavy-${info.project.name}-${crypto.randomBytes(4).toString("hex")}@customers.test`;
      const user = db
        .prepare(
          "insert into users (email, password_hash, first_name, last_name, role, created_at, email_confirmed_at) values (?, '!unusable', 'Oluwaseyifunmi', 'Adebayo-Okonkwo', 'customer', ?, ?)",
        )
        .run(email, now, now);
      const userId = Number(user.lastInsertRowid);
      const longest = db.prepare("select id from services where status = 'active' order by length(title) desc, id limit 16").all() as { id: number }[];
      for (const { id } of longest.slice(0, 8)) db.prepare("insert into favorites (user_id, service_id, created_at) values (?, ?, ?)").run(userId, id, now);
      for (const { id } of longest.slice(8))
        db.prepare("insert into recently_viewed (owner, service_id, viewed_at) values (?, ?, ?)").run(`u:${userId}`, id, now);
      return `glow_session=${plantSessionRow(db, userId)}`;
    });
    await addCookieHeader(context, cookie, baseURL!);
    const sent = await page.request.get("/");
    expect(sent.status()).toBe(200);
    const html = await sent.body();
    expect(html.length).toBeLessThanOrEqual(50 * 1024);
    const cardsSent = html.toString("utf8").split('class="svc-card"').length - 1;

    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.goto("/");
    if (hasJs()) await expect.poll(() => page.evaluate(() => typeof (window as { __remixRouter?: unknown }).__remixRouter)).toBe("object");
    for (const region of ["Your favourites", "Recently viewed", "Popular services"])
      await expect(page.getByRole("region", { name: region }).locator(".svc-card")).toHaveCount(4);
    await expect(page.locator(".svc-card")).toHaveCount(cardsSent);
    // A hydration mismatch is an error on the console (React's #418/#423 in a production build).
    expect(errors).toEqual([]);
  });

  test("the search form goes to /search/{slug} with location and date; 'tomorrow' works", async ({ page }) => {
    await page.goto("/");
    const search = page.getByRole("search", { name: "Find a service" });
    await search.getByPlaceholder("Service").fill("Braids");
    await search.getByPlaceholder("Location").fill("Lekki");
    await search.getByPlaceholder("When?").fill("tomorrow");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(
      hasJs() ? /\/search\/braids\?location=Lekki&date=[A-Z][a-z]{2}\+\d{1,2}%2C\+\d{4}$/ : /\/search\/braids\?location=Lekki&date=tomorrow$/,
    );
    await expect(page.getByRole("heading", { level: 1, name: "Braids services" })).toBeVisible();
    await expect(page.getByRole("status").first()).toContainText(/in Lekki, open on \w{3} \d{1,2}, \d{4}/);
  });

  test("carousels: a scroll-snap list without JavaScript, a Swiper with it", async ({ page }, info) => {
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Popular services" });
    const track = carousel.locator(".carousel__track");
    if (info.project.name === "phone-no-js") {
      expect(await track.evaluate((el) => getComputedStyle(el).scrollSnapType)).toMatch(/^x mandatory/);
      expect(await track.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await track.evaluate((el) => el.scrollBy({ left: el.clientWidth }));
      await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      await expect(carousel.locator(".carousel__arrow")).toHaveCount(0); // no dead arrows without JavaScript
    } else {
      // The arrows appear once the page is hydrated: only then does reaching for the carousel fetch Swiper.
      await expect(carousel.getByRole("button", { name: "Next: Popular services" })).toBeVisible();
      await expect(carousel.locator(".swiper-initialized")).toHaveCount(0); // not downloaded until someone reaches for it
      await carousel.hover();
      await expect(carousel.locator(".carousel__viewport.swiper-initialized")).toBeVisible();
      const next = carousel.getByRole("button", { name: "Next: Popular services" });
      await next.click();
      await expect(track).toHaveAttribute("style", /translate3d\(-\d+px/);
      // Swiper's breakpoint for cards: 3 side by side from 1000px.
      const widths = await carousel.locator(".carousel__slide").evaluateAll((els) => els.slice(0, 3).map((el) => Math.round(el.getBoundingClientRect().width)));
      expect(new Set(widths).size).toBe(1);
      expect(widths[0]! * 3).toBeGreaterThan(1000);
    }
  });
});

test.describe("Search", () => {
  test("pages of 20 with at most 10 page links; page 2 differs from page 1", async ({ page }) => {
    await page.goto("/search/hair");
    await expect(page.getByRole("heading", { level: 1, name: "Hair services" })).toBeVisible();
    const cards = page.locator(".card-grid").first().locator(".svc-card__title");
    await expect(cards).toHaveCount(20);
    const firstPage = await cards.allInnerTexts();
    const pages = page.getByRole("navigation", { name: "Result pages" });
    expect(await pages.getByRole("link", { name: /^Page \d+$/ }).count()).toBeLessThanOrEqual(10);
    await pages.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\/search\/hair\?page=2$/);
    await expect(pages.locator("[aria-current=page]")).toHaveText("2");
    const secondPage = await cards.allInnerTexts();
    expect(secondPage.join("|")).not.toEqual(firstPage.join("|"));
    await expect(page.getByRole("heading", { level: 2, name: "Other services" })).toBeVisible();
  });

  test("no match: a helpful empty state; a bad date or page number: a clear message", async ({ page }) => {
    await page.goto("/search/qwxyzz");
    await expect(page.getByRole("heading", { name: "Nothing matches “qwxyzz”" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Popular searches" }).getByRole("link", { name: "Gym Center" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Other services" })).toBeVisible();

    const bad = await page.goto("/search/hair?date=banana");
    expect(bad?.status()).toBe(400);
    await expect(page.getByText("Date input not valid.").first()).toBeVisible();

    const far = await page.goto("/search/hair?page=999999");
    expect(far?.status()).toBe(404);
    await expect(page.getByText(/There is no page 999,999: these results have \d pages\./)).toBeVisible();
    await page.getByRole("link", { name: "Go to the last page" }).click();
    await expect(page.locator(".svc-card").first()).toBeVisible();
  });
});

test.describe("Category pages", () => {
  test("a submenu page: heading, banner, 6 styles, tiles, filter bar, 12 cards, Other Services", async ({ page }) => {
    await page.goto("/submenu/Pedicure");
    await expect(page.getByRole("heading", { level: 2, name: "Select Pedicure Styles" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Treat your feet");
    await expect(page.getByRole("region", { name: "Select Pedicure Styles" }).getByRole("listitem")).toHaveCount(6);
    await expect(page.getByRole("region", { name: "Explore Pedicure" }).getByRole("link").first()).toBeVisible();
    await expect(page.getByRole("form", { name: "Filter services" })).toBeVisible();
    await expect(page.locator("#services .svc-card")).toHaveCount(12);
    await expect(page.getByRole("heading", { level: 2, name: "Other Services" })).toBeVisible();
  });

  test("each filter changes the results, in the URL, surviving a reload", async ({ page }) => {
    await page.goto("/submenu/women");
    const all = await statusText(page);
    // Other specs may add services to this category (a vendor's approved service), so only the shape is fixed.
    expect(all).toMatch(/^\d+ services/);
    const form = page.getByRole("form", { name: "Filter services" });
    const steps: [string, () => Promise<unknown>, RegExp][] = [
      ["price", () => form.getByLabel("Price").selectOption("10000-25000"), /price=10000-25000/],
      ["rating", () => form.getByLabel("Rating (out of 10)").selectOption("6-8"), /rating=6-8/],
      ["home service", () => form.getByLabel("Home service").check(), /home=1/],
      ["recommended", () => form.getByLabel("Recommended").check(), /recommended=1/],
      [
        "location and distance",
        async () => {
          await form.getByLabel("Location").selectOption("Lekki, Lagos");
          // With JavaScript a change applies at once (and the form is drawn again for the new URL).
          if (test.info().project.name === "desktop-js") await expect(page).toHaveURL(/near=/);
          await page.getByRole("form", { name: "Filter services" }).getByLabel("Distance").selectOption("5");
        },
        /near=Lekki%2C\+Lagos.*distance=5/,
      ],
    ];
    for (const [name, choose, param] of steps) {
      await page.goto("/submenu/women");
      await choose();
      await apply(page);
      await expect(page, name).toHaveURL(param);
      await expect.poll(() => statusText(page), name).not.toBe(all);
      await page.reload();
      await expect.poll(() => statusText(page), `${name} after reload`).not.toBe(all);
    }
    // A day: the select offers the next two weeks; some vendors close on some days.
    await page.goto("/submenu/men");
    const men = await statusText(page);
    const options = await page
      .getByLabel("Date")
      .locator("option")
      .evaluateAll((els) => els.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    expect(options).toHaveLength(14);
    let changed = false;
    for (const day of options.slice(0, 7)) {
      await page.goto(`/submenu/men?date=${day}`);
      if ((await statusText(page)) !== men) changed = true;
    }
    expect(changed).toBe(true);
    await page.getByRole("link", { name: "Clear filters" }).first().click();
    await expect(page).toHaveURL(/\/submenu\/men$/);
  });

  test("an unknown slug is a 404 page that leads on to the real categories", async ({ page }) => {
    const response = await page.goto("/submenu/unicorns");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "We couldn't find that category" })).toBeVisible();
    await expect(page.getByText("We don't have a “unicorns” category.")).toBeVisible();
    await page.getByRole("list", { name: "Categories" }).getByRole("link", { name: "Tatoo" }).click();
    await expect(page.getByRole("heading", { name: "Select Tatoo Styles" })).toBeVisible();
  });

  test("men's and women's pages: banner, tags, Haircuts, Body Spa & Treatment, Tatoo", async ({ page }) => {
    for (const path of ["/main/men", "/main/women"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await page.locator(".chip-row .chip").count()).toBeGreaterThan(3);
      for (const row of ["Haircuts", "Body Spa & Treatment", "Tatoo"]) {
        await expect(page.getByRole("heading", { level: 2, name: row, exact: true })).toBeVisible();
        expect(await page.getByRole("region", { name: row, exact: true }).locator(".svc-card").count()).toBeGreaterThan(0);
      }
    }
  });
});

test.describe("Service detail", () => {
  test("/details: breadcrumb, figures, gallery, reviews, sidebar, other and related services", async ({ page }) => {
    await page.goto("/details");
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs).toHaveText(/Hair\s*›?\s*Braids/);
    await expect(page.getByRole("heading", { level: 1, name: "Knotless Box Braids" })).toBeVisible();
    await expect(page.locator(".detail__price")).toHaveText("₦7,500");
    await expect(page.getByText("Duration 120min")).toBeVisible();
    await expect(page.locator(".reviews__score")).toHaveText("4.56");
    await expect(page.locator(".reviews__count")).toHaveText("(458 ratings)");
    await expect(page.locator(".review")).toHaveCount(2);
    const side = page.locator("#book");
    await expect(side.getByText("Ronke's Beauty Lounge")).toBeVisible();
    await expect(side.getByText("Level 2")).toBeVisible();
    await expect(side.getByText("(456 ratings)")).toBeVisible();
    await expect(side.getByRole("button", { name: "Message Stylist" })).toBeVisible();
    await expect(side.locator("form[action='/messages'] input[name=vendorId]")).toHaveAttribute("value", /^\d+$/);
    await expect(page.getByRole("heading", { name: "Other services by Ronke's Beauty Lounge" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "People Who Viewed This Service Also Viewed" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Related services" }).locator(".svc-card").first()).toBeVisible();

    // The gallery's thumbnails work without JavaScript.
    await expect(page.getByRole("img", { name: "Knotless Box Braids, picture 1" })).toBeVisible();
    await page.locator("label[for=g-2]").click();
    await expect(page.getByRole("img", { name: "Knotless Box Braids, picture 3" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Knotless Box Braids, picture 1" })).toBeHidden();
  });

  test("typing 'tomorrow' shows tomorrow's free hours; a free hour and Book Now go to /booking with service, date and time", async ({ page, signInAs }) => {
    // Booking needs a signed-in customer (a visitor is sent to sign in and back: tests/e2e/booking.spec.ts).
    await signInAs("customer@example.com");
    await page.goto("/details");
    await page.getByLabel("Date").fill("tomorrow");
    await page.getByRole("button", { name: "Show times" }).click();
    await expect(page).toHaveURL(hasJs() ? SPELLED_DATE : /date=tomorrow/);
    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString("en-US", {
      timeZone: "Africa/Lagos",
      month: "short",
      day: "numeric",
      year: "numeric",
    });
    await expect(page.locator(".slots legend")).toHaveText(`Time on ${tomorrow}`);

    // Without a date the picker opens on the first day the stylist still has a free hour.
    await page.goto("/details");
    const day = await page.getByLabel("Date").inputValue();
    const times = page.locator(".slot");
    await expect(times.first()).toHaveText(/^\d{1,2}:00 (am|pm)$/);
    await times.last().click();
    const hour = await times.last().locator("input").getAttribute("value");
    await page.getByRole("button", { name: "Book Now" }).click();
    await expect(page).toHaveURL(/\/booking\?/);
    const sent = new URL(page.url()).searchParams;
    expect([sent.get("date"), sent.get("time")]).toEqual([day, hour]);
    await expect(page.getByRole("heading", { level: 2, name: "Date and time" })).toBeVisible();
  });

  test("a date typed without pressing Show times is the one Book Now books", async ({ page, signInAs }) => {
    await signInAs("customer@example.com");
    await page.goto("/details");
    await page.getByLabel("Date").fill("tomorrow");
    // No time is chosen for the customer: Book Now asks for one (here one of the day shown before).
    await page.locator(".slot").first().click();
    await page.getByRole("button", { name: "Book Now" }).click();
    await expect(page).toHaveURL(/\/booking\?/);
    // Step 1 shows the typed day, not the one the service page had shown.
    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString("en-US", {
      timeZone: "Africa/Lagos",
      month: "short",
      day: "numeric",
      year: "numeric",
    });
    expect(new URL(page.url()).searchParams.get("date")).toBe(hasJs() ? tomorrow : "tomorrow");
    await expect(page.locator("main")).toContainText(tomorrow);
    // Step 1's own date field ("Another date") holds the typed day, whatever the service page had shown. It is the
    // date field of every form (DayInput), a text input with a list of days: a combobox.
    await expect(page.getByRole("combobox", { name: "Another date" })).toHaveValue(tomorrow);
  });

  test("a date before today says 'Date input not valid.'; '+ See more' pages the reviews", async ({ page }) => {
    await page.goto("/details?date=2020-01-01");
    await expect(page.locator("#detail-date-error")).toHaveText("Date input not valid.");
    await page.goto("/search/braids");
    // Find a service with more than two written reviews.
    const links = await page.locator(".svc-card__link").evaluateAll((els) => els.map((a) => a.getAttribute("href")!));
    for (const href of links) {
      await page.goto(href);
      if (await page.getByRole("link", { name: "+ See more" }).count()) break;
    }
    const before = await page.locator(".review").count();
    expect(before).toBe(2);
    await page.getByRole("link", { name: "+ See more" }).click();
    await expect(page).toHaveURL(/reviews=2#reviews$/);
    await expect.poll(() => page.locator(".review").count()).toBeGreaterThan(2);
  });

  test("an unknown service is a clear 404", async ({ page }) => {
    const response = await page.goto("/details/999999");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "We couldn't find that service" })).toBeVisible();
  });

  test("recently viewed: the page you opened shows on Home, for this browser only", async ({ page, browser }) => {
    await page.goto("/search/piercing");
    const link = page.locator(".svc-card__link").first();
    const title = await link.locator(".svc-card__title").innerText();
    // The view is recorded by the page's pixel image, which may still be loading when the heading shows.
    const recorded = page.waitForResponse((r) => /\/details\/\d+\/viewed$/.test(new URL(r.url()).pathname));
    await link.click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await recorded;
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Recently viewed" }).getByText(title)).toBeVisible();
    const other = await browser.newPage();
    await other.goto(page.url());
    await expect(other.getByText("Services you open will appear here, so you can find them again.")).toBeVisible();
    await other.close();
  });
});

test.describe("Vendor profile", () => {
  test("/profile/vendor: banner, rating, about, tags, location, Book Now, up to 8 services, similar stylists", async ({ page }) => {
    await page.goto("/profile/vendor");
    await expect(page.getByRole("heading", { level: 1, name: "Ronke's Beauty Lounge" })).toBeVisible();
    await expect(page.getByText("Level 2")).toBeVisible();
    await expect(page.getByText("(456 ratings)")).toBeVisible();
    await expect(page.getByRole("heading", { name: "About" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Tags" }).getByRole("link").first()).toBeVisible();
    await expect(page.getByText("12 Admiralty Way, Lekki Phase 1, Lagos")).toBeVisible();
    await expect(page.getByRole("link", { name: "Book Now" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Book Now" })).toBeVisible();
    const services = await page.locator("section[aria-labelledby=services-title] .svc-card").count();
    expect(services).toBeGreaterThan(0);
    expect(services).toBeLessThanOrEqual(8);
    await expect(page.getByRole("region", { name: "Similar stylists" }).locator(".vendor-card").first()).toBeVisible();
  });

  test("Book Now books the service the visitor chose, never one picked for them", async ({ page, signInAs }) => {
    await signInAs("customer@example.com");
    await page.goto("/profile/vendor");
    const select = page.getByLabel("Choose a service");
    const options = select.locator("option:not([disabled])");
    expect(await options.count()).toBeGreaterThan(1);
    const second = options.nth(1);
    const [value, label] = [await second.getAttribute("value"), (await second.textContent())!];
    await select.selectOption(value!);
    await page.getByRole("button", { name: "Book Now" }).click();
    await expect(page).toHaveURL(new RegExp(`/booking\\?service=${value}$`));
    await expect(page.getByRole("heading", { level: 2, name: label.split(" · ")[0] }).first()).toBeVisible();
  });
});

test.describe("Favourites", () => {
  test("the heart sends a visitor to sign in, with the way back to the card", async ({ page }) => {
    await page.goto("/search/spa");
    await page.locator(".svc-card .heart").first().click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsearch%2Fspa%23result-\d+$/);
  });

  test("signed in: the heart saves and removes; 'My Favorites (N)' counts; filters narrow", async ({ page, signInAs }) => {
    await signInAs("customer@example.com");
    await page.goto("/favorites");
    const heading = page.getByRole("heading", { level: 1, name: /^My Favorites \(\d+\)$/ });
    const count = async () => Number((await heading.innerText()).match(/\((\d+)\)/)![1]);
    const before = await count();

    await page.goto("/search/piercing");
    const card = page
      .locator(".svc-card")
      .filter({ has: page.locator(".heart[aria-pressed=false]") })
      .first();
    const id = (await card.getAttribute("id"))!.replace("result-", "");
    const title = await card.locator(".svc-card__title").innerText();
    // The POST answers (a redirect without JavaScript, data with it) before we leave the page.
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/favorites")),
      card.locator(".heart").click(),
    ]);
    const heart = page.locator(`#result-${id} .heart`);
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await expect(heart).toHaveAccessibleName(`Remove ${title} from favourites`);

    await page.goto("/favorites");
    expect(await count()).toBe(before + 1);
    await expect(page.locator(`#fav-${id}`)).toBeVisible();
    await page.goto("/favorites?filter=hair");
    await expect(page.locator(`#fav-${id}`)).toHaveCount(0);

    await page.goto("/favorites");
    await page.locator(`#fav-${id} .heart`).click();
    await expect(page.locator(`#fav-${id}`)).toHaveCount(0);
    await page.goto("/favorites");
    expect(await count()).toBe(before);
  });

  test("on a small screen the filters are a drawer that opens and closes without JavaScript, with a Join button", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/favorites");
    await expect(page.getByRole("heading", { level: 1, name: "My Favorites (0)" })).toBeVisible();
    const panel = page.getByRole("navigation", { name: "Favourite filters" });
    await expect(panel).toBeHidden();
    await page.locator("summary", { hasText: "Filters" }).click();
    await expect(panel).toBeVisible();
    for (const name of ["All", "Hair", "Nails", "Pedicure", "Saloon"]) await expect(panel.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Join" })).toHaveAttribute("href", "/register");
    await page.locator("summary", { hasText: "Close filters" }).click();
    await expect(panel).toBeHidden();
    await page.locator("summary", { hasText: "Filters" }).click();
    await panel.getByRole("link", { name: "Nails", exact: true }).click();
    await expect(page).toHaveURL(/\/favorites\?filter=nails$/);
    await expect(page.locator(".favorites__tabs")).toBeHidden();
  });
});

test("POST /services/services_by_categories answers the spec's JSON", async ({ request }) => {
  const ok = await request.post("/services/services_by_categories", { data: { category_id: 1 } });
  expect(ok.status()).toBe(200);
  const body = (await ok.json()) as { data: { title: string; price: string }[] };
  expect(body.data.length).toBeGreaterThan(10);
  expect(body.data[0]!.price).toMatch(/^₦/);
  expect((await request.post("/services/services_by_categories", { data: { category_id: "x" } })).status()).toBe(422);
});
