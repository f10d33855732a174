import type { Kysely } from "kysely";
import type { Dialect } from "../dialect.server";

// The vendor's Appointments lists one tab (one status) of their own book in time order: with the vendor's time index
// alone every visit of the book was read and most thrown away (0.13 ms a page for a salon with 185 visits; the tab
// counts the same). docs/decisions/029-signed-in-page-cost.md.

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.createIndex("appointments_vendor_status_time_idx").on("appointments").columns(["vendor_id", "status", "starts_at"]).execute();
}
