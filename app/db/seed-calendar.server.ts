import * as demo from "~/data/demo";
import type { VendorData } from "~/data/types";
import { platformFeeKobo } from "~/utils/fees";
import { bookingRef, randomToken } from "~/utils/random.server";
import { addDaysToDay, isoWeekday, lagosInstant } from "~/utils/time";
import type { Tx } from "./db.server";

// The demo salon's calendar today and tomorrow (docs/domain.md, "The calendar"): the owner and the senior braider
// each have a few confirmed visits today and one late tomorrow (one paid online, the rest paid at the visit), placed inside their own hours
// where they are free, and the owner has an hour blocked for a training tomorrow. The nail technician keeps the
// three visits the stylist's story gives him (app/db/seed-staff.server.ts).

interface MemberHours {
  id: number;
  week: { day: number; opens: number; closes: number; breakStarts: number | null; breakEnds: number | null }[];
  /** The hours to try for visits, in order. */
  tries: number[];
}

async function freeFor(tx: Tx, memberId: number, startsAt: string, endsAt: string): Promise<boolean> {
  const [busy, off] = await Promise.all([
    tx
      .selectFrom("appointments")
      .select("id")
      .where("member_id", "=", memberId)
      .where("status", "in", ["requested", "confirmed", "held"])
      .where("starts_at", "<", endsAt)
      .where("ends_at", ">", startsAt)
      .execute(),
    tx.selectFrom("team_time_off").select("id").where("member_id", "=", memberId).where("starts_at", "<", endsAt).where("ends_at", ">", startsAt).execute(),
  ]);
  return busy.length === 0 && off.length === 0;
}

function fits(member: MemberHours, vendor: Pick<VendorData, "openDays" | "opensHour" | "closesHour">, day: string, hour: number, hours: number): boolean {
  const weekday = isoWeekday(day);
  if (!vendor.openDays.includes(weekday) || hour < vendor.opensHour || hour + hours > vendor.closesHour) return false;
  const own = member.week.find((w) => w.day === weekday);
  if (!own || hour < own.opens || hour + hours > own.closes) return false;
  return own.breakStarts === null || own.breakEnds === null || hour + hours <= own.breakStarts || hour >= own.breakEnds;
}

export async function seedCalendarDays(
  tx: Tx,
  args: { vendorId: number; vendor: Pick<VendorData, "openDays" | "opensHour" | "closesHour">; today: string; customerIds: number[]; nowIso: string },
): Promise<void> {
  const members = await tx
    .selectFrom("team_members")
    .select(["id", "name", "role", "week_hours"])
    .where("vendor_id", "=", args.vendorId)
    .orderBy("sort")
    .execute();
  const vendorWeek = args.vendor.openDays.map((day) => ({
    day,
    opens: args.vendor.opensHour,
    closes: args.vendor.closesHour,
    breakStarts: null,
    breakEnds: null,
  }));
  const braider = demo.demoTeam[0]!;
  const plan: MemberHours[] = [];
  const owner = members.find((m) => m.role === "owner");
  if (owner) plan.push({ id: owner.id, week: vendorWeek, tries: [10, 12, 15, 17] });
  const tolu = members.find((m) => m.name === braider.name);
  if (tolu) plan.push({ id: tolu.id, week: braider.week, tries: [9, 11, 14, 16] });
  let customer = 0;
  for (const [d, day] of [args.today, addDaysToDay(args.today, 1)].entries()) {
    for (const member of plan) {
      const services = await tx
        .selectFrom("team_member_services as ms")
        .innerJoin("services as s", "s.id", "ms.service_id")
        .select(["s.id", "s.title", "s.group_name", "s.duration_min", "s.price_kobo", "ms.price_kobo as own_price"])
        .where("ms.member_id", "=", member.id)
        .where("s.status", "=", "active")
        .orderBy("s.id")
        .execute();
      if (services.length === 0) continue;
      let placed = 0;
      // Tomorrow one visit each, as late as fits: the day stays mostly free to book, as the demo's own stories do.
      for (const hour of d === 0 ? member.tries : [...member.tries].reverse()) {
        if (d > 0 && placed > 0) break;
        const service = services[(hour + d) % services.length]!;
        const hours = Math.max(1, Math.ceil(service.duration_min / 60));
        const startsAt = lagosInstant(day, hour);
        const endsAt = lagosInstant(day, hour + hours);
        if (!fits(member, args.vendor, day, hour, hours) || !(await freeFor(tx, member.id, startsAt, endsAt))) continue;
        const total = service.own_price ?? service.price_kobo;
        const paid = placed === 0;
        const createdAt = lagosInstant(addDaysToDay(args.today, -3), 10 + placed);
        const { id } = await tx
          .insertInto("appointments")
          .values({
            ref: bookingRef(),
            customer_id: args.customerIds[customer++ % args.customerIds.length]!,
            vendor_id: args.vendorId,
            member_id: member.id,
            service_id: service.id,
            starts_at: startsAt,
            ends_at: endsAt,
            status: "confirmed",
            payment_status: paid ? "paid" : "unpaid",
            payment_method: paid ? "online" : "vendor",
            total_kobo: total,
            comment: null,
            pay_token: randomToken(),
            hold_expires_at: null,
            paid_by_name: null,
            paid_at: paid ? createdAt : null,
            status_reason: null,
            created_at: createdAt,
            updated_at: createdAt,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await tx.insertInto("appointment_items").values({ appointment_id: id, kind: "service", name: service.title, price_kobo: total }).execute();
        if (paid) {
          await tx
            .insertInto("payments")
            .values({
              appointment_id: id,
              provider: "test",
              reference: `seed-${id}`,
              amount_kobo: total,
              status: "succeeded",
              payer_name: null,
              payer_email: null,
              created_at: createdAt,
              updated_at: createdAt,
            })
            .execute();
          // A visit still to come: its money is pending (app/models/money/ledger.server.ts).
          const entry = {
            vendor_id: args.vendorId,
            group_name: service.group_name,
            appointment_id: id,
            withdrawal_id: null,
            created_at: createdAt,
            account: "pending" as const,
          };
          await tx
            .insertInto("ledger_entries")
            .values([
              { ...entry, kind: "earning", amount_kobo: total, title: service.title },
              { ...entry, kind: "fee", amount_kobo: -platformFeeKobo(total), title: `Platform fee: ${service.title}` },
            ])
            .execute();
        }
        placed++;
      }
    }
  }
  // The owner's training tomorrow, in the first free hour of the afternoon.
  if (owner) {
    const day = addDaysToDay(args.today, 1);
    for (const hour of [13, 14, 16, 18]) {
      if (!fits(plan[0]!, args.vendor, day, hour, 1)) continue;
      const [startsAt, endsAt] = [lagosInstant(day, hour), lagosInstant(day, hour + 1)];
      if (!(await freeFor(tx, owner.id, startsAt, endsAt))) continue;
      await tx
        .insertInto("team_time_off")
        .values({ member_id: owner.id, starts_at: startsAt, ends_at: endsAt, all_day: 0, note: "Training", created_at: args.nowIso })
        .execute();
      break;
    }
  }
}
