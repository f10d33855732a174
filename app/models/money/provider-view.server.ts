import { getDb } from "~/db/db.server";
import { getEnv } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { createPaystack, PaystackError, type ProviderRecord } from "./paystack.server";
import { compareWithProvider, type ComparedField } from "./provider-compare";
import { sentAsTransfer } from "./payout-rules";

// What the provider reports of a payment or a transfer the operator looks up on /admin/payouts, fetched through our
// Paystack client at the moment of asking and laid beside Glow's own record (docs/operations/paystack.md, "Debited but
// not credited"). Reading it changes nothing; "Verify now" is what applies the provider's answer.

export type ProviderView =
  | { state: "compared"; fields: ComparedField[]; differences: number; channel: string | null }
  /** Nothing to ask: test mode, an AutoCredit payment, or a withdrawal from before transfers. */
  | { state: "not-asked"; why: string }
  | { state: "unknown"; why: string }
  | { state: "unreachable"; why: string };

function paystack() {
  const env = getEnv();
  return env.PAYSTACK_SECRET_KEY ? createPaystack({ secretKey: env.PAYSTACK_SECRET_KEY, baseUrl: env.PAYSTACK_API_URL }) : null;
}

async function ask(kind: "payment" | "transfer", reference: string, fetch: () => Promise<ProviderRecord>) {
  try {
    return await fetch();
  } catch (error) {
    if (!(error instanceof PaystackError)) throw error;
    log.warn("provider view not fetched", { kind, reference, error: error.message });
    const view: ProviderView = error.refused
      ? { state: "unknown", why: `Paystack has no ${kind} with this reference.` }
      : { state: "unreachable", why: "Paystack could not be reached just now. Nothing changed; reload the page to ask again." };
    return view;
  }
}

const compared = (fields: ComparedField[], channel: string | null): ProviderView => ({
  state: "compared",
  fields,
  differences: fields.filter((f) => f.differs).length,
  channel,
});

/** A payment by its reference, beside what Paystack reports of it; undefined when Glow has no such payment. */
export async function paymentProviderView(reference: string): Promise<ProviderView | undefined> {
  const db = await getDb();
  const p = await db
    .selectFrom("payments")
    .select(["reference", "provider", "status", "amount_kobo", "problem", "created_at", "updated_at"])
    .where("reference", "=", reference)
    .executeTakeFirst();
  if (!p) return undefined;
  if (p.provider !== "paystack")
    return { state: "not-asked", why: p.provider === "credit" ? "Paid with AutoCredit: no provider took it." : "Test mode: no provider took it." };
  const client = paystack();
  if (!client) return { state: "not-asked", why: "Paystack is not configured now, so it cannot be asked." };
  const record = await ask("payment", reference, () => client.transactionDetails(reference));
  if ("state" in record) return record;
  const settled = p.status === "succeeded" || p.status === "mismatch" || p.status === "refunded" ? p.updated_at : null;
  const glow = { status: p.status, amountKobo: p.amount_kobo, reference: p.reference, createdAt: p.created_at, settledAt: settled, reason: p.problem };
  return compared(compareWithProvider("payment", glow, record), record.channel);
}

/** A withdrawal by its transfer reference, as the operator reads it, with what Paystack reports of the transfer. */
export async function transferProviderView(reference: string) {
  const db = await getDb();
  const w = await db
    .selectFrom("withdrawals as w")
    .innerJoin("vendors as v", "v.id", "w.vendor_id")
    .select([
      "w.id",
      "w.status",
      "w.amount_kobo",
      "w.fee_kobo",
      "w.transfer_reference",
      "w.failure_reason",
      "w.created_at",
      "w.completed_at",
      "v.business_name",
    ])
    .where("w.transfer_reference", "=", reference)
    .executeTakeFirst();
  if (!w || !sentAsTransfer({ transferReference: w.transfer_reference })) return undefined;
  const withdrawal = {
    id: w.id,
    status: w.status,
    amountKobo: w.amount_kobo,
    feeKobo: w.fee_kobo,
    reference: w.transfer_reference!,
    businessName: w.business_name,
  };
  const client = paystack();
  let view: ProviderView;
  if (!client) view = { state: "not-asked", why: "Test mode: the built-in test provider paid it; no real money moved." };
  else {
    const record = await ask("transfer", reference, () => client.transferDetails(reference));
    view =
      "state" in record
        ? record
        : compared(
            compareWithProvider(
              "transfer",
              {
                status: w.status,
                amountKobo: w.amount_kobo - w.fee_kobo,
                reference: w.transfer_reference!,
                createdAt: w.created_at,
                settledAt: w.completed_at,
                reason: w.failure_reason,
              },
              record,
            ),
            null,
          );
  }
  return { withdrawal, view };
}
