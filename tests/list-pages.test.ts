import { describe, expect, test } from "vitest";
import { loader as customerAppointments } from "~/routes/user.appointment/route";
import { loader as vendorFinance } from "~/routes/vendor.finance";
import { cookieFor, get, run } from "./booking-routes";
import { DASHBOARD_LISTS } from "./dashboard-lists";

// The dashboards' lists read ?page= by one rule (readListPage, listPageOutcome): a page number shows that page;
// anything else shows the first page, says so, and answers 400; a page past the end says there is no such page and
// answers 404, as the favourites do.

const INVALID = "That page number isn't valid, so here is the first page.";
type ListPage = { page: number; problems: string[] };

const lists = DASHBOARD_LISTS;

describe.each(lists)("$path?page=", ({ path, loader, who }) => {
  test("the first page, with nothing to say", async () => {
    const { status, body } = await run<ListPage>(loader, get(`${path}?page=1`, await cookieFor(who)));
    expect(status).toBe(200);
    expect(body).toMatchObject({ page: 1, problems: [] });
  });

  test.each(["abc", "0", "-1", "1.5", "9".repeat(12), "%00"])("%s is not a page number: the first page, the message, 400", async (value) => {
    const { status, body } = await run<ListPage>(loader, get(`${path}?page=${value}`, await cookieFor(who)));
    expect(status).toBe(400);
    expect(body).toMatchObject({ page: 1, problems: [INVALID] });
  });

  test("a page past the end of the list says so and answers 404; past the deepest page read (500), that page", async () => {
    const { status, body } = await run<ListPage>(loader, get(`${path}?page=100000`, await cookieFor(who)));
    expect(status).toBe(404);
    expect(body).toMatchObject({ page: 500, problems: ["There is no page 500."] });
  });
});

test("a page that exists past the first: the vendor's Finance has more than twenty entries", async () => {
  const { status, body } = await run<ListPage & { rows: unknown[] }>(vendorFinance, get("/vendor/finance?page=2", await cookieFor("vendor@example.com")));
  expect(status).toBe(200);
  expect(body).toMatchObject({ page: 2, problems: [] });
  expect(body.rows.length).toBeGreaterThan(0);
});

describe("the customer's appointment page says what was wrong with its address", () => {
  test("a booking reference that is not the customer's: 404 with the message, the list still shown", async () => {
    const { status, body } = await run<{ missing: boolean; list: { rows: unknown[] } }>(
      customerAppointments,
      get("/user/appointment?ref=GLW-ZZZZZZ", await cookieFor("customer@example.com")),
    );
    expect(status).toBe(404);
    expect(body.missing).toBe(true);
    expect(body.list.rows.length).toBeGreaterThan(0);
  });

  test("a reschedule day that is not a date: 400 with 'Date input not valid.'", async () => {
    const { status, body } = await run<{ reschedule: { error: string } }>(
      customerAppointments,
      get("/user/appointment?rdate=gibberish", await cookieFor("customer@example.com")),
    );
    expect(status).toBe(400);
    expect(body.reschedule.error).toBe("Date input not valid.");
  });
});
