import { afterEach, describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { dueWork } from "~/models/background/work-list.server";
import { reportDeadline, reportProblem, resolveProblem } from "~/models/appointments/problems.server";
import { markNoShow } from "~/models/appointments/transitions.server";
import { action as customerAction, loader as customerLoader } from "~/routes/user.appointment/route";
import { loader as adminLoader } from "~/routes/admin.problems/route";
import { appointmentByRef, mailsTo, vendorBySlug } from "./booking";
import { cookieFor, firstError, get, post, run } from "./booking-routes";
import { finance, heldOrder, net, payOnline, VENDOR, vendorDoes } from "./money";
import { formatDate } from "~/utils/time";

// The money of a visit stays with Glow ("pending") until the visit's end plus the reporting window, whatever its
// vendor clicks, and its booker may report a problem, or dispute a no-show, until then (docs/domain.md, "Money").
// A no-show is marked only after the vendor's grace period. Runs on SQLite and PostgreSQL.

const MINUTE = 60_000;
const db = () => getDb();

/** A paid, accepted 2-hour visit of a new customer that started `minutesAgo` minutes ago. */
async function startedVisit(name: string, hour: number, minutesAgo: number) {
  const order = await heldOrder(name, hour);
  await payOnline(order);
  await vendorDoes("accept", order.id);
  const starts = new Date(Date.now() - minutesAgo * MINUTE);
  const ends = new Date(starts.getTime() + 120 * MINUTE);
  await (await db()).updateTable("appointments").set({ starts_at: starts.toISOString(), ends_at: ends.toISOString() }).where("id", "=", order.id).execute();
  return { ...order, startsAt: starts, endsAt: ends };
}

/** The visit's own money on the vendor's two accounts, from the ledger. */
async function moneyOf(appointmentId: number) {
  const rows = await (
    await db()
  )
    .selectFrom("ledger_entries")
    .select(["account", (eb) => eb.fn.sum<number>("amount_kobo").as("total")])
    .where("appointment_id", "=", appointmentId)
    .groupBy("account")
    .execute();
  const of = (account: string) => Number(rows.find((r) => r.account === account)?.total ?? 0);
  return { pending: of("pending"), available: of("available") };
}

const sweepAt = async (now: Date) => dueWork.sweeps["auto-complete-visits"]!.run({ db: await db(), now });
const report = (order: { ref: string; cookie: string }, intent = "report", reason = "The stylist did not do what I booked.") =>
  run(customerAction, post("/user/appointment", { intent, ref: order.ref, reason }, order.cookie));

afterEach(async () => {
  const vendor = await vendorBySlug();
  await (await db()).updateTable("vendors").set({ cancellation_policy: "flexible", no_show_grace_minutes: 15 }).where("id", "=", vendor.id).execute();
});

describe(`the money of a visit stays pending until its end plus the reporting window (${getDialect()})`, () => {
  test("completed 12 seconds after its start: completed, but its money stays pending and the booker can still report a problem", async () => {
    const visit = await startedVisit("Early", 9, 0.2);
    const before = await finance();
    await vendorDoes("complete", visit.id);
    expect((await appointmentByRef(visit.ref)).status).toBe("completed");
    const after = await finance();
    expect(after.balanceKobo).toBe(before.balanceKobo);
    expect(after.pendingKobo).toBe(before.pendingKobo);
    expect(await moneyOf(visit.id)).toEqual({ pending: net(visit.totalKobo), available: 0 });

    // The sweep before the window ends leaves it; the booker's report is taken and keeps it pending after too.
    await sweepAt(new Date(visit.endsAt.getTime() + MINUTE));
    expect(await moneyOf(visit.id)).toEqual({ pending: net(visit.totalKobo), available: 0 });
    const page = await run<{ detail: { reportBy: string | null } }>(customerLoader, get(`/user/appointment?tab=past&ref=${visit.ref}`, visit.cookie));
    expect(page.body.detail.reportBy).toBe(reportDeadline(visit.endsAt.toISOString()));
    expect((await report(visit)).status).toBe(303);
    await sweepAt(new Date(Date.parse(reportDeadline(visit.endsAt.toISOString())) + MINUTE));
    expect(await moneyOf(visit.id)).toEqual({ pending: net(visit.totalKobo), available: 0 });

    // The admin decides: refunded, the money leaves pending and never reached the balance.
    const admin = await (await db()).selectFrom("users").select("id").where("email", "=", "admin@example.com").executeTakeFirstOrThrow();
    await resolveProblem(admin.id, visit.id, "refund");
    expect(await moneyOf(visit.id)).toEqual({ pending: 0, available: 0 });
    expect((await appointmentByRef(visit.ref)).status).toBe("cancelled");
  });

  test("completed early and not reported: released by the sweep once the window has ended, not before", async () => {
    const visit = await startedVisit("Patient", 11, 1);
    await vendorDoes("complete", visit.id);
    const deadline = Date.parse(reportDeadline(visit.endsAt.toISOString()));
    await sweepAt(new Date(deadline - MINUTE));
    expect(await moneyOf(visit.id)).toEqual({ pending: net(visit.totalKobo), available: 0 });
    await sweepAt(new Date(deadline + MINUTE));
    expect(await moneyOf(visit.id)).toEqual({ pending: 0, available: net(visit.totalKobo) });
    // Once only.
    await sweepAt(new Date(deadline + 2 * MINUTE));
    expect(await moneyOf(visit.id)).toEqual({ pending: 0, available: net(visit.totalKobo) });
    // And the booker can no longer report it.
    await expect(reportProblem(visit.customer.id, visit.ref, "Too late now.", new Date(deadline + 3 * MINUTE))).rejects.toThrow(
      /The time to report a problem ended/,
    );
  });
});

describe(`a no-show only after the grace period, and the booker may dispute it once (${getDialect()})`, () => {
  test("refused at the start and during the vendor's grace period; a vendor setting within limits", async () => {
    const vendor = await vendorBySlug();
    const visit = await startedVisit("Late", 13, 0);
    const at = (minutes: number) => new Date(visit.startsAt.getTime() + minutes * MINUTE);
    await expect(markNoShow(vendor.id, visit.id, at(0))).rejects.toThrow(/You can mark a no-show from .* \(15 minutes after the start\)\./);
    await expect(markNoShow(vendor.id, visit.id, at(14.9))).rejects.toThrow(/15 minutes after the start/);
    await (await db()).updateTable("vendors").set({ no_show_grace_minutes: 30 }).where("id", "=", vendor.id).execute();
    await expect(markNoShow(vendor.id, visit.id, at(20))).rejects.toThrow(/30 minutes after the start/);
    await markNoShow(vendor.id, visit.id, at(30));
    expect((await appointmentByRef(visit.ref)).status).toBe("no_show");
  });

  test("on a strict policy the kept money stays pending; the booker disputes once; the admin sees it and decides", async () => {
    const vendor = await vendorBySlug();
    await (await db()).updateTable("vendors").set({ cancellation_policy: "strict" }).where("id", "=", vendor.id).execute();
    const visit = await startedVisit("Disputed", 15, 20);
    const before = await finance();
    await vendorDoes("no_show", visit.id);
    expect((await appointmentByRef(visit.ref)).status).toBe("no_show");
    // Strict: the vendor keeps all of it, but not yet.
    const marked = await finance();
    expect(marked.balanceKobo).toBe(before.balanceKobo);
    expect(marked.pendingKobo).toBe(before.pendingKobo);

    type Page = { detail: { reportBy: string | null; reportKind: string; problem: { kind: string } | null } };
    const page = await run<Page>(customerLoader, get(`/user/appointment?tab=past&ref=${visit.ref}`, visit.cookie));
    expect(page.body.detail.reportBy).not.toBeNull();
    expect(page.body.detail.reportKind).toBe("no_show_dispute");
    expect((await report(visit, "report", "I was there on time; the salon was closed.")).status).toBe(303);
    const again = await report(visit, "report", "And again, I was there.");
    expect(again.status).toBe(409);
    expect(firstError(again.body)).toBe("You already disputed this no-show. Glow is looking into it.");
    const disputed = await run<Page>(customerLoader, get(`/user/appointment?tab=past&ref=${visit.ref}`, visit.cookie));
    expect(disputed.body.detail.problem?.kind).toBe("no_show_dispute");
    // Its own words, not a problem report's: to the booker and to the vendor.
    const ours = (m: { subject: string }) =>
      m.subject.startsWith("No-show disputed: ") && m.subject.endsWith(` on ${formatDate(visit.startsAt.toISOString())}`);
    const customerMails = await mailsTo(visit.customer.email);
    expect(customerMails.find(ours)?.text).toContain("What the vendor would keep for this no-show stays with Glow until we have looked into it");
    expect(customerMails.filter((m) => m.subject.startsWith("Problem reported:"))).toEqual([]);
    expect((await mailsTo(VENDOR)).find(ours)?.text).toContain("disputes the no-show you marked for this visit, so what you would keep for it stays pending.");
    const problem = await (await db()).selectFrom("visit_problems").select(["kind"]).where("appointment_id", "=", visit.id).executeTakeFirstOrThrow();
    expect(problem.kind).toBe("no_show_dispute");

    const admin = await run<{ items: { ref: string; kind: string }[] }>(adminLoader, get("/admin/problems", await cookieFor("admin@example.com")));
    expect(admin.body.items.find((i) => i.ref === visit.ref)?.kind).toBe("no_show_dispute");
    // Held while open, even past the window.
    await sweepAt(new Date(Date.parse(reportDeadline(visit.endsAt.toISOString())) + MINUTE));
    expect(await moneyOf(visit.id)).toEqual({ pending: net(visit.totalKobo), available: 0 });
    const adminId = (await (await db()).selectFrom("users").select("id").where("email", "=", "admin@example.com").executeTakeFirstOrThrow()).id;
    await resolveProblem(adminId, visit.id, "release");
    expect(await moneyOf(visit.id)).toEqual({ pending: 0, available: net(visit.totalKobo) });
    expect((await appointmentByRef(visit.ref)).status).toBe("no_show");
  });

  test("a no-show nobody disputes: what the vendor keeps is released when the window ends", async () => {
    const vendor = await vendorBySlug();
    await (await db()).updateTable("vendors").set({ cancellation_policy: "strict" }).where("id", "=", vendor.id).execute();
    const visit = await startedVisit("Absent", 17, 20);
    await vendorDoes("no_show", visit.id);
    expect(await moneyOf(visit.id)).toEqual({ pending: net(visit.totalKobo), available: 0 });
    await sweepAt(new Date(Date.parse(reportDeadline(visit.endsAt.toISOString())) + MINUTE));
    expect(await moneyOf(visit.id)).toEqual({ pending: 0, available: net(visit.totalKobo) });
  });
});
