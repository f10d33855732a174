import { afterEach, describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { acceptRequest, cancelByCustomer, choosePayToVendor, rescheduleAppointment } from "./transitions.server";
import { HOUR, MINUTE } from "~/models/jobs/durations";
import { dueWork } from "~/models/background/work-list.server";
import { ensureSweeps, runDueWork } from "~/models/jobs/queue.server";
import { addDaysToDay, lagosInstant } from "~/utils/time";
import { setConsents } from "~/models/messaging/consent.server";
import { manageUrl } from "./manage-link.server";
import { appointmentByRef, createCustomer, featuredService, freshOpenDay, hold, mailsTo, vendorBySlug } from "../../../tests/booking";

// Reminders of confirmed visits, 24 h and 2 h before, each e-mailed once; the clock is moved by passing `now`.

afterEach(async () => {
  // Each test moves the clock on its own; sweeps re-armed by another test's clock must not wait for ours.
  await (await getDb()).deleteFrom("jobs").execute();
});

/** Runs due work at `now` the way the loop would over a minute: the sweep, then the jobs it scheduled. */
async function runAt(now: Date) {
  await ensureSweeps(await getDb(), dueWork, now);
  for (let i = 0; i < 3; i++) await runDueWork(dueWork, { now });
}

async function confirmedVisit(hour = 10) {
  const vendor = await vendorBySlug();
  const service = await featuredService();
  const customer = await createCustomer("Amaka");
  const day = freshOpenDay(vendor.open_days);
  const { ref } = await hold(customer.id, service.id, day, hour);
  await choosePayToVendor(customer.id, ref, null);
  const requested = await appointmentByRef(ref);
  await acceptRequest(vendor.id, requested.id);
  return { vendor, customer, ref, id: requested.id, startsAt: new Date(requested.starts_at), day };
}

const reminders = async (email: string) => (await mailsTo(email)).filter((m) => m.subject.startsWith("Reminder:"));

describe("visit reminders", () => {
  test("the customer is e-mailed 24 h and 2 h before a confirmed visit, once each, with the place and working links", async () => {
    const visit = await confirmedVisit();
    const start = visit.startsAt.getTime();

    await runAt(new Date(start - 25 * HOUR));
    expect(await reminders(visit.customer.email)).toEqual([]);

    await runAt(new Date(start - 24 * HOUR - 5 * MINUTE)); // scheduled ahead, not yet sent
    expect(await reminders(visit.customer.email)).toEqual([]);
    await runAt(new Date(start - 24 * HOUR));
    await runAt(new Date(start - 23 * HOUR));
    const first = await reminders(visit.customer.email);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toMatch(/^Reminder: Knotless Box Braids on [A-Z][a-z]{2} \d{1,2}, \d{4} at 10:00 am$/);
    expect(first[0]!.text).toContain("A reminder of your visit to");
    expect(first[0]!.text).toContain("in 24 hours");
    expect(first[0]!.text).toMatch(/^Where: .+, .+$/m);
    expect(first[0]!.text).toContain(`Add it to your calendar: http://localhost:3000/user/appointment/calendar.ics?ref=${visit.ref}`);
    expect(first[0]!.text).toContain(`Or in your appointments: http://localhost:3000/user/appointment?ref=${visit.ref}#detail`);

    await runAt(new Date(start - 2 * HOUR));
    await runAt(new Date(start - 1 * HOUR));
    const both = await reminders(visit.customer.email);
    expect(both).toHaveLength(2);
    expect(both[1]!.text).toContain("in 2 hours");
  });

  test("a cancelled visit is not reminded of, even when its reminder was already scheduled", async () => {
    const visit = await confirmedVisit();
    const start = visit.startsAt.getTime();
    await runAt(new Date(start - 24 * HOUR - 5 * MINUTE));
    const db = await getDb();
    expect(await db.selectFrom("jobs").select("key").where("kind", "=", "visit.reminder").where("key", "like", `${visit.id}:%`).execute()).toHaveLength(1);
    await cancelByCustomer(visit.customer.id, visit.ref);
    await runAt(new Date(start - 24 * HOUR));
    await runAt(new Date(start - 2 * HOUR));
    expect(await reminders(visit.customer.email)).toEqual([]);
  });

  test("a rescheduled visit is reminded of at its new time only", async () => {
    const visit = await confirmedVisit(10);
    const start = visit.startsAt.getTime();
    await runAt(new Date(start - 24 * HOUR));
    expect(await reminders(visit.customer.email)).toHaveLength(1);

    // Moved to 3 pm the same day and confirmed again, before the 2 h reminder of 10 am.
    await rescheduleAppointment(visit.customer.id, visit.ref, visit.day, 15);
    await acceptRequest(visit.vendor.id, visit.id);
    const moved = (await appointmentByRef(visit.ref)).starts_at;
    expect(Date.parse(moved) - start).toBe(5 * HOUR);

    await runAt(new Date(Date.parse(moved) - 24 * HOUR + 30 * MINUTE)); // the new 24 h one is 30 min late: still sent
    expect(await reminders(visit.customer.email)).toHaveLength(2);
    await runAt(new Date(start - 2 * HOUR)); // the old time's 2 h reminder: nothing
    expect(await reminders(visit.customer.email)).toHaveLength(2);
    await runAt(new Date(Date.parse(moved) - 2 * HOUR));
    const all = await reminders(visit.customer.email);
    expect(all.map((m) => m.subject.replace(/^.* at /, ""))).toEqual(["10:00 am", "3:00 pm", "3:00 pm"]);
  });

  test("a reminder whose moment passed long ago (the visit was confirmed later) is not sent late", async () => {
    const visit = await confirmedVisit();
    const start = visit.startsAt.getTime();
    await runAt(new Date(start - 20 * HOUR)); // 4 h after the 24 h reminder's moment
    expect(await reminders(visit.customer.email)).toEqual([]);
    await runAt(new Date(start - 2 * HOUR));
    expect((await reminders(visit.customer.email)).map((m) => m.text.includes("in 2 hours"))).toEqual([true]);
  });

  test("a 24 h reminder that would fall in the quiet hours goes at 20:00 the evening before; the 2 h one keeps its time", async () => {
    const visit = await confirmedVisit();
    // The vendor opens at 6:30 am that day: move the visit there (the quiet hours are about the clock, not the vendor).
    const early = lagosInstant(visit.day, 6, 30);
    const db = await getDb();
    await db
      .updateTable("appointments")
      .set({ starts_at: early, ends_at: new Date(Date.parse(early) + HOUR).toISOString() })
      .where("id", "=", visit.id)
      .execute();
    const evening = Date.parse(lagosInstant(addDaysToDay(visit.day, -2), 20));

    await runAt(new Date(evening - 5 * MINUTE)); // scheduled, not yet due
    const [job] = await db.selectFrom("jobs").select(["run_at"]).where("kind", "=", "visit.reminder").where("key", "like", `${visit.id}:24h:%`).execute();
    expect(job!.run_at).toBe(new Date(evening).toISOString());
    expect(await reminders(visit.customer.email)).toEqual([]);
    await runAt(new Date(evening));
    const [sent] = await reminders(visit.customer.email);
    expect(sent!.text).toMatch(/A reminder of your visit to .+ on [A-Z][a-z]{2} \d{1,2}, \d{4} at 6:30 am\./);
    await runAt(new Date(Date.parse(early) - 24 * HOUR)); // its unshifted moment (06:30): nothing more
    expect(await reminders(visit.customer.email)).toHaveLength(1);
    await runAt(new Date(Date.parse(early) - 2 * HOUR)); // 04:30: the 2 h reminder is not moved
    expect((await reminders(visit.customer.email)).map((m) => m.text.includes("in 2 hours"))).toEqual([false, true]);
  });

  test("no reminder job is ever queued for a time already past, even when the sweep runs late", async () => {
    const visit = await confirmedVisit();
    const start = visit.startsAt.getTime();
    const late = new Date(start - 24 * HOUR + 40 * MINUTE); // the runner was down at the reminder's moment
    await runAt(late);
    const db = await getDb();
    const jobs = await db
      .selectFrom("jobs")
      .select(["run_at", "created_at"])
      .where("kind", "=", "visit.reminder")
      .where("key", "like", `${visit.id}:%`)
      .execute();
    expect(jobs).toHaveLength(1);
    expect(Date.parse(jobs[0]!.run_at)).toBeGreaterThanOrEqual(late.getTime());
    expect(await reminders(visit.customer.email)).toHaveLength(1);
  });

  test("a visit booked inside a reminder's window gets no late 24 h reminder (the confirmation told them)", async () => {
    const visit = await confirmedVisit();
    const start = visit.startsAt.getTime();
    const db = await getDb();
    await db
      .updateTable("appointments")
      .set({ created_at: new Date(start - 23 * HOUR).toISOString() })
      .where("id", "=", visit.id)
      .execute();
    await runAt(new Date(start - 23 * HOUR + 30 * MINUTE));
    expect(await reminders(visit.customer.email)).toEqual([]);
  });

  test("with WhatsApp consent the reminder also goes as the reminder template, with the manage link; the e-mail carries it too", async () => {
    const visit = await confirmedVisit();
    const db = await getDb();
    await db.updateTable("users").set({ phone: "+2348035556666" }).where("id", "=", visit.customer.id).execute();
    await setConsents(db, visit.customer.id, { whatsapp: true }, "profile");
    await runAt(new Date(visit.startsAt.getTime() - 24 * HOUR));
    const [mail] = await reminders(visit.customer.email);
    expect(mail!.text).toContain(`Reschedule or cancel (no sign-in needed): http://localhost:3000/manage/${visit.id}.`);
    const [message] = await db
      .selectFrom("sms_outbox")
      .selectAll()
      .where("user_id", "=", visit.customer.id)
      .where("template", "=", "appointment_reminder")
      .execute();
    const params = JSON.parse(message!.params!) as { body: string[] };
    expect(params.body.slice(0, 2)).toEqual(["Amaka", "Knotless Box Braids"]);
    expect(params.body[4]).toBe(visit.ref);
    expect(params.body[5]).toBe(manageUrl(visit.id));
    expect(params.body[6]).toMatch(new RegExp(`/stop/${visit.customer.id}w\\.`));
  });
});
