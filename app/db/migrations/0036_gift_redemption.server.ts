import type { Kysely } from "kysely";
import type { Dialect } from "../dialect.server";

// Gifts redeemed at booking (docs/domain.md, "Gifts and offers"; docs/decisions/034-gift-redemption.md): what the
// gifts cover of an appointment, kept beside its own total, which becomes what is left to pay. Each gift's part is
// its reservation in gift_moves (kind "reserved", with the appointment's id).

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable("appointments")
    .addColumn("gift_kobo", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("gift_moves_appointment").on("gift_moves").column("appointment_id").execute();
}
