// What vendor.finance.tsx takes from the server, through one module of its own: the page then loads no empty chunk for
// them (see the top of scripts/check-bundle.mjs).
export { getDb } from "~/db/db.server";
export { ledgerPage, vendorTotals } from "~/models/ledger.server";
export { requireVendor } from "~/models/session.server";
