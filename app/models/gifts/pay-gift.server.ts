import crypto from "node:crypto";
import { getDb, type Tx } from "~/db/db.server";
import { DomainError } from "~/models/refusal";
import { withBookingLock } from "~/models/schedule/booking-lock.server";
import { addCredit, creditBalance } from "~/models/money/auto-credit.server";
import { addLedgerEntries } from "~/models/money/ledger.server";
import { sendRefund } from "~/models/money/refunds.server";
import { paymentProvider, schedulePaymentChecks } from "~/models/booking/payments.server";
import { PaystackError } from "~/models/money/paystack.server";
import { ABANDON_AFTER } from "~/models/booking/payment-checks";
import { type JobDefinition } from "~/models/jobs/queue.server";
import { deliverMail, queueMails, type Mail } from "~/models/messaging/mail.server";
import { getEnv } from "~/utils/env.server";
import { platformFeeKobo } from "~/utils/fees";
import { log } from "~/utils/log.server";
import { formatNaira } from "~/utils/money";
import { giftByPayToken, giftsPaused, type GiftRow } from "./buy-gift.server";
import { hashGiftCode, newGiftCode } from "~/utils/gift-code.server";
import { giftSettings } from "./gift-settings.server";
import { giftExpiry } from "./gift-rules";
import { giftMails } from "./gift-mails.server";

// Paying for a gift (docs/domain.md, "Gifts and offers"), like an appointment: with the buyer's AutoCredit, or online
// by the buyer or by anyone holding its payment link (/gift/pay/{token}). The payment that lands first activates it:
// its code is drawn then, stored hashed, and e-mailed (the outbox is the only place it is written in full); the
// vendor's ledger gets "gift card sold" and the platform's fee on pending money. A payment arriving for a gift
// already paid goes back to whoever paid it, as for appointments.

const newReference = () => `glw-${crypto.randomBytes(12).toString("hex")}`;

const NOT_PAYABLE = "This gift is already paid for.";

/** Makes a paid gift live: its code, expiry, first balance, the ledger, and its e-mails (returned to queue). */
async function activateGift(tx: Tx, gift: GiftRow, paid: { with: "online" | "credit"; byName: string; payerEmail: string | null }, now: Date): Promise<Mail[]> {
  const code = newGiftCode();
  // A vendor may lengthen the validity after the sale started: the gift gets the longer of the two, never less.
  const months = Math.max(gift.validity_months, (await giftSettings(tx, gift.vendor_id)).validityMonths);
  const expiresAt = giftExpiry(now, months);
  const at = now.toISOString();
  await tx
    .updateTable("gifts")
    .set({
      status: "active",
      code_hash: hashGiftCode(code),
      code_tail: code.slice(-4),
      paid_at: at,
      expires_at: expiresAt,
      validity_months: months,
      paid_with: paid.with,
      paid_by_name: paid.byName,
      payer_email: paid.payerEmail,
    })
    .where("id", "=", gift.id)
    .execute();
  await tx.insertInto("gift_moves").values({ gift_id: gift.id, kind: "sold", amount_kobo: gift.amount_kobo, appointment_id: null, created_at: at }).execute();
  const what = gift.kind === "voucher" ? `Voucher sold: ${gift.service_title}` : `Gift card sold: ${formatNaira(gift.amount_kobo)}`;
  const common = { vendorId: gift.vendor_id, groupName: null, appointmentId: null, giftId: gift.id, at, account: "pending" as const };
  await addLedgerEntries(tx, [
    { ...common, kind: "earning", amountKobo: gift.amount_kobo, title: `${what} for ${gift.recipient_name}` },
    { ...common, kind: "fee", amountKobo: -platformFeeKobo(gift.amount_kobo), title: `Platform fee: ${what}` },
  ]);
  return giftMails(
    { ...gift, expires_at: expiresAt, paid_at: at },
    code,
    { byName: paid.byName, payerEmail: paid.payerEmail, how: paid.with === "credit" ? "AutoCredit" : "Online" },
    getEnv().APP_URL,
  );
}

/** Pays a gift from the signed-in buyer's AutoCredit. */
export async function payGiftWithCredit(userId: number, token: string, now = new Date()): Promise<void> {
  const db = await getDb();
  const found = await giftByPayToken(db, token);
  if (!found || found.buyer_user_id !== userId) throw new DomainError("not-found", "We couldn't find that gift.");
  const mails = await withBookingLock({ vendorId: found.vendor_id, customerId: userId }, async (tx) => {
    const gift = (await giftByPayToken(tx, token))!;
    if (gift.status !== "unpaid") throw new DomainError("conflict", NOT_PAYABLE);
    if (gift.suspended_at !== null) throw new DomainError("conflict", giftsPaused(gift.business_name));
    const balance = await creditBalance(tx, userId);
    if (balance < gift.amount_kobo)
      throw new DomainError("invalid", `Your AutoCredit balance (${formatNaira(balance)}) is less than the gift (${formatNaira(gift.amount_kobo)}).`);
    await addCredit(tx, { userId, amountKobo: -gift.amount_kobo, reason: `Gift for ${gift.recipient_name} at ${gift.business_name}` });
    await tx
      .insertInto("gift_payments")
      .values({
        gift_id: gift.id,
        provider: "credit",
        reference: newReference(),
        amount_kobo: gift.amount_kobo,
        status: "succeeded",
        payer_name: gift.buyer_name,
        payer_email: gift.buyer_email,
        source: "checkout",
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
    return queueMails(tx, await activateGift(tx, gift, { with: "credit", byName: gift.buyer_name, payerEmail: gift.buyer_email }, now), now);
  });
  for (const mail of mails) await deliverMail(mail);
}

/** Starts an online payment of a gift by whoever holds its link; returns where to send them. Nothing is charged here. */
export async function startGiftPayment(
  args: { token: string; source: "checkout" | "link"; payerName: string; payerEmail: string },
  now = new Date(),
): Promise<{ redirectUrl: string; reference: string }> {
  const db = await getDb();
  const gift = await giftByPayToken(db, args.token);
  if (!gift) throw new DomainError("not-found", "We couldn't find that gift.");
  if (gift.status !== "unpaid") throw new DomainError("conflict", NOT_PAYABLE);
  if (gift.closed_at !== null) throw new DomainError("invalid", `${gift.business_name} no longer sells on Glow, so this gift cannot be paid.`);
  if (gift.suspended_at !== null) throw new DomainError("conflict", giftsPaused(gift.business_name));
  const provider = paymentProvider();
  const reference = newReference();
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto("gift_payments")
      .values({
        gift_id: gift.id,
        provider: provider.name,
        reference,
        amount_kobo: gift.amount_kobo,
        status: "pending",
        payer_name: args.payerName,
        payer_email: args.payerEmail,
        source: args.source,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
    // The same checks as an appointment's payment find what Paystack's webhooks never tell.
    await schedulePaymentChecks(tx, GIFT_PAYMENT_VERIFY, reference, now);
  });
  try {
    const { redirectUrl } = await provider.initialize({
      reference,
      amountKobo: gift.amount_kobo,
      email: args.payerEmail,
      callbackUrl: `${getEnv().APP_URL}/payment/return?reference=${reference}`,
    });
    return { redirectUrl, reference };
  } catch (error) {
    log.error("gift payment initialize failed", { reference, error: error instanceof Error ? error : String(error) });
    await db.updateTable("gift_payments").set({ status: "failed", updated_at: new Date().toISOString() }).where("reference", "=", reference).execute();
    throw new DomainError("unavailable", "We couldn't reach the payment service. No money was taken; please try again in a moment.");
  }
}

export const GIFT_PAYMENT_VERIFY = "gift-payment-verify";

/**
 * Asks the provider about a pending gift payment now and applies its answer (the return page and the checks). The
 * test-mode checkout settles its own payments, so there is no one to ask. A payment still unpaid ABANDON_AFTER after
 * it started is abandoned. Returns false when the provider could not be reached.
 */
export async function verifyGiftPayment(reference: string, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const payment = await db.selectFrom("gift_payments").select(["status", "created_at", "provider"]).where("reference", "=", reference).executeTakeFirst();
  if (!payment || (payment.status !== "pending" && payment.status !== "abandoned")) return true;
  const provider = paymentProvider();
  if (provider.name !== "test" && payment.provider === provider.name) {
    try {
      const charge = await provider.verify(reference);
      await settleGiftPayment({ ...charge, reference }, now);
    } catch (error) {
      if (!(error instanceof PaystackError)) throw error;
      log.warn("gift payment verify failed", { reference, error: error.message });
      return false;
    }
  }
  if (now.getTime() - Date.parse(payment.created_at) >= ABANDON_AFTER)
    await db
      .updateTable("gift_payments")
      .set({ status: "abandoned", updated_at: now.toISOString() })
      .where("reference", "=", reference)
      .where("status", "=", "pending")
      .execute();
  return true;
}

/** The reconciliation job of a gift payment: one per payment and moment (booking/payment-checks.ts). */
export const giftPaymentVerify: JobDefinition<{ reference: string }> = {
  transaction: false,
  async run({ payload, now }) {
    if (typeof payload.reference !== "string") return;
    // Unreachable: the queue retries this check with its backoff rather than wait for the next one.
    if (!(await verifyGiftPayment(payload.reference, now))) throw new Error("the payment provider could not be reached");
  },
};

/** A gift payment with its gift's link, for the checkout and return pages. */
export async function getGiftPayment(reference: string) {
  const db = await getDb();
  return db
    .selectFrom("gift_payments as p")
    .innerJoin("gifts as g", "g.id", "p.gift_id")
    .innerJoin("vendors as v", "v.id", "g.vendor_id")
    .select(["p.reference", "p.status", "p.amount_kobo", "p.source", "g.pay_token", "g.kind", "g.service_title", "g.recipient_name", "v.business_name"])
    .where("p.reference", "=", reference)
    .executeTakeFirst();
}

export type GiftSettlement = "paid" | "refunded" | "failed" | "refused" | "mismatch" | "unchanged";

/**
 * Applies a provider's verdict on a gift payment, once however often it arrives. Returns null for a reference that
 * is not a gift's. `refuseIfClosed`: the test checkout declines to take money for a gift already paid.
 */
export async function settleGiftPayment(
  args: { reference: string; status: "success" | "failed" | "pending"; amountKobo: number; currency: string; refuseIfClosed?: boolean },
  now = new Date(),
): Promise<GiftSettlement | null> {
  const db = await getDb();
  const found = await db
    .selectFrom("gift_payments as p")
    .innerJoin("gifts as g", "g.id", "p.gift_id")
    .select(["p.id", "g.vendor_id", "g.pay_token"])
    .where("p.reference", "=", args.reference)
    .executeTakeFirst();
  if (!found) return null;
  const { outcome, queued } = await withBookingLock({ vendorId: found.vendor_id }, async (tx) => {
    const payment = await tx.selectFrom("gift_payments").selectAll().where("id", "=", found.id).executeTakeFirstOrThrow();
    const at = now.toISOString();
    const set = (status: "succeeded" | "failed" | "refunded" | "mismatch", refund_reference: string | null = null) =>
      tx.updateTable("gift_payments").set({ status, updated_at: at, refund_reference }).where("id", "=", payment.id).execute();
    if (payment.status !== "pending" && payment.status !== "abandoned") return { outcome: "unchanged" as const, queued: [] };
    if (args.status === "pending") return { outcome: "unchanged" as const, queued: [] };
    if (args.status === "failed") {
      await set("failed");
      return { outcome: "failed" as const, queued: [] };
    }
    if (args.amountKobo !== payment.amount_kobo || args.currency !== "NGN") {
      await set("mismatch");
      return { outcome: "mismatch" as const, queued: [] };
    }
    const gift = (await giftByPayToken(tx, found.pay_token))!;
    if (gift.status === "unpaid") {
      await set("succeeded");
      const mails = await activateGift(tx, gift, { with: "online", byName: payment.payer_name ?? gift.buyer_name, payerEmail: payment.payer_email }, now);
      return { outcome: "paid" as const, queued: await queueMails(tx, mails, now) };
    }
    if (args.refuseIfClosed) {
      await set("failed");
      return { outcome: "refused" as const, queued: [] };
    }
    // Money for a gift already paid (two people paying one link) goes back to whoever paid it, all of it.
    await set("refunded", await sendRefund(payment.provider, payment.reference, payment.amount_kobo));
    return { outcome: "refunded" as const, queued: [] };
  });
  for (const mail of queued) await deliverMail(mail);
  return outcome;
}
