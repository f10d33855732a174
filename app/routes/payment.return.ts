import type { LoaderFunctionArgs } from "@remix-run/node";
import { isPayable, notPayableMessage } from "~/models/appointments/rules.server";
import { getPayment, PAYMENT_REFERENCE } from "~/models/booking/payments.server";
import { verifyPayment } from "~/models/booking/reconcile.server";
import { getGiftPayment, verifyGiftPayment } from "~/models/gifts/pay-gift.server";
import { invariantResponse } from "~/utils/http.server";
import { formatNaira } from "~/utils/money";
import { redirectWithError, redirectWithInfo, redirectWithSuccess } from "~/utils/toast.server";

// GET /payment/return?reference=...: where a payer lands after the provider's page (Paystack adds trxref too).
// The provider sends people back with a GET, so this loader asks the provider and applies its verdict; that is
// safe to repeat (settlePayment applies a payment once) and changes nothing the verdict does not.
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const reference = url.searchParams.get("reference") ?? url.searchParams.get("trxref") ?? "";
  invariantResponse(PAYMENT_REFERENCE.test(reference), "That payment reference isn't valid.", 400);
  let payment = await getPayment(reference);
  if (!payment) return giftReturn(reference);
  invariantResponse(payment, "We couldn't find that payment.", 404);
  if (payment.status === "pending") {
    await verifyPayment(reference);
    payment = (await getPayment(reference))!;
  }
  const { appointment } = payment;
  const viaLink = payment.source === "link";
  const done = viaLink ? `/pay/${payment.pay_token}` : `/user/appointment?ref=${payment.ref}`;
  const retry = viaLink ? done : `/payment?order=${payment.ref}`;
  // Someone who paid through the link has no account page to land on: the link shows them their receipt.
  const receipt = viaLink ? `${done}?receipt=${reference}#receipt` : done;
  const init = { status: 303 };

  if (payment.status === "succeeded") return redirectWithSuccess(receipt, `Payment received: ${formatNaira(payment.amount_kobo)}. Thank you!`, init);
  if (payment.status === "refunded")
    return redirectWithInfo(
      done,
      `This booking could no longer take your payment, so all ${formatNaira(payment.amount_kobo)} is being refunded to the card or account you paid with.`,
      init,
    );
  if (payment.status === "mismatch")
    return redirectWithError(done, "The amount paid did not match the order, so it was not applied. Glow's team will contact you about it.", init);
  if (payment.status === "failed") {
    const reason = isPayable(appointment) ? "The payment did not go through." : notPayableMessage(appointment);
    return redirectWithError(retry, `${reason} No money was taken.`, init);
  }
  return redirectWithInfo(
    `/payment/check?reference=${reference}`,
    "We're still waiting for the payment to be confirmed. If you paid by transfer or USSD, this can take a few minutes.",
    init,
  );
}

/** The return of a gift's payment (app/models/gifts/pay-gift.server.ts): back to the gift's payment link. */
async function giftReturn(reference: string) {
  let gift = await getGiftPayment(reference);
  invariantResponse(gift, "We couldn't find that payment.", 404);
  if (gift.status === "pending") {
    await verifyGiftPayment(reference);
    gift = (await getGiftPayment(reference))!;
  }
  const back = `/gift/pay/${gift.pay_token}`;
  const init = { status: 303 };
  if (gift.status === "succeeded") return redirectWithSuccess(back, `Payment received: ${formatNaira(gift.amount_kobo)}. The voucher is on its way.`, init);
  if (gift.status === "refunded")
    return redirectWithInfo(
      back,
      `Someone had already paid for this gift, so all ${formatNaira(gift.amount_kobo)} is being refunded to the card or account you paid with.`,
      init,
    );
  if (gift.status === "mismatch")
    return redirectWithError(back, "The amount paid did not match the gift, so it was not applied. Glow's team will contact you about it.", init);
  if (gift.status === "failed") return redirectWithError(back, "The payment did not go through. No money was taken.", init);
  return redirectWithInfo(back, "We're still waiting for the payment to be confirmed. If you paid by transfer or USSD, this can take a few minutes.", init);
}
