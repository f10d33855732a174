import { getDb } from "~/db/db.server";
import type { PaymentAttemptStatus } from "~/db/schema";
import type { JobDefinition } from "~/models/jobs/queue.server";
import { scheduleJob } from "~/models/jobs/queue.server";
import { PaystackError, type WebhookEvent } from "~/models/money/paystack.server";
import { applyTransferState } from "~/models/money/transfers.server";
import { log } from "~/utils/log.server";
import { ABANDON_AFTER } from "./payment-checks";
import { paymentProvider, settlePayment, type Settlement } from "./payments.server";

// Payments that reconcile themselves (docs/domain.md "Money"). Paystack sends webhooks only for successes, so every
// payment attempt is verified by a job at fixed moments (payment-checks.ts) until it has a verdict, and abandoned
// after the last one. The webhook is answered at once: it records the event (once per event) and queues its work.
// Whatever asks, the verdict goes through settlePayment, the one function that fulfils a payment.

export interface PaymentCheck {
  status: PaymentAttemptStatus;
  settlement: Settlement | null;
  /** The provider could not be asked just now. */
  unreachable: boolean;
}

/**
 * Asks the provider about one payment now and applies the answer (the job, the "I paid" page, the return page and
 * the operator's "verify now" all call this). A payment still unpaid ABANDON_AFTER after it started is abandoned.
 * Returns undefined for a reference that is not ours.
 */
export async function verifyPayment(reference: string, now = new Date()): Promise<PaymentCheck | undefined> {
  const db = await getDb();
  const payment = await db.selectFrom("payments").select(["status", "created_at", "provider"]).where("reference", "=", reference).executeTakeFirst();
  if (!payment) return undefined;
  if (payment.provider === "credit" || (payment.status !== "pending" && payment.status !== "abandoned"))
    return { status: payment.status, settlement: null, unreachable: false };
  let settlement: Settlement | null = null;
  let unreachable = false;
  const provider = paymentProvider();
  // The test-mode checkout settles its own payments: there is no one else to ask.
  if (provider.name !== "test" && payment.provider === provider.name) {
    try {
      const charge = await provider.verify(reference);
      settlement = await settlePayment({ ...charge, reference }, now);
    } catch (error) {
      if (!(error instanceof PaystackError)) throw error;
      log.warn("payment verify failed", { reference, error: error.message });
      unreachable = true;
    }
  }
  if (!unreachable && now.getTime() - Date.parse(payment.created_at) >= ABANDON_AFTER) {
    await db
      .updateTable("payments")
      .set({ status: "abandoned", updated_at: now.toISOString() })
      .where("reference", "=", reference)
      .where("status", "=", "pending")
      .execute();
  }
  const after = await db.selectFrom("payments").select("status").where("reference", "=", reference).executeTakeFirstOrThrow();
  return { status: after.status, settlement, unreachable };
}

/** The reconciliation job: one per payment and moment (payment-checks.ts). */
export const paymentVerify: JobDefinition<{ reference: string }> = {
  transaction: false,
  async run({ payload, now }) {
    if (typeof payload.reference !== "string") return;
    const result = await verifyPayment(payload.reference, now);
    // Unreachable: the queue retries this check with its backoff rather than wait for the next one.
    if (result?.unreachable) throw new Error("the payment provider could not be reached");
  },
};

export const PROVIDER_EVENT = "paystack-event";

/**
 * Records a verified webhook event and queues its work, once per event: a repeated delivery finds the event
 * recorded and changes nothing. Returns false for a repeat.
 */
export async function queueProviderEvent(event: WebhookEvent, now = new Date()): Promise<boolean> {
  const db = await getDb();
  // An event about a payment or transfer that is not ours (another app on the same Paystack account) is only logged.
  // A gift's payment has a reference of the same form in a table of its own (models/gifts/provider-events.server.ts).
  const ours =
    event.kind === "charge"
      ? ((await db.selectFrom("payments").select("id").where("reference", "=", event.reference).executeTakeFirst()) ??
        (await db.selectFrom("gift_payments").select("id").where("reference", "=", event.reference).executeTakeFirst()))
      : await db.selectFrom("withdrawals").select("id").where("transfer_reference", "=", event.reference).executeTakeFirst();
  if (!ours) {
    log.info("paystack webhook for a reference that is not ours", { event: event.eventId, reference: event.reference });
    return false;
  }
  return db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto("webhook_events")
      .values({ id: event.eventId.slice(0, 200), provider: "paystack", received_at: now.toISOString() })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await scheduleJob(tx, { kind: PROVIDER_EVENT, key: event.eventId.slice(0, 200), runAt: now, payload: event }, now);
    return true;
  });
}

/** The work of one webhook event: a charge is settled, a transfer's state applied; an unknown reference is logged. */
export const providerEvent: JobDefinition<WebhookEvent> = {
  transaction: false,
  async run({ payload, now }) {
    if (payload.kind === "charge") {
      const result = await settlePayment(
        {
          status: payload.status,
          amountKobo: Number(payload.amountKobo),
          currency: String(payload.currency),
          channel: payload.channel,
          reference: payload.reference,
        },
        now,
      );
      log.info("paystack charge event", { reference: payload.reference, outcome: result?.outcome ?? "unknown reference" });
      return;
    }
    if (payload.kind === "transfer") {
      const status = await applyTransferState(
        payload.reference,
        { status: payload.status, transferCode: payload.transferCode, sessionId: payload.sessionId, reason: payload.reason },
        now,
      );
      log.info("paystack transfer event", { reference: payload.reference, status: status ?? "unknown reference" });
    }
  },
};
