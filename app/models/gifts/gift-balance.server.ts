import { sql, type ExpressionBuilder } from "kysely";
import type { Database } from "~/db/schema";

// A gift's balance is the sum of its moves (sold, reserved, released, spent, refunded, expired), and a gift nobody
// has touched since its sale has one move. Every list of gifts selects both the same way, beside its own columns.

type GiftsRow = ExpressionBuilder<Database & { g: Database["gifts"] }, "g">;

/** What the gift `g` holds now, in kobo. */
export const giftBalance = (eb: GiftsRow) =>
  eb
    .selectFrom("gift_moves as m")
    .select(sql<number>`coalesce(sum(m.amount_kobo), 0)`.as("b"))
    .whereRef("m.gift_id", "=", "g.id")
    .as("balance");

/** How many moves the gift `g` has (1: only its sale). */
export const giftMoveCount = (eb: GiftsRow) =>
  eb
    .selectFrom("gift_moves as n")
    .select(sql<number>`count(*)`.as("c"))
    .whereRef("n.gift_id", "=", "g.id")
    .as("moves");
