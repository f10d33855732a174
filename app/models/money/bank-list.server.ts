import { nigerianBanks } from "~/data/banks";
import { getDb } from "~/db/db.server";
import { DAY } from "~/models/jobs/durations";
import { getEnv } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { createPaystack, PaystackError } from "./paystack.server";

// The banks a vendor can choose from (docs/domain.md "Money"). With Paystack configured: Paystack's own list
// (GET /bank), kept in the database and fetched again once a day, so every app process shares one copy; when it
// cannot be fetched, the last copy, or else the bundled list (app/data/banks.ts). In test mode, the bundled list.

export interface Bank {
  code: string;
  name: string;
}

export async function listBanks(now = new Date()): Promise<Bank[]> {
  const env = getEnv();
  if (!env.PAYSTACK_SECRET_KEY) return nigerianBanks;
  const db = await getDb();
  const kept = await db.selectFrom("provider_banks").select(["code", "name", "fetched_at"]).orderBy("name").execute();
  if (kept.length > 0 && now.getTime() - Date.parse(kept[0]!.fetched_at) < DAY) return kept.map(({ code, name }) => ({ code, name }));
  try {
    const fresh = await createPaystack({ secretKey: env.PAYSTACK_SECRET_KEY, baseUrl: env.PAYSTACK_API_URL }).banks();
    if (fresh.length === 0) throw new PaystackError("Paystack listed no banks", 502);
    const unique = [...new Map(fresh.map((b) => [b.code, b])).values()];
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom("provider_banks").execute();
      await tx
        .insertInto("provider_banks")
        .values(unique.map((b) => ({ code: b.code, name: b.name, fetched_at: now.toISOString() })))
        .execute();
    });
    return unique.sort((a, b) => a.name.localeCompare(b.name));
  } catch (error) {
    if (!(error instanceof PaystackError)) throw error;
    log.warn("paystack bank list unavailable; using the kept or bundled list", { error: error.message });
    return kept.length > 0 ? kept.map(({ code, name }) => ({ code, name })) : nigerianBanks;
  }
}

export type Resolution = { ok: true; accountName: string } | { ok: false; reason: "no-account" | "unavailable" };

/**
 * The name the bank holds for a number (GET /bank/resolve). In test mode there is no bank to ask: a number is
 * "resolved" to the vendor's own name, except numbers starting 99, which resolve to another name so that an account
 * waiting for approval can be tried by hand.
 */
export async function resolveAccountName(args: { bankCode: string; number: string; ownName: string }): Promise<Resolution> {
  const env = getEnv();
  if (!env.PAYSTACK_SECRET_KEY) return { ok: true, accountName: args.number.startsWith("99") ? "TEST MODE OTHER PERSON" : args.ownName.toUpperCase() };
  try {
    const { accountName } = await createPaystack({ secretKey: env.PAYSTACK_SECRET_KEY, baseUrl: env.PAYSTACK_API_URL }).resolveAccount(args);
    return { ok: true, accountName };
  } catch (error) {
    if (!(error instanceof PaystackError)) throw error;
    log.warn("paystack could not resolve an account", { bankCode: args.bankCode, error: error.message });
    return { ok: false, reason: error.refused ? "no-account" : "unavailable" };
  }
}
