import crypto from "node:crypto";
import { withE2eDb } from "./e2e-db";

// Gifts planted in the worker's e2e server's database (e2e-db.ts) with codes the test knows, as paying one writes
// them (app/models/gifts/pay-gift.server.ts: the gift, its "sold" move); for the specs of spending them.

const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** A paid gift card of `amountKobo` at the vendor of `serviceId` (or another vendor), with its printed code. */
export function plantGiftCard(args: { amountKobo: number; otherVendorThan?: number; serviceId?: number; expired?: boolean }): string {
  const raw = Array.from(crypto.randomBytes(16), (b) => ALPHABET[b % ALPHABET.length]).join("");
  return withE2eDb((db) => {
    const vendorId =
      args.otherVendorThan !== undefined
        ? (
            db
              .prepare("select v.id from vendors v where v.id != (select vendor_id from services where id = ?) order by v.id limit 1")
              .get(args.otherVendorThan) as {
              id: number;
            }
          ).id
        : (db.prepare("select vendor_id as id from services where id = ?").get(args.serviceId) as { id: number }).id;
    const day = 24 * 3_600_000;
    const paidAt = new Date(Date.now() - (args.expired ? 100 : 1) * day).toISOString();
    const expiresAt = new Date(Date.now() + (args.expired ? -day : 90 * day)).toISOString();
    const { lastInsertRowid } = db
      .prepare(
        `insert into gifts (vendor_id, kind, amount_kobo, status, code_hash, code_tail, pay_token, buyer_name, recipient_name, validity_months,
           created_at, paid_at, expires_at, paid_with) values (?, 'card', ?, 'active', ?, ?, ?, 'Tunde', 'Ada', 3, ?, ?, ?, 'online')`,
      )
      .run(
        vendorId,
        args.amountKobo,
        crypto.createHash("sha256").update(`gift:${raw}`).digest("hex"),
        raw.slice(-4),
        crypto.randomBytes(18).toString("base64url"),
        paidAt,
        paidAt,
        expiresAt,
      );
    db.prepare("insert into gift_moves (gift_id, kind, amount_kobo, created_at) values (?, 'sold', ?, ?)").run(lastInsertRowid, args.amountKobo, paidAt);
    return raw.match(/.{4}/g)!.join("-");
  });
}
