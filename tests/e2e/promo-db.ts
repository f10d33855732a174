import { withE2eDb } from "./e2e-db";

// Promo codes planted in the worker's e2e server's database (e2e-db.ts), as /vendor/offers writes them
// (app/models/promos/promo-codes.server.ts), for the refusals a browser cannot wait for (a code that ended
// yesterday, one used up by others).

const DAY = 24 * 3_600_000;
const lagosDay = (offsetDays: number) => new Date(Date.now() + 3_600_000 + offsetDays * DAY).toISOString().slice(0, 10);

/** A code of the vendor of `serviceId`; `otherService`: limited to another service than that one. */
export function plantPromoCode(
  serviceId: number,
  code: string,
  options: { startsIn?: number; endsIn?: number; maxUses?: number; usesTaken?: number; newOnly?: boolean; minSpendKobo?: number; otherService?: boolean },
): void {
  withE2eDb((db) => {
    const { vendor_id } = db.prepare("select vendor_id from services where id = ?").get(serviceId) as { vendor_id: number };
    const now = new Date().toISOString();
    const { lastInsertRowid } = db
      .prepare(
        `insert into promo_codes (vendor_id, code, percent_off, starts_on, ends_on, max_uses, max_uses_per_customer, new_customers_only,
           min_spend_kobo, status, uses_taken, created_at, updated_at) values (?, ?, 10, ?, ?, ?, 1, ?, ?, 'live', ?, ?, ?)`,
      )
      .run(
        vendor_id,
        code,
        lagosDay(options.startsIn ?? -1),
        lagosDay(options.endsIn ?? 30),
        options.maxUses ?? 10,
        options.newOnly ? 1 : 0,
        options.minSpendKobo ?? 0,
        options.usesTaken ?? 0,
        now,
        now,
      );
    if (options.otherService) {
      const other = db.prepare("select id from services where id != ? order by id limit 1").get(serviceId) as { id: number };
      db.prepare("insert into promo_code_services (promo_id, service_id) values (?, ?)").run(lastInsertRowid, other.id);
    }
  });
}
