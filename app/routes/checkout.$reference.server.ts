// What checkout.$reference.tsx takes from the server, through one module of its own: the page then loads no empty chunk
// for them (see the top of scripts/check-bundle.mjs).
export { getPayment, isTestMode, PAYMENT_REFERENCE, settlePayment } from "~/models/payments.server";
export { assertSameOrigin, invariantResponse, readForm } from "~/utils/http.server";
export { getDb } from "~/db/db.server";
export { refundsOfPayment } from "~/models/refunds.server";
