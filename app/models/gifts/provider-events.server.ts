import { getDb } from "~/db/db.server";
import type { JobDefinition } from "~/models/jobs/queue.server";
import { providerEvent } from "~/models/booking/reconcile.server";
import type { WebhookEvent } from "~/models/money/paystack.server";
import { log } from "~/utils/log.server";
import { settleGiftPayment } from "./pay-gift.server";

// Paystack's webhook events, gifts included: a charge whose reference is a gift payment's is settled here, any other
// event by the appointments' handler (booking/reconcile.server.ts), which knows nothing of gifts.
export const providerEventWithGifts: JobDefinition<WebhookEvent> = {
  transaction: false,
  async run(job) {
    const { payload, now } = job;
    if (payload.kind === "charge") {
      const db = await getDb();
      const gift = await db.selectFrom("gift_payments").select("id").where("reference", "=", payload.reference).executeTakeFirst();
      if (gift) {
        const outcome = await settleGiftPayment(
          { status: payload.status, amountKobo: Number(payload.amountKobo), currency: String(payload.currency), reference: payload.reference },
          now,
        );
        log.info("paystack charge event", { reference: payload.reference, outcome: outcome ?? "unknown reference" });
        return;
      }
    }
    await providerEvent.run(job);
  },
};
