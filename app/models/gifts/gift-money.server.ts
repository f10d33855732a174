import { getDb, type Tx } from "~/db/db.server";
import { DomainError } from "~/models/refusal";
import { withBookingLock } from "~/models/schedule/booking-lock.server";
import { addCredit } from "~/models/money/auto-credit.server";
import { addLedgerEntries } from "~/models/money/ledger.server";
import { sendRefund, vendorShareOfRefund } from "~/models/money/refunds.server";
import { deliverMail, queueMails, type Mail } from "~/models/messaging/mail.server";
import { log } from "~/utils/log.server";
import { formatNaira } from "~/utils/money";
import { formatDate } from "~/utils/time";
import { giftLabel } from "./gift-mails.server";
import { GIFT_REFUND_DAYS, withinRefundWindow } from "./gift-rules";
import { reservedShare } from "~/models/redemption/redeem.server";
import { expireHolds } from "~/models/appointments/store.server";

// A gift's money after its sale (docs/domain.md, "Gifts and offers"). Every change runs under its vendor's booking
// lock, the lock any use of the gift at that vendor takes too, so a refund and a use cannot both take its balance.
// - Refund: an unused gift, within GIFT_REFUND_DAYS of its purchase, goes back to whoever paid, the way it came
//   (AutoCredit to AutoCredit, online through the provider); the vendor's pending money loses its share of it.
// - Expiry: what a gift still holds when it expires becomes the vendor's available money ("Expired gift card").

/** Who asks for a refund: the salon, or the buyer signed in. */
export type GiftRefundScope = { vendorId: number } | { buyerUserId: number };

async function giftRow(tx: Tx, giftId: number) {
  return tx
    .selectFrom("gifts as g")
    .innerJoin("vendors as v", "v.id", "g.vendor_id")
    .selectAll("g")
    .select("v.business_name")
    .where("g.id", "=", giftId)
    .executeTakeFirst();
}

async function movesOf(tx: Tx, giftId: number) {
  return tx.selectFrom("gift_moves").select(["kind", "amount_kobo"]).where("gift_id", "=", giftId).orderBy("id").execute();
}

/** Refunds an unused gift to whoever paid for it. "Not found" outside the caller's scope. */
export async function refundGift(scope: GiftRefundScope, giftId: number, now = new Date()): Promise<{ amountKobo: number; to: string }> {
  const db = await getDb();
  const found = await db.selectFrom("gifts").select(["vendor_id", "buyer_user_id"]).where("id", "=", giftId).executeTakeFirst();
  const mine = found && ("vendorId" in scope ? found.vendor_id === scope.vendorId : found.buyer_user_id === scope.buyerUserId);
  if (!found || !mine) throw new DomainError("not-found", "We couldn't find that gift.");
  return giveBack(found.vendor_id, giftId, now, "asked");
}

/**
 * Gives a gift's balance back to whoever paid for it: asked (unused, within the refund window) or because its salon
 * closed or was suspended by Glow (whatever is left of an unexpired gift, at any time).
 */
async function giveBack(vendorId: number, giftId: number, now: Date, why: "asked" | "closed" | "suspended"): Promise<{ amountKobo: number; to: string }> {
  const { result, queued } = await withBookingLock({ vendorId }, async (tx) => {
    const gift = (await giftRow(tx, giftId))!;
    if (gift.status === "refunded") throw new DomainError("conflict", "This gift was already refunded.");
    if (gift.status !== "active" || !gift.paid_at) throw new DomainError("conflict", "This gift is not paid, so there is nothing to refund.");
    const moves = await movesOf(tx, gift.id);
    const balance = moves.reduce((sum, m) => sum + m.amount_kobo, 0);
    if (why === "asked") {
      if (!withinRefundWindow(gift.paid_at, now))
        throw new DomainError(
          "invalid",
          `A gift can be refunded within ${GIFT_REFUND_DAYS} days of its purchase; this one was bought on ${formatDate(gift.paid_at)}.`,
        );
      if (moves.some((m) => m.kind !== "sold")) throw new DomainError("conflict", "This gift has been used, so it can't be refunded.");
    } else if (balance <= 0 || moves.some((m) => m.kind === "expired")) {
      throw new DomainError("conflict", "This gift has nothing left to refund.");
    }
    const at = now.toISOString();
    const payment = await tx.selectFrom("gift_payments").selectAll().where("gift_id", "=", gift.id).where("status", "=", "succeeded").executeTakeFirstOrThrow();
    let to: string;
    let reference: string | null = null;
    if (payment.provider === "credit") {
      await addCredit(tx, { userId: gift.buyer_user_id!, amountKobo: balance, reason: `Refund: gift for ${gift.recipient_name} at ${gift.business_name}` });
      to = "AutoCredit";
    } else {
      // A provider that refuses throws here and rolls the whole refund back: nothing changes.
      reference = await sendRefund(payment.provider, payment.reference, balance);
      to = "the card or account it was paid with";
    }
    await tx.updateTable("gifts").set({ status: "refunded" }).where("id", "=", gift.id).where("status", "=", "active").execute();
    // Each refund keeps its own reference on its move: one payment may be refunded more than once (a closing salon
    // refunds what a cancelled booking gave back after an earlier refund), as an appointment's refunds are rows each.
    await tx
      .insertInto("gift_moves")
      .values({ gift_id: gift.id, kind: "refunded", amount_kobo: -balance, appointment_id: null, refund_reference: reference, created_at: at })
      .execute();
    await addLedgerEntries(tx, [
      {
        vendorId: gift.vendor_id,
        kind: "refund",
        amountKobo: -vendorShareOfRefund(gift.amount_kobo, balance),
        title: `Gift refunded: ${giftLabel(gift)} for ${gift.recipient_name}`,
        giftId: gift.id,
        account: "pending",
        at,
      },
    ]);
    const mails: Mail[] = [];
    const payer = payment.payer_email ?? gift.buyer_email;
    if (payer)
      mails.push({
        to: payer,
        subject: `Refund: ${formatNaira(balance)} for a gift at ${gift.business_name}`,
        text: [
          `Hi ${payment.payer_name ?? gift.buyer_name},`,
          "",
          why === "closed"
            ? `${gift.business_name} no longer sells on Glow, so what was left of the gift you paid for (${giftLabel(gift)}, for ${gift.recipient_name}) was refunded: ${formatNaira(balance)} goes back to ${to}.`
            : why === "suspended"
              ? `${gift.business_name} is suspended on Glow, so what was left of the gift you paid for (${giftLabel(gift)}, for ${gift.recipient_name}) was refunded: ${formatNaira(balance)} goes back to ${to}.`
              : `The gift you paid for (${giftLabel(gift)} at ${gift.business_name}, for ${gift.recipient_name}) was refunded: ${formatNaira(balance)} goes back to ${to}.`,
          "Its code no longer works.",
          "",
          "Glow",
        ].join("\n"),
      });
    return { result: { amountKobo: balance, to }, queued: await queueMails(tx, mails, now) };
  });
  for (const mail of queued) await deliverMail(mail);
  return result;
}

/**
 * The unexpired gifts of salons that closed (accounts/close-business.server.ts) or that Glow suspended
 * (suspension/suspension.server.ts), each refunded to whoever paid for it: by the hourly gifts sweep, which also tries
 * again any whose provider could not be reached, or at once by whoever closes or suspends the salon. Returns how many
 * were refunded.
 */
export async function refundGiftsOfClosedVendors(now = new Date(), vendorId?: number): Promise<number> {
  const db = await getDb();
  let query = db
    .selectFrom("gifts as g")
    .innerJoin("vendors as v", "v.id", "g.vendor_id")
    .select(["g.id", "g.vendor_id", "v.closed_at"])
    .where((eb) => eb.or([eb("v.closed_at", "is not", null), eb("v.suspended_at", "is not", null)]))
    .where("g.status", "=", "active")
    .where("g.expires_at", ">=", now.toISOString())
    .limit(200);
  if (vendorId !== undefined) query = query.where("g.vendor_id", "=", vendorId);
  let refunded = 0;
  for (const gift of await query.execute()) {
    try {
      await giveBack(gift.vendor_id, gift.id, now, gift.closed_at !== null ? "closed" : "suspended");
      refunded++;
    } catch (error) {
      // Already refunded or used up meanwhile: nothing to do. A provider that failed: the next sweep tries again.
      if (!(error instanceof DomainError))
        log.warn("gift refund on closure failed", { gift: gift.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return refunded;
}

/**
 * Gifts past their expiry with money left: the balance leaves the gift ("Expired") and the vendor's pending money for
 * it becomes available ("Expired gift card"). Safe to repeat and to run in several processes: each gift changes
 * under its vendor's lock, once (it then has an "expired" move). Returns how many gifts expired.
 */
export async function expireGifts(now = new Date()): Promise<number> {
  const db = await getDb();
  const due = await db
    .selectFrom("gifts")
    .select(["id", "vendor_id"])
    .where("status", "=", "active")
    .where("expires_at", "<", now.toISOString())
    // Not expired yet, or given back by a cancelled booking since it expired (and so given GIFT_GRACE_DAYS more).
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("gift_moves as m")
            .select("m.id")
            .whereRef("m.gift_id", "=", "gifts.id")
            .where("m.kind", "=", "expired")
            .where((e) =>
              e.not(
                e.exists(
                  e
                    .selectFrom("gift_moves as r")
                    .select("r.id")
                    .whereRef("r.gift_id", "=", "m.gift_id")
                    .where("r.kind", "=", "released")
                    .whereRef("r.id", ">", "m.id"),
                ),
              ),
            ),
        ),
      ),
    )
    .orderBy("expires_at")
    .limit(200)
    .execute();
  let expired = 0;
  for (const { id, vendor_id } of due) {
    const done = await withBookingLock({ vendorId: vendor_id }, async (tx) => {
      const gift = (await giftRow(tx, id))!;
      const moves = await movesOf(tx, id);
      const lastExpired = moves.map((m) => m.kind).lastIndexOf("expired");
      const releasedSince = lastExpired >= 0 && moves.slice(lastExpired).some((m) => m.kind === "released");
      if (gift.status !== "active" || gift.expires_at! >= now.toISOString() || (lastExpired >= 0 && !releasedSince)) return false;
      const at = now.toISOString();
      const balance = moves.reduce((sum, m) => sum + m.amount_kobo, 0);
      await tx.insertInto("gift_moves").values({ gift_id: id, kind: "expired", amount_kobo: -balance, appointment_id: null, created_at: at }).execute();
      const pending = await tx
        .selectFrom("ledger_entries")
        .select((eb) => eb.fn.sum<number>("amount_kobo").as("total"))
        .where("gift_id", "=", id)
        .where("account", "=", "pending")
        .executeTakeFirst();
      // What bookings still hold of it stays pending: it is spent or given back when they end.
      const left = Number(pending?.total ?? 0) - (await reservedShare(tx, gift));
      if (left > 0) {
        const common = {
          vendorId: gift.vendor_id,
          kind: "release" as const,
          title: `Expired gift card: ${giftLabel(gift)} for ${gift.recipient_name}`,
          giftId: id,
          at,
        };
        await addLedgerEntries(tx, [
          { ...common, amountKobo: -left, account: "pending" },
          { ...common, amountKobo: left, account: "available" },
        ]);
      }
      return true;
    });
    if (done) expired++;
  }
  return expired;
}

/**
 * Records the run-out holds that reserved gifts as expired, which gives their gifts back (expireHolds): a hold runs
 * out without a write, and its gifts must not wait for the salon's next booking. Part of the hourly gifts sweep.
 */
export async function releaseRunOutHolds(now = new Date()): Promise<number> {
  const db = await getDb();
  const vendors = await db
    .selectFrom("appointments")
    .select("vendor_id")
    .distinct()
    .where("status", "=", "held")
    .where("hold_expires_at", "<=", now.toISOString())
    // Holds with a promo code's use too: the use goes back to the code with them (docs/decisions/036-promo-codes.md).
    .where((eb) => eb.or([eb("gift_kobo", ">", 0), eb("promo_kobo", ">", 0)]))
    .limit(200)
    .execute();
  for (const { vendor_id } of vendors) await withBookingLock({ vendorId: vendor_id }, (tx) => expireHolds(tx, vendor_id, now));
  return vendors.length;
}
