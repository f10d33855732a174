import { getDb } from "~/db/db.server";
import type { CancellationPolicy } from "~/db/schema";
import { addDaysToDay, formatDate, formatTime, lagosToday } from "~/utils/time";
import { DomainError } from "~/models/refusal";
import { withBookingLock } from "./booking-lock.server";
import { loadVendorTime } from "./slots.server";
import { policySentence } from "~/models/money/cancellation-policy";
import { fitsSchedule, isValidDayHours, LONGEST_DAYS_AHEAD, weekSummary, type DayHours, type VendorTime } from "./schedule-rules";

// The vendor edits their own time here: the weekly schedule, days off, and the booking rules (notice, horizon,
// automatic acceptance, cancellation policy, deposit). Changing them never moves an appointment: those that no
// longer fit are listed for the vendor to sort out with their customers (see docs/domain.md, "The vendor's time").

export interface BookingRules {
  minNoticeMinutes: number;
  maxDaysAhead: number;
  autoAccept: boolean;
  cancellationPolicy: CancellationPolicy;
  depositPercent: number;
  /** Minutes after a start before a no-show may be marked; left as it is when not given. */
  noShowGraceMinutes?: number;
}

export interface OutsideAppointment {
  id: number;
  ref: string;
  serviceTitle: string;
  customerName: string;
  when: string;
}

export const MAX_TIME_OFF_DAYS = 366;
export const MAX_TIME_OFF_ENTRIES = 100;
export const NOTE_MAX = 60;

/** Upcoming live appointments of the vendor that the schedule no longer covers (a closed day, the break, a day off). */
export async function appointmentsOutsideHours(vendorId: number, time: Pick<VendorTime, "week" | "timeOff">, now: Date): Promise<OutsideAppointment[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("appointments as a")
    .innerJoin("services as s", "s.id", "a.service_id")
    .innerJoin("users as c", "c.id", "a.customer_id")
    .select(["a.id", "a.ref", "a.starts_at", "a.ends_at", "s.title", "c.first_name", "c.last_name"])
    .where("a.vendor_id", "=", vendorId)
    .where("a.status", "in", ["requested", "confirmed"])
    .where("a.starts_at", ">", now.toISOString())
    .orderBy("a.starts_at")
    .execute();
  return rows
    .filter((r) => !fitsSchedule(time, r))
    .map((r) => ({
      id: r.id,
      ref: r.ref,
      serviceTitle: r.title,
      customerName: `${r.first_name} ${r.last_name}`,
      when: `${formatDate(r.starts_at)}, ${formatTime(r.starts_at)}`,
    }));
}

/** Everything the hours page shows: the week, days off from today on, the rules, and what falls outside. */
export async function getVendorTimePage(vendorId: number, now: Date = new Date()) {
  const db = await getDb();
  const time = await loadVendorTime(db, vendorId, lagosToday(now));
  if (!time) throw new DomainError("not-found", "We couldn't find your vendor profile.");
  const rules = await db
    .selectFrom("vendors")
    .select(["auto_accept", "cancellation_policy", "deposit_percent", "no_show_grace_minutes"])
    .where("id", "=", vendorId)
    .executeTakeFirstOrThrow();
  return {
    week: time.week,
    timeOff: time.timeOff,
    rules: {
      minNoticeMinutes: time.minNoticeMinutes,
      maxDaysAhead: time.maxDaysAhead,
      autoAccept: rules.auto_accept === 1,
      cancellationPolicy: rules.cancellation_policy,
      depositPercent: rules.deposit_percent,
      noShowGraceMinutes: rules.no_show_grace_minutes,
    } satisfies BookingRules,
    outside: await appointmentsOutsideHours(vendorId, time, now),
  };
}

/** Replaces the weekly schedule (open weekdays only). Returns the upcoming appointments it leaves outside. */
export async function saveWeek(vendorId: number, week: DayHours[], now: Date = new Date()): Promise<OutsideAppointment[]> {
  const days = new Set(week.map((h) => h.day));
  if (days.size !== week.length || !week.every(isValidDayHours)) {
    throw new DomainError("invalid", "Each open day needs an opening hour before its closing hour, and a break inside them.");
  }
  const sorted = [...week].sort((a, b) => a.day - b.day);
  await withBookingLock({ vendorId }, async (tx) => {
    await tx
      .updateTable("vendors")
      .set({ week_hours: JSON.stringify(sorted), ...weekSummary(sorted) })
      .where("id", "=", vendorId)
      .execute();
  });
  const time = (await loadVendorTime(await getDb(), vendorId, lagosToday(now)))!;
  return appointmentsOutsideHours(vendorId, time, now);
}

/** Adds days off (one day or an inclusive range, today or later). Returns the upcoming appointments they cover. */
export async function addTimeOff(
  vendorId: number,
  input: { startsOn: string; endsOn: string; note: string },
  now: Date = new Date(),
): Promise<OutsideAppointment[]> {
  const today = lagosToday(now);
  if (input.startsOn < today) throw new DomainError("invalid", "Days off start today or later.");
  if (input.endsOn < input.startsOn) throw new DomainError("invalid", "The last day off can't be before the first.");
  const lengthDays = (Date.parse(input.endsOn) - Date.parse(input.startsOn)) / 86_400_000 + 1;
  if (lengthDays > MAX_TIME_OFF_DAYS) throw new DomainError("invalid", `Days off can cover at most ${MAX_TIME_OFF_DAYS} days at a time.`);
  if (input.startsOn > addDaysToDay(today, LONGEST_DAYS_AHEAD))
    throw new DomainError("invalid", `Days off can start at most ${LONGEST_DAYS_AHEAD} days ahead.`);
  const db = await getDb();
  await withBookingLock({ vendorId }, async (tx) => {
    const count = await tx
      .selectFrom("vendor_time_off")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("vendor_id", "=", vendorId)
      .where("ends_on", ">=", today)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_TIME_OFF_ENTRIES)
      throw new DomainError("invalid", `You can plan at most ${MAX_TIME_OFF_ENTRIES} periods off. Remove one first.`);
    await tx
      .insertInto("vendor_time_off")
      .values({
        vendor_id: vendorId,
        starts_on: input.startsOn,
        ends_on: input.endsOn,
        note: input.note.trim().slice(0, NOTE_MAX),
        created_at: now.toISOString(),
      })
      .execute();
  });
  const time = (await loadVendorTime(db, vendorId, today))!;
  return appointmentsOutsideHours(vendorId, time, now);
}

export async function removeTimeOff(vendorId: number, id: number): Promise<void> {
  const db = await getDb();
  const result = await db.deleteFrom("vendor_time_off").where("id", "=", id).where("vendor_id", "=", vendorId).executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) throw new DomainError("not-found", "That day off is no longer in your list.");
}

export async function saveBookingRules(vendorId: number, rules: BookingRules): Promise<void> {
  const db = await getDb();
  await db
    .updateTable("vendors")
    .set({
      min_notice_minutes: rules.minNoticeMinutes,
      max_days_ahead: rules.maxDaysAhead,
      auto_accept: rules.autoAccept ? 1 : 0,
      cancellation_policy: rules.cancellationPolicy,
      deposit_percent: rules.depositPercent,
      ...(rules.noShowGraceMinutes === undefined ? {} : { no_show_grace_minutes: rules.noShowGraceMinutes }),
    })
    .where("id", "=", vendorId)
    .execute();
}

/** The vendor's cancellation policy in one line, shown before anyone pays ("Moderate: free cancellation until ..."). */
export async function policyLine(vendorId: number): Promise<string> {
  const db = await getDb();
  const v = await db.selectFrom("vendors").select(["cancellation_policy", "deposit_percent"]).where("id", "=", vendorId).executeTakeFirst();
  if (!v) return "";
  return policySentence(v.cancellation_policy, v.deposit_percent);
}
