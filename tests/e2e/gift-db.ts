import crypto from "node:crypto";
import { plantSessionRow } from "../../scripts/plant-session.mjs";
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

/**
 * A customer of their own, signed in (their session cookie), who bought a ₦10,000 gift card today at the vendor of
 * `serviceId` and paid it online through the test-mode checkout: the gift, its payment, its "sold" move and the
 * ledger's sale and fee, as paying one writes them.
 */
export function buyerWithGiftCard(label: string, serviceId: number): { cookie: string; code: string; userId: number } {
  const raw = Array.from(crypto.randomBytes(16), (b) => ALPHABET[b % ALPHABET.length]).join("");
  return withE2eDb((db) => {
    const at = new Date().toISOString();
    const email = `${label}-${crypto.randomBytes(4).toString("hex")}@customers.test`;
    const userId = Number(
      db
        .prepare(
          "insert into users (email, password_hash, first_name, last_name, role, created_at, email_confirmed_at) values (?, '!unusable', 'Tunde', 'Bello', 'customer', ?, ?)",
        )
        .run(email, at, at).lastInsertRowid,
    );
    const vendorId = (db.prepare("select vendor_id as id from services where id = ?").get(serviceId) as { id: number }).id;
    const expiresAt = new Date(Date.now() + 90 * 24 * 3_600_000).toISOString();
    const giftId = Number(
      db
        .prepare(
          `insert into gifts (vendor_id, kind, amount_kobo, status, code_hash, code_tail, pay_token, buyer_user_id, buyer_name, buyer_email, recipient_name,
             validity_months, created_at, paid_at, expires_at, paid_with, paid_by_name, payer_email)
           values (?, 'card', 1000000, 'active', ?, ?, ?, ?, 'Tunde', ?, 'Ada', 3, ?, ?, ?, 'online', 'Tunde', ?)`,
        )
        .run(
          vendorId,
          crypto.createHash("sha256").update(`gift:${raw}`).digest("hex"),
          raw.slice(-4),
          crypto.randomBytes(18).toString("base64url"),
          userId,
          email,
          at,
          at,
          expiresAt,
          email,
        ).lastInsertRowid,
    );
    db.prepare(
      `insert into gift_payments (gift_id, provider, reference, amount_kobo, status, payer_name, payer_email, source, created_at, updated_at)
       values (?, 'test', ?, 1000000, 'succeeded', 'Tunde', ?, 'checkout', ?, ?)`,
    ).run(giftId, `glw-${crypto.randomBytes(12).toString("hex")}`, email, at, at);
    db.prepare("insert into gift_moves (gift_id, kind, amount_kobo, created_at) values (?, 'sold', 1000000, ?)").run(giftId, at);
    const ledger = db.prepare(
      "insert into ledger_entries (vendor_id, kind, amount_kobo, title, gift_id, account, created_at) values (?, ?, ?, ?, ?, 'pending', ?)",
    );
    ledger.run(vendorId, "earning", 1_000_000, "Gift card sold: ₦10,000 for Ada", giftId, at);
    ledger.run(vendorId, "fee", -100_000, "Platform fee: Gift card sold: ₦10,000", giftId, at);
    return { cookie: `glow_session=${plantSessionRow(db, userId)}`, code: raw.match(/.{4}/g)!.join("-"), userId };
  });
}
