import { describe, expect, test } from "vitest";
import { loader as adminProblems } from "~/routes/admin.problems/route";
import { loader as adminReviews } from "~/routes/admin.reviews/route";
import { loader as customerAppointments } from "~/routes/user.appointment/route";
import { loader as vendorAppointments } from "~/routes/vendor.appointment/route";
import { loader as vendorFinance } from "~/routes/vendor.finance";
import { loader as vendorReviews } from "~/routes/vendor.reviews/route";
import { cookieFor, get, run } from "./booking-routes";

// The dashboards' lists read ?page= by one rule (readListPage): a page number shows that page; anything else shows
// the first page, says so, and answers 400, as the browsing pages do.

const INVALID = "That page number isn't valid, so here is the first page.";
type ListPage = { page: number; problems: string[] };

const lists = [
  { path: "/user/appointment", loader: customerAppointments, who: "customer@example.com" },
  { path: "/vendor/appointment", loader: vendorAppointments, who: "vendor@example.com" },
  { path: "/vendor/finance", loader: vendorFinance, who: "vendor@example.com" },
  { path: "/vendor/reviews", loader: vendorReviews, who: "vendor@example.com" },
  { path: "/admin/reviews", loader: adminReviews, who: "admin@example.com" },
  { path: "/admin/problems", loader: adminProblems, who: "admin@example.com" },
];

describe.each(lists)("$path?page=", ({ path, loader, who }) => {
  test("a page number is that page, with nothing to say", async () => {
    const { status, body } = await run<ListPage>(loader, get(`${path}?page=2`, await cookieFor(who)));
    expect(status).toBe(200);
    expect(body).toMatchObject({ page: 2, problems: [] });
  });

  test.each(["abc", "0", "-1", "1.5", "9".repeat(12), "%00"])("%s is not a page number: the first page, the message, 400", async (value) => {
    const { status, body } = await run<ListPage>(loader, get(`${path}?page=${value}`, await cookieFor(who)));
    expect(status).toBe(400);
    expect(body).toMatchObject({ page: 1, problems: [INVALID] });
  });

  test("a page past the last one the list goes to is that last page (500)", async () => {
    const { status, body } = await run<ListPage>(loader, get(`${path}?page=100000`, await cookieFor(who)));
    expect(status).toBe(200);
    expect(body.page).toBe(500);
  });
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
