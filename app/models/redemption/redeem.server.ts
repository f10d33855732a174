import type { Executor, Tx } from "~/db/db.server";
import type { GiftMoveKind } from "~/db/schema";
import { DomainError } from "~/models/refusal";
import { addLedgerEntries } from "~/models/money/ledger.server";
import { vendorShareOfRefund } from "~/models/money/refunds.server";
import { hashGiftCode, normaliseGiftCode } from "~/utils/gift-code.server";
import { formatNaira } from "~/utils/money";
import { formatDate } from "~/utils/time";
import { graceExpiry, isExpired } from "~/utils/gift-expiry";
import { MAX_GIFTS_PER_BOOKING, type GiftToApply } from "./redeem-rules";

// Gifts redeemed at booking (docs/domain.md, "Gifts and offers"; docs/decisions/034-gift-redemption.md), in a
// folder of its own below appointments and booking, which call it, and gifts, which sells what it spends. A booking
// reserves what its gifts cover ("reserved" moves with its appointment's id, under its salon's booking lock, so two
// bookings never spend one balance twice); the visit's completion spends it ("spent", 0: the reservation stands,
// and the ledger's "Gift card redeemed" moves the vendor's pending share from the gift to the appointment, released
// with the visit's own money); a cancellation gives it back ("released"), or keeps what the salon's policy keeps.

export const UNKNOWN_CODE = "We couldn't find a gift with that code. Check it and try again.";

export interface BookingGift extends GiftToApply {
  /** The code as typed, normalised: the booking form carries it until Book Now. */
  code: string;
  label: string;
  codeTail: string;
}

/** The codes a form sent, normalised and each once; refused beside the gift field when one cannot be a code. */
export function readGiftCodes(inputs: string[]): string[] {
  const codes: string[] = [];
  for (const input of inputs) {
    if (input.trim() === "") continue;
    const code = normaliseGiftCode(input.trim());
    if (!code) throw new DomainError("not-found", UNKNOWN_CODE, { field: "gift" });
    if (!codes.includes(code)) codes.push(code);
  }
  if (codes.length > MAX_GIFTS_PER_BOOKING)
    throw new DomainError("invalid", `You can use up to ${MAX_GIFTS_PER_BOOKING} gifts on one booking.`, { field: "gift" });
  return codes;
}

/** The label a gift reads by on a booking: "₦20,000 gift card ····2345" or "Voucher for Braids ····2345". */
function bookingLabel(g: { kind: "card" | "voucher"; amount_kobo: number; service_title: string | null; code_tail: string | null }): string {
  const what = g.kind === "voucher" ? `Voucher for ${g.service_title}` : `${formatNaira(g.amount_kobo)} gift card`;
  return `${what} ····${g.code_tail ?? ""}`;
}

/** The gift of a normalised code, with its salon's name and place (the voucher page and Book Now read it alike). */
export function giftByCode(db: Executor, code: string) {
  return db
    .selectFrom("gifts as g")
    .innerJoin("vendors as v", "v.id", "g.vendor_id")
    .select([
      "g.id",
      "g.kind",
      "g.vendor_id",
      "g.service_id",
      "g.service_title",
      "g.amount_kobo",
      "g.status",
      "g.expires_at",
      "g.code_tail",
      "g.recipient_name",
      "g.buyer_name",
      "g.message",
      "v.business_name",
      "v.area",
      "v.city",
    ])
    .where("g.code_hash", "=", hashGiftCode(code))
    .executeTakeFirst();
}

/**
 * The gifts of `codes` that a booking of `booking.serviceId` at `booking.vendorId` may use now, with their balances;
 * each code that may not is refused with its own sentence, beside the gift field.
 */
export async function giftsForBooking(
  db: Executor,
  codes: string[],
  booking: { vendorId: number; businessName: string; serviceId: number; serviceTitle: string },
  now: Date = new Date(),
): Promise<BookingGift[]> {
  const gifts: BookingGift[] = [];
  for (const input of codes) {
    const code = normaliseGiftCode(input);
    if (!code) throw new DomainError("not-found", UNKNOWN_CODE, { field: "gift" });
    const gift = await giftByCode(db, code);
    const refuse = (message: string) => new DomainError("invalid", message, { field: "gift" });
    if (!gift || gift.status === "unpaid" || !gift.expires_at) throw new DomainError("not-found", UNKNOWN_CODE, { field: "gift" });
    if (gift.status === "refunded") throw refuse("This gift was refunded, so its code no longer works.");
    if (gift.vendor_id !== booking.vendorId) throw refuse(`This gift is for ${gift.business_name}, so it can't be used at ${booking.businessName}.`);
    if (isExpired(gift.expires_at, now)) throw refuse(`This gift expired on ${formatDate(gift.expires_at)}, so it can't be used.`);
    if (gift.kind === "voucher" && gift.service_id !== booking.serviceId)
      throw refuse(`This voucher is for ${gift.service_title}, so it can't be used for ${booking.serviceTitle}.`);
    const balanceKobo = balanceOf(await movesOf(db, gift.id));
    if (balanceKobo <= 0) throw refuse("This gift has been used up: its balance is ₦0.");
    gifts.push({
      id: gift.id,
      kind: gift.kind,
      balanceKobo,
      expiresAt: gift.expires_at,
      code,
      label: bookingLabel(gift),
      codeTail: gift.code_tail ?? "",
    });
  }
  return gifts;
}

interface Move {
  kind: GiftMoveKind;
  amount_kobo: number;
  appointment_id: number | null;
}

async function movesOf(db: Executor, giftId: number): Promise<Move[]> {
  return db.selectFrom("gift_moves").select(["kind", "amount_kobo", "appointment_id"]).where("gift_id", "=", giftId).orderBy("id").execute();
}

const balanceOf = (moves: Move[]) => moves.reduce((sum, m) => sum + m.amount_kobo, 0);

/**
 * What a gift's bookings hold of it: each appointment's reservation still outstanding (reserved, not given back
 * nor spent), and what was spent in all. A spent booking's reservation stands (its "spent" move is 0).
 */
export function reservationsOf(moves: Move[]): { outstanding: Map<number, number>; spentKobo: number } {
  const net = new Map<number, number>();
  const spent = new Set<number>();
  for (const m of moves) {
    if (m.appointment_id === null) continue;
    if (m.kind === "spent") spent.add(m.appointment_id);
    else net.set(m.appointment_id, (net.get(m.appointment_id) ?? 0) - m.amount_kobo);
  }
  const outstanding = new Map<number, number>();
  let spentKobo = 0;
  for (const [id, amount] of net) {
    if (spent.has(id)) spentKobo += amount;
    else if (amount > 0) outstanding.set(id, amount);
  }
  return { outstanding, spentKobo };
}

/**
 * The vendor's pending share of `amountKobo` of a gift sold for `soldKobo`, after `spentKobo` was spent before it:
 * the difference of two cumulative shares, so the shares of every part add up to the share of the whole.
 */
export function shareOfSpend(soldKobo: number, spentKobo: number, amountKobo: number): number {
  return vendorShareOfRefund(soldKobo, spentKobo + amountKobo) - vendorShareOfRefund(soldKobo, spentKobo);
}

/** Reserves what each gift covers for the appointment just booked (inside its salon's booking lock). */
export async function reserveGifts(tx: Tx, appointmentId: number, covers: { id: number; amountKobo: number }[], now: Date): Promise<void> {
  for (const cover of covers) {
    // Read again under the lock: another booking may have spent the balance since the page was shown.
    const balance = balanceOf(await movesOf(tx, cover.id));
    if (cover.amountKobo <= 0 || cover.amountKobo > balance)
      throw new DomainError("conflict", "A gift's balance changed meanwhile. Please apply it again.", { field: "gift" });
    await tx
      .insertInto("gift_moves")
      .values({ gift_id: cover.id, kind: "reserved", amount_kobo: -cover.amountKobo, appointment_id: appointmentId, created_at: now.toISOString() })
      .execute();
  }
}

/** The gifts an appointment holds, soonest-expiring first, with what each still has reserved for it. */
async function heldBy(tx: Tx, appointmentId: number) {
  const gifts = await tx
    .selectFrom("gifts")
    .select(["id", "kind", "status", "service_title", "amount_kobo", "expires_at", "recipient_name"])
    .where((eb) =>
      eb.exists(eb.selectFrom("gift_moves as m").select("m.id").whereRef("m.gift_id", "=", "gifts.id").where("m.appointment_id", "=", appointmentId)),
    )
    .orderBy("expires_at")
    .orderBy("id")
    .execute();
  const held = [];
  for (const gift of gifts) {
    const moves = await movesOf(tx, gift.id);
    const { outstanding, spentKobo } = reservationsOf(moves);
    const amount = outstanding.get(appointmentId) ?? 0;
    if (amount > 0) held.push({ ...gift, reservedKobo: amount, spentKobo });
  }
  return held;
}

type VisitRow = { id: number; vendor_id: number; service_title: string; group_name: string | null };

/**
 * Settles an appointment's gifts: `keptKobo` of what they cover is spent (soonest-expiring gift first), the rest
 * goes back to them. A gift given back after its expiry gets GIFT_GRACE_DAYS more (graceExpiry). Inside the
 * appointment's transition, under its salon's booking lock. Returns what was spent.
 */
export async function settleGifts(tx: Tx, row: VisitRow, keptKobo: number, now: Date): Promise<number> {
  const at = now.toISOString();
  let toKeep = Math.max(0, Math.trunc(keptKobo));
  let spent = 0;
  for (const gift of await heldBy(tx, row.id)) {
    const spend = Math.min(toKeep, gift.reservedKobo);
    toKeep -= spend;
    const back = gift.reservedKobo - spend;
    if (back > 0) {
      await tx.insertInto("gift_moves").values({ gift_id: gift.id, kind: "released", amount_kobo: back, appointment_id: row.id, created_at: at }).execute();
      // Refunded while this booking held part of it (its salon closed): what comes back is the payer's too, so the gift
      // is active again and the hourly gifts sweep refunds it (models/gifts/gift-money.server.ts, refundGiftsOfClosedVendors).
      if (gift.status === "refunded") await tx.updateTable("gifts").set({ status: "active" }).where("id", "=", gift.id).execute();
      if (gift.expires_at && isExpired(gift.expires_at, now))
        await tx
          .updateTable("gifts")
          .set({ expires_at: graceExpiry(gift.expires_at, now) })
          .where("id", "=", gift.id)
          .execute();
    }
    if (spend > 0) {
      await tx.insertInto("gift_moves").values({ gift_id: gift.id, kind: "spent", amount_kobo: 0, appointment_id: row.id, created_at: at }).execute();
      // The gift's money was the vendor's pending money since its sale; redeemed, it becomes this visit's, and is
      // released with it (models/money/ledger.server.ts, releaseEarnings).
      const share = shareOfSpend(gift.amount_kobo, gift.spentKobo, spend);
      const common = { vendorId: row.vendor_id, kind: "release" as const, title: `Gift card redeemed: ${row.service_title}`, account: "pending" as const, at };
      await addLedgerEntries(tx, [
        { ...common, amountKobo: -share, giftId: gift.id },
        { ...common, amountKobo: share, appointmentId: row.id, groupName: row.group_name },
      ]);
      spent += spend;
    }
  }
  return spent;
}

/** Gives back everything an appointment's gifts cover: a hold that ran out, a booking declined or cancelled in time. */
export const releaseGifts = (tx: Tx, row: VisitRow, now: Date) => settleGifts(tx, row, 0, now);

/** Spends everything an appointment's gifts cover: the visit was completed. */
export const spendGifts = (tx: Tx, row: VisitRow & { gift_kobo: number }, now: Date) => settleGifts(tx, row, row.gift_kobo, now);

/** What the gifts of a gift's outstanding reservations are worth to the vendor: their pending share, kept at expiry. */
export async function reservedShare(tx: Tx, gift: { id: number; amount_kobo: number }): Promise<number> {
  const { outstanding, spentKobo } = reservationsOf(await movesOf(tx, gift.id));
  const reserved = [...outstanding.values()].reduce((sum, n) => sum + n, 0);
  return shareOfSpend(gift.amount_kobo, spentKobo, reserved);
}
