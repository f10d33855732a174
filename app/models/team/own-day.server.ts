import { getDb } from "~/db/db.server";
import { DomainError } from "~/models/refusal";
import { addDaysToDay, lagosInstant, lagosToday } from "~/utils/time";
import { maskPhone } from "./roles";

// A member's own day (docs/domain.md, "Roles"): their appointments from today on, and the visits of earlier days
// still waiting to be marked, with what a stylist may know of each client (the name and the phone's last 4 digits,
// never the e-mail); and the time they block for themselves.

/** The most rows the page shows; a busier member's later days wait until these are done. */
export const OWN_DAY_LIMIT = 60;
/** How far ahead a member may block their own time. */
export const BLOCK_DAYS_AHEAD = 90;

export interface OwnAppointment {
  id: number;
  ref: string;
  status: "requested" | "confirmed" | "completed" | "no_show";
  startsAt: string;
  endsAt: string;
  service: string;
  clientName: string;
  clientPhone: string | null;
  homeService: boolean;
  /** The client's address, for a home service only: the member has to get there. */
  address: string | null;
  comment: string | null;
}

/** The member's appointments from today's Lagos midnight on, plus earlier confirmed visits not yet marked; soonest first. */
export async function listOwnDay(vendorId: number, memberId: number, now: Date = new Date()): Promise<{ rows: OwnAppointment[]; hasMore: boolean }> {
  const db = await getDb();
  const midnight = lagosInstant(lagosToday(now), 0);
  const rows = await db
    .selectFrom("appointments as a")
    .innerJoin("services as s", "s.id", "a.service_id")
    .innerJoin("users as c", "c.id", "a.customer_id")
    .select([
      "a.id",
      "a.ref",
      "a.status",
      "a.starts_at",
      "a.ends_at",
      "a.location_type",
      "a.location_address",
      "a.comment",
      "s.title",
      "c.first_name",
      "c.last_name",
      "c.phone",
    ])
    .where("a.vendor_id", "=", vendorId)
    .where("a.member_id", "=", memberId)
    .where((eb) =>
      eb.or([
        eb.and([eb("a.starts_at", ">=", midnight), eb("a.status", "in", ["requested", "confirmed", "completed", "no_show"])]),
        eb.and([eb("a.starts_at", "<", midnight), eb("a.status", "=", "confirmed")]),
      ]),
    )
    .orderBy("a.starts_at")
    .limit(OWN_DAY_LIMIT + 1)
    .execute();
  return {
    hasMore: rows.length > OWN_DAY_LIMIT,
    rows: rows.slice(0, OWN_DAY_LIMIT).map((r) => ({
      id: r.id,
      ref: r.ref,
      status: r.status as OwnAppointment["status"],
      startsAt: r.starts_at,
      endsAt: r.ends_at,
      service: r.title,
      clientName: `${r.first_name} ${r.last_name}`.trim(),
      clientPhone: maskPhone(r.phone),
      homeService: r.location_type === "home",
      address: r.location_type === "home" ? r.location_address : null,
      comment: r.comment,
    })),
  };
}

export interface OwnBlock {
  id: number;
  startsAt: string;
  endsAt: string;
  note: string;
}

/** The member's blocked times that have not ended yet. */
export async function listOwnBlocks(memberId: number, now: Date = new Date()): Promise<OwnBlock[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("team_time_off")
    .select(["id", "starts_at", "ends_at", "note"])
    .where("member_id", "=", memberId)
    .where("ends_at", ">", now.toISOString())
    .orderBy("starts_at")
    .limit(50)
    .execute();
  return rows.map((r) => ({ id: r.id, startsAt: r.starts_at, endsAt: r.ends_at, note: r.note }));
}

/**
 * Blocks `fromHour`..`toHour` of a Lagos day in the member's own calendar. Refused in the past, beyond
 * BLOCK_DAYS_AHEAD, or over one of their live appointments: a block never cancels a booking (docs/domain.md, "Roles");
 * the owner or a manager moves it first.
 */
export async function blockOwnTime(memberId: number, input: { day: string; fromHour: number; toHour: number; note: string }, now: Date = new Date()) {
  if (input.fromHour >= input.toHour) throw new DomainError("invalid", "The end comes after the start.", { field: "to_hour" });
  const startsAt = lagosInstant(input.day, input.fromHour);
  const endsAt = lagosInstant(input.day, input.toHour);
  if (endsAt <= now.toISOString()) throw new DomainError("invalid", "That time has already passed.", { field: "day" });
  if (input.day > addDaysToDay(lagosToday(now), BLOCK_DAYS_AHEAD)) {
    throw new DomainError("invalid", `You can block time up to ${BLOCK_DAYS_AHEAD} days ahead.`, { field: "day" });
  }
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    const clash = await tx
      .selectFrom("appointments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("member_id", "=", memberId)
      .where("status", "in", ["held", "requested", "confirmed"])
      .where("starts_at", "<", endsAt)
      .where("ends_at", ">", startsAt)
      .executeTakeFirstOrThrow();
    const n = Number(clash.n);
    if (n > 0) {
      throw new DomainError(
        "conflict",
        `You have ${n === 1 ? "an appointment" : `${n} appointments`} in that time. Ask the salon's owner or manager to move ${n === 1 ? "it" : "them"} first.`,
        { field: "day" },
      );
    }
    await tx
      .insertInto("team_time_off")
      .values({ member_id: memberId, starts_at: startsAt, ends_at: endsAt, all_day: 0, note: input.note, created_at: now.toISOString() })
      .execute();
  });
}

/** Removes one of the member's own blocks; anyone else's is "not found". */
export async function removeOwnBlock(memberId: number, id: number): Promise<void> {
  const db = await getDb();
  const done = await db.deleteFrom("team_time_off").where("id", "=", id).where("member_id", "=", memberId).executeTakeFirst();
  if (Number(done.numDeletedRows) === 0) throw new DomainError("not-found", "We couldn't find that blocked time.");
}
