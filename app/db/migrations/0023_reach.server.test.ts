import { sql, type Kysely } from "kysely";
import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "../db.server";
import { up } from "./0023_reach.server";

// The migration on a database that holds phone numbers as they were stored before (0803...): they are rewritten in
// E.164 and keep working; a number that was never valid is left as it was for its owner to correct.

describe(`migration 0023 on existing rows (${getDialect()})`, () => {
  test("rewrites stored phone numbers in E.164 and adds the new columns and table", async () => {
    const db = await getDb();
    // In one transaction: other test files migrating at the same time list every table of the database, and a table
    // dropped and made again in the open made their listing fail ("relation … does not exist").
    const [a, b, c] = await db.transaction().execute(async (tx) => {
      // Back to the database as it was before 0023.
      await tx.schema.dropTable("message_consents").execute();
      await tx.schema.dropIndex("sms_outbox_appointment_idx").execute();
      await tx.schema.dropIndex("sms_outbox_vendor_idx").execute();
      // A later migration's index on the channel (0028) goes first: SQLite keeps a column an index names.
      await tx.schema.dropIndex("sms_outbox_provider_id_idx").execute();
      for (const column of ["channel", "user_id", "vendor_id", "appointment_id", "template", "params", "status"]) {
        await tx.schema.alterTable("sms_outbox").dropColumn(column).execute();
      }
      await tx.schema.alterTable("vendors").dropColumn("whatsapp_phone").execute();
      const three = await tx.selectFrom("users").select("id").orderBy("id").limit(3).execute();
      const [a, b, c] = three;
      await tx.updateTable("users").set({ phone: "08031234567" }).where("id", "=", a!.id).execute();
      await tx.updateTable("users").set({ phone: "+234 809 876 5432" }).where("id", "=", b!.id).execute();
      await tx.updateTable("users").set({ phone: "12345" }).where("id", "=", c!.id).execute();
      await sql`insert into sms_outbox (to_phone, text, created_at, sent_at) values ('2348031234567', 'old', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:01.000Z')`.execute(
        tx,
      );

      await up(tx as unknown as Kysely<unknown>);
      return three;
    });

    const phones = await db.selectFrom("users").select(["id", "phone"]).where("id", "in", [a!.id, b!.id, c!.id]).orderBy("id").execute();
    expect(phones.map((p) => p.phone)).toEqual(["+2348031234567", "+2348098765432", "12345"]);
    const old = await db.selectFrom("sms_outbox").selectAll().where("text", "=", "old").executeTakeFirstOrThrow();
    expect(old).toMatchObject({ channel: "sms", status: "sent", template: null });
    expect(await db.selectFrom("message_consents").selectAll().execute()).toEqual([]);
  });
});
