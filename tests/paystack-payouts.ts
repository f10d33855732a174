import crypto from "node:crypto";
import { getDb } from "~/db/db.server";
import { addLedgerEntries } from "~/models/money/ledger.server";
import { transferReference } from "~/models/money/payout-rules";
import { startWithdrawal } from "~/models/money/withdrawals.server";
import { mailsTo } from "./booking";
import type { FakePaystack } from "./fake-paystack";
import { createVendor } from "./vendor";

// Payouts in Paystack mode, for the tests that drive them: a vendor with money and an account the fake bank knows,
// and a withdrawal started with its e-mailed code.

/** A vendor with `kobo` available and one approved account the fake bank knows. */
export async function fundedVendorWithAccount(fake: FakePaystack, name: string, kobo: number) {
  const v = await createVendor(name);
  const db = await getDb();
  await addLedgerEntries(db, [{ vendorId: v.vendorId, kind: "earning", amountKobo: kobo, title: "Knotless braids", groupName: "Hair" }]);
  const number = String(2_000_000_000 + crypto.randomInt(0, 99_999_999));
  fake.accounts.set(`058:${number}`, "SECOND VENDOR");
  const { id } = await db
    .insertInto("bank_accounts")
    .values({
      vendor_id: v.vendorId,
      bank_code: "058",
      bank_name: "Guaranty Trust Bank",
      number,
      holder: "SECOND VENDOR",
      resolved_name: "SECOND VENDOR",
      created_at: new Date().toISOString(),
      deleted_at: null,
      verified_at: new Date().toISOString(),
      code_hash: null,
      code_expires_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { ...v, accountId: id };
}

async function lastCode(to: string) {
  const mail = (await mailsTo(to)).findLast((m) => /code is \d{6}/.test(m.text))!;
  return /code is (\d{6})/.exec(mail.text)![1]!;
}

/** Asks for a withdrawal of `amountKobo`: returns its id, the e-mailed code and its transfer reference. */
export async function startCodedWithdrawal(v: { vendorId: number; email: string; accountId: number }, amountKobo: number) {
  const started = await startWithdrawal(v.vendorId, { amountKobo, bankAccountId: v.accountId });
  if (!started.ok) throw new Error(`not started: ${started.reason}`);
  return { id: started.withdrawalId, code: await lastCode(v.email), reference: transferReference(started.withdrawalId) };
}
