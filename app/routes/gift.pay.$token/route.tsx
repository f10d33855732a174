import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { bookingStyles as styles } from "~/components/booking-pages";
import { GeneralErrorBoundary } from "~/components/common";
import { Field, FormMessages } from "~/components/forms";
import { ShareOnWhatsApp } from "~/components/whatsapp-links";
import { refusalOf } from "~/http/refusal.server";
import { getSessionUser } from "~/http/session.server";
import { isTestMode } from "~/models/booking/payments.server";
import { getGiftByPayToken } from "~/models/gifts/buy-gift.server";
import { giftLabel } from "~/models/gifts/gift-mails.server";
import { giftExpiry } from "~/models/gifts/gift-rules";
import { payGiftWithCredit, startGiftPayment } from "~/models/gifts/pay-gift.server";
import { getCreditBalance } from "~/models/money/auto-credit.server";
import { getEnv } from "~/utils/env.server";
import { assertSameOrigin, invariantResponse, readForm } from "~/utils/http.server";
import { formatNaira } from "~/utils/money";
import { formatDate } from "~/utils/time";
import { redirectWithSuccess } from "~/utils/toast.server";
import { PayGiftSchema } from "./schema";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Pay for a gift at ${data.businessName} · Glow` : "Pay for a gift · Glow" },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

const UNKNOWN = "This gift's payment link doesn't exist. Please check it with the person who sent it.";

// GET/POST /gift/pay/{token}: a gift's payment link (docs/domain.md, "Gifts and offers"). Whoever holds it, signed
// in or not, sees what the gift is (no more of the buyer than the name they gave) and pays online; the buyer,
// signed in, may pay with AutoCredit. Once paid it says so and takes no money.
async function findGift(params: LoaderFunctionArgs["params"]) {
  const token = params.token ?? "";
  invariantResponse(/^[\w-]{20,100}$/.test(token), UNKNOWN, 404);
  const gift = await getGiftByPayToken(token);
  invariantResponse(gift, UNKNOWN, 404);
  return gift;
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const gift = await findGift(params);
  const user = await getSessionUser(request);
  const isBuyer = user !== null && user.id === gift.buyer_user_id;
  return data({
    label: giftLabel(gift),
    businessName: gift.business_name,
    amountKobo: gift.amount_kobo,
    recipientName: gift.recipient_name,
    buyerName: gift.buyer_name,
    paid: gift.status !== "unpaid",
    paidByName: gift.paid_by_name,
    sentTo: gift.recipient_email,
    expiresAt: gift.expires_at ?? giftExpiry(new Date(), gift.validity_months),
    isBuyer,
    creditKobo: isBuyer ? await getCreditBalance(user.id) : null,
    // Someone signed in pays with their own account's e-mail for the receipt unless they type another.
    payerEmail: user?.email ?? "",
    url: `${getEnv().APP_URL}/gift/pay/${gift.pay_token}`,
    testMode: isTestMode(),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const gift = await findGift(params);
  const user = await getSessionUser(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: PayGiftSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    if (submission.value.intent === "credit") {
      invariantResponse(user, "Sign in to pay with AutoCredit.", 403);
      await payGiftWithCredit(user.id, gift.pay_token);
      return redirectWithSuccess(`/gift/pay/${gift.pay_token}`, `Paid with AutoCredit: ${formatNaira(gift.amount_kobo)}. The voucher is on its way.`, {
        status: 303,
      });
    }
    const { redirectUrl } = await startGiftPayment({
      token: gift.pay_token,
      source: user !== null && user.id === gift.buyer_user_id ? "checkout" : "link",
      payerName: submission.value.name ?? gift.buyer_name,
      payerEmail: submission.value.email,
    });
    return redirect(redirectUrl, 303);
  } catch (error) {
    const refused = refusalOf(error);
    return data({ result: submission.reply({ formErrors: [refused.message] }) }, { status: refused.status, headers: refused.headers });
  }
}

export default function PayForAGift() {
  const gift = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "pay-gift",
    lastResult: actionData?.result,
    constraint: getZodConstraint(PayGiftSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PayGiftSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultNoValidate: false,
    defaultValue: { email: gift.payerEmail },
  });
  const shareText = `Please help me pay for a gift for ${gift.recipientName} at ${gift.businessName} on Glow (${formatNaira(gift.amountKobo)}):\n${gift.url}`;
  return (
    <div className="container booking paylink">
      <header className="booking-head">
        <p className="booking-head__step">Gift payment link</p>
        <h1>{gift.paid ? `The gift for ${gift.recipientName} is paid` : `Pay for ${gift.buyerName}'s gift to ${gift.recipientName}`}</h1>
      </header>
      <div className="booking__grid">
        <section className="card" aria-labelledby="what-title">
          <h2 id="what-title">The gift</h2>
          <p className="booking-service__title">
            {gift.label[0]!.toUpperCase() + gift.label.slice(1)} at {gift.businessName}
          </p>
          <p className="summary__total">
            <span>Total</span>
            <strong>{formatNaira(gift.amountKobo)}</strong>
          </p>
          <p className="booking__muted">
            For {gift.recipientName}, from {gift.buyerName}. {gift.paid ? "Valid until the end of " : "Paid today, valid until the end of "}
            <strong>{formatDate(gift.expiresAt)}</strong> (Lagos time).
          </p>
        </section>
        <section className="card booking__summary" aria-labelledby="pay-title">
          {gift.paid ? (
            <div role="status">
              <h2 id="pay-title">Paid</h2>
              <p className="notice">
                {gift.paidByName ? `Paid by ${gift.paidByName}. ` : ""}
                {gift.sentTo ? `The voucher was e-mailed to ${gift.recipientName}. ` : ""}
                {gift.buyerName} has the link to share it on WhatsApp.
              </p>
              <p className="booking__muted">No money is taken through this link any more.</p>
            </div>
          ) : (
            <>
              <h2 id="pay-title">Pay {formatNaira(gift.amountKobo)}</h2>
              <FormMessages id={form.errorId} errors={form.errors} refused={actionData?.result?.error} />
              <Form method="post" {...getFormProps(form)} className="form">
                <input type="hidden" name="intent" value="online" />
                <Field
                  label="Your name (optional)"
                  hint={`Shown to ${gift.buyerName} so they know who paid.`}
                  inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name", maxLength: 50 }}
                  errors={fields.name.errors}
                />
                <Field
                  label="Your e-mail"
                  hint="For your receipt."
                  inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
                  errors={fields.email.errors}
                />
                <button type="submit" className="btn btn--primary btn--block">
                  Pay {formatNaira(gift.amountKobo)} online
                </button>
                <p className="field__hint">Card, bank transfer or USSD.{gift.testMode ? " Test mode: no real money moves." : ""}</p>
              </Form>
              {gift.isBuyer && gift.creditKobo !== null && gift.creditKobo >= gift.amountKobo ? (
                <Form method="post" className="form">
                  <input type="hidden" name="intent" value="credit" />
                  <button type="submit" className="btn btn--outline btn--block">
                    Pay with AutoCredit ({formatNaira(gift.creditKobo)})
                  </button>
                </Form>
              ) : gift.isBuyer && gift.creditKobo !== null && gift.creditKobo > 0 ? (
                // As at a booking's step 2: a balance short of the total is said, not offered as a button the server refuses.
                <p className="field__hint">
                  Your AutoCredit balance ({formatNaira(gift.creditKobo)}) is less than the total ({formatNaira(gift.amountKobo)}).
                </p>
              ) : null}
            </>
          )}
        </section>
        {!gift.paid ? (
          <section className="card share" aria-labelledby="share-title">
            <h2 id="share-title">Let someone else pay</h2>
            <p>Share this link with anyone: they see what the gift is and can pay for it.</p>
            <p className="share__url" id="pay-link">
              {gift.url}
            </p>
            <div className="share__actions">
              <ShareOnWhatsApp text={shareText} />
            </div>
          </section>
        ) : null}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
