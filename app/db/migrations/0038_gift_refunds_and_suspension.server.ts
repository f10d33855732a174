import type { Kysely } from "kysely";
import type { Dialect } from "../dialect.server";

// A gift's refunds (docs/domain.md, "Gifts and offers"): each "refunded" move keeps the provider's reference of the
// refund it made, so a payment refunded twice (a closing salon refunds what a cancelled booking gave back after an
// earlier refund) keeps both; gift_payments.refund_reference stays what it was for, a late payment sent back whole.
// A vendor suspended by Glow's admin (docs/decisions/037-vendor-suspension.md): since when and why; lifted, both empty.

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable("gift_moves").addColumn("refund_reference", "text").execute();
  await db.schema.alterTable("vendors").addColumn("suspended_at", "text").execute();
  await db.schema.alterTable("vendors").addColumn("suspension_reason", "text").execute();
}
