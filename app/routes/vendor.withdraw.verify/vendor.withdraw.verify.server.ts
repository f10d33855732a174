// What route.tsx takes from the server, through one module of its own: the page then loads no empty chunk for them (see
// the top of scripts/check-bundle.mjs).
export { payoutProvider } from "~/models/payouts.server";
export { requireVendor } from "~/models/session.server";
export { getWithdrawal, lockoutMessage, maskAccount, resendCode, verifyWithdrawal } from "~/models/withdrawals.server";
export { assertSameOrigin, invariantResponse, readForm } from "~/utils/http.server";
export { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
