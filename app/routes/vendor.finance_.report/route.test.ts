import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { addDaysToDay, lagosToday } from "~/utils/time";
import { vendorBySlug } from "../../../tests/booking";
import { cookieFor, get, run } from "../../../tests/booking-routes";
import { demoStylist, teamMember } from "../../../tests/staff";
import { createVendor } from "../../../tests/vendor";
import { loader as appointmentsCsv } from "../vendor.finance_.appointments[.csv]";
import { loader as ledgerCsv } from "../vendor.finance_.ledger[.csv]";
import { loader } from "./route";

// Finance's report and its exports through HTTP (docs/domain.md, "The report"): the owner's alone, like the rest of
// Finance (a stylist or a manager gets 403); a range that cannot be read is a 400 that says so.

type Report = { fromDay: string; toDay: string; problem: string | null; report: { netKobo: number; visits: Record<string, number> } };

describe("/vendor/finance/report and its CSV exports", () => {
  test("the owner's report covers the last 30 days by default, and any range of up to 366 days", async () => {
    const cookie = await cookieFor((await vendorBySlug()).email);
    const today = lagosToday();
    const page = await run<Report>(loader, get("/vendor/finance/report", cookie));
    expect(page.status).toBe(200);
    expect([page.body.fromDay, page.body.toDay, page.body.problem]).toEqual([addDaysToDay(today, -29), today, null]);
    expect(page.body.report.netKobo).toBeGreaterThan(0);
    expect(page.body.report.visits.completed).toBeGreaterThan(0);
    const chosen = await run<Report>(loader, get(`/vendor/finance/report?from=${addDaysToDay(today, -5)}&to=${today}`, cookie));
    expect([chosen.status, chosen.body.fromDay]).toEqual([200, addDaysToDay(today, -5)]);
  });

  test("an unreadable, reversed or too long range is a 400 on the page and from the exports; another salon's member is 404", async () => {
    const cookie = await cookieFor((await vendorBySlug()).email);
    const today = lagosToday();
    for (const [query, problem] of [
      ["from=yesterdayish&to=2026-01-01", "Those dates aren't ones we can read, so here are the last 30 days."],
      [`from=${today}&to=${addDaysToDay(today, -1)}`, "The range ends before it starts, so here are the last 30 days."],
      [`from=${addDaysToDay(today, -400)}&to=${today}`, "A report covers at most 366 days, so here are the last 30 days."],
    ] as const) {
      const page = await run<Report>(loader, get(`/vendor/finance/report?${query}`, cookie));
      expect(page.status).toBe(400);
      expect(page.body.problem).toBe(problem);
      for (const csv of [appointmentsCsv, ledgerCsv]) {
        const answer = await run(csv, get(`/vendor/finance/ledger.csv?${query}`, cookie));
        expect(answer.status).toBe(400);
        expect(await answer.response!.text()).toBe(problem);
      }
    }
    const elsewhere = await createVendor("reportelsewhere");
    const stranger = (await (await getDb()).selectFrom("team_members").select("id").where("vendor_id", "=", elsewhere.vendorId).executeTakeFirstOrThrow()).id;
    expect((await run(loader, get(`/vendor/finance/report?member=${stranger}`, cookie))).status).toBe(404);
    expect((await run(ledgerCsv, get(`/vendor/finance/ledger.csv?member=${stranger}`, cookie))).status).toBe(404);
  });

  test("the exports download as CSV files of the owner's own data", async () => {
    const cookie = await cookieFor((await vendorBySlug()).email);
    const answer = await run(appointmentsCsv, get("/vendor/finance/appointments.csv", cookie));
    expect(answer.status).toBe(200);
    expect(answer.response!.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(answer.response!.headers.get("Content-Disposition")).toMatch(/^attachment; filename="appointments-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await answer.response!.text();
    expect(text.split("\r\n").length).toBeGreaterThan(10);
    const ledger = await run(ledgerCsv, get("/vendor/finance/ledger.csv", cookie));
    expect((await ledger.response!.text()).startsWith("Date,Time,Kind,Account,Title,Group,Booking,Amount (NGN)\r\n")).toBe(true);
  });

  test("a stylist and a manager get 403 from the report and both exports", async () => {
    const stylist = await demoStylist();
    const manager = await teamMember(stylist.vendorId, "manager", "Report Manager");
    for (const cookie of [stylist.cookie, manager.cookie]) {
      expect((await run(loader, get("/vendor/finance/report", cookie))).status).toBe(403);
      expect((await run(appointmentsCsv, get("/vendor/finance/appointments.csv", cookie))).status).toBe(403);
      expect((await run(ledgerCsv, get("/vendor/finance/ledger.csv", cookie))).status).toBe(403);
    }
  });
});
