import { sql, type Kysely } from "kysely";
import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "../db.server";
import { up } from "./0021_money_moves.server";

// The migration on a database that already holds money (as a running site's does): withdrawals paid before it read
// "paid", saved bank accounts stay usable, vendors keep asking for their payouts by hand, and a returned withdrawal
// can be recorded once only.

describe(`migration 0021 on existing rows (${getDialect()})`, () => {
  test("completed withdrawals become paid, accounts stay approved, one return per withdrawal", async () => {
    const db = await getDb();
    // In one transaction: other test files migrating at the same time list every table of the database, and a table
    // dropped and made again in the open made their listing fail ("relation … does not exist").
    await db.transaction().execute(async (tx) => {
      // Back to the database as it was before 0021, with the seeded withdrawal as the old code wrote it.
      await tx.schema.dropTable("provider_banks").execute();
      for (const column of ["payout_schedule"]) await tx.schema.alterTable("vendors").dropColumn(column).execute();
      for (const column of ["resolved_name", "approval", "recipient_code"]) await tx.schema.alterTable("bank_accounts").dropColumn(column).execute();
      await tx.schema.dropIndex("ledger_returned_withdrawal_unique").execute();
      await tx.schema.alterTable("ledger_entries").dropColumn("returned_withdrawal_id").execute();
      await tx.schema.dropIndex("withdrawals_transfer_reference_unique").execute();
      await tx.schema.dropIndex("withdrawals_status_idx").execute();
      for (const column of ["transfer_reference", "transfer_code", "session_id", "failure_reason", "fee_kobo"])
        await tx.schema.alterTable("withdrawals").dropColumn(column).execute();
      await tx.schema.dropIndex("payments_status_idx").execute();
      for (const column of ["checked_at", "problem", "refund_reference", "channel"]) await tx.schema.alterTable("payments").dropColumn(column).execute();
      await sql`update withdrawals set status = 'completed'`.execute(tx);

      await up(tx as unknown as Kysely<unknown>);
    });

    expect((await db.selectFrom("withdrawals").select("status").execute()).map((w) => w.status)).toEqual(["paid"]);
    const accounts = await db.selectFrom("bank_accounts").select(["approval", "resolved_name", "recipient_code"]).execute();
    expect(accounts.length).toBeGreaterThan(0);
    expect(accounts.every((a) => a.approval === "approved" && a.resolved_name === null && a.recipient_code === null)).toBe(true);
    expect(new Set((await db.selectFrom("vendors").select("payout_schedule").execute()).map((v) => v.payout_schedule))).toEqual(new Set(["manual"]));
    const w = await db.selectFrom("withdrawals").select(["id", "vendor_id"]).executeTakeFirstOrThrow();
    const entry = {
      vendor_id: w.vendor_id,
      kind: "withdrawal" as const,
      amount_kobo: 1,
      title: "x",
      group_name: null,
      appointment_id: null,
      withdrawal_id: null,
      created_at: "2026-01-01T00:00:00.000Z",
      returned_withdrawal_id: w.id,
    };
    await db.insertInto("ledger_entries").values(entry).execute();
    await expect(db.insertInto("ledger_entries").values(entry).execute()).rejects.toThrow();
  });
});
