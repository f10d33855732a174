import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { bookingStyles as styles } from "~/components/booking-pages";
import { GeneralErrorBoundary } from "~/components/common";
import { ErrorList, Field, FormMessages } from "~/components/forms";
import { refusalOf } from "~/http/refusal.server";
import { getSessionUser } from "~/http/session.server";
import { createGift, giftOffer } from "~/models/gifts/buy-gift.server";
import { assertSameOrigin, readForm, rowIdFromUrl } from "~/utils/http.server";
import { formatNaira, parseNairaInput } from "~/utils/money";
import { formatDate } from "~/utils/time";
import { GIFT_MESSAGE_MAX, GiftSchema } from "./schema";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Give a gift at ${data.businessName} · Glow` : "Give a gift · Glow" },
  { name: "robots", content: "noindex" },
];

const NO_SUCH = "We couldn't find that salon.";

// GET/POST /gift?vendor=ID[&service=ID]: "Give as a gift" (docs/domain.md, "Gifts and offers"). From a vendor's page,
// a gift card of one of its amounts or a free amount within its bounds; from a service page, a voucher for that
// service at its price. Anyone may buy, signed in or not. The gift is created unpaid and the buyer goes on to its
// payment link, where they pay (online or with AutoCredit) or send the link to someone else to pay.
async function offerFor(request: Request) {
  const url = new URL(request.url);
  const vendorId = rowIdFromUrl(url.searchParams.get("vendor"), NO_SUCH);
  const service = url.searchParams.get("service");
  const serviceId = service === null ? null : rowIdFromUrl(service, "We couldn't find that service.");
  try {
    return await giftOffer(vendorId, serviceId);
  } catch (error) {
    const refused = refusalOf(error);
    throw new Response(refused.message, { status: refused.status });
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const offer = await offerFor(request);
  const user = await getSessionUser(request);
  return data({
    businessName: offer.businessName,
    vendorId: offer.vendorId,
    service: offer.service,
    amounts: offer.settings.cardAmounts,
    freeMinKobo: offer.settings.freeMinKobo,
    freeMaxKobo: offer.settings.freeMaxKobo,
    validityMonths: offer.settings.validityMonths,
    expiresIfPaidNow: offer.expiresIfPaidNow,
    buyer: user ? { name: `${user.firstName} ${user.lastName}`.slice(0, 50), email: user.email } : null,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const offer = await offerFor(request);
  const user = await getSessionUser(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: GiftSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  let amountKobo: number | null = null;
  if (!offer.service) {
    const typed = v.amount === "other" ? v.other_amount : v.amount;
    amountKobo = typed ? parseNairaInput(typed) : null;
    if (amountKobo === null)
      return data(
        { result: submission.reply({ fieldErrors: { amount: [v.amount === "other" ? "Enter an amount in naira, e.g. 15000" : "Choose an amount."] } }) },
        { status: 400 },
      );
  }
  try {
    const { payToken } = await createGift({
      vendorId: offer.vendorId,
      kind: offer.service ? "voucher" : "card",
      serviceId: offer.service?.id ?? null,
      amountKobo,
      buyerUserId: user?.id ?? null,
      buyerName: v.buyer_name,
      buyerEmail: v.buyer_email,
      recipientName: v.recipient_name,
      recipientEmail: v.recipient_email ?? null,
      recipientPhone: v.recipient_phone ?? null,
      message: v.message || null,
    });
    return redirect(`/gift/pay/${payToken}`, 303);
  } catch (error) {
    const refused = refusalOf(error);
    const field = refused.field ?? "amount";
    return data({ result: submission.reply({ fieldErrors: { [field]: [refused.message] } }) }, { status: refused.status });
  }
}

export default function GiveAGift() {
  const offer = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "gift",
    lastResult: actionData?.result,
    constraint: getZodConstraint(GiftSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: GiftSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultNoValidate: false,
    defaultValue: offer.buyer ? { buyer_name: offer.buyer.name, buyer_email: offer.buyer.email } : undefined,
  });
  const free = offer.freeMaxKobo > 0;
  return (
    <div className="container booking gift">
      <header className="booking-head">
        <p className="booking-head__step">Give as a gift</p>
        <h1>{offer.service ? `A voucher for ${offer.service.title}` : `A gift card for ${offer.businessName}`}</h1>
      </header>
      <Form method="post" {...getFormProps(form)} className="booking__grid">
        <section className="card" aria-labelledby="what-title">
          <h2 id="what-title">{offer.service ? "The voucher" : "The amount"}</h2>
          <FormMessages id={form.errorId} errors={form.errors} refused={actionData?.result?.error} />
          {offer.service ? (
            <p className="summary__total">
              <span>
                {offer.service.title} at {offer.businessName}
              </span>
              <strong>{formatNaira(offer.service.priceKobo)}</strong>
            </p>
          ) : (
            <fieldset className="field" aria-describedby={fields.amount.errors ? `${fields.amount.id}-error` : undefined}>
              <legend className="field__label">Amount</legend>
              {offer.amounts.map((kobo, i) => (
                <label key={kobo} className="gift__amount">
                  <input type="radio" name={fields.amount.name} value={String(kobo / 100)} defaultChecked={i === 0} required /> {formatNaira(kobo)}
                </label>
              ))}
              {free ? (
                <label className="gift__amount">
                  <input type="radio" name={fields.amount.name} value="other" defaultChecked={offer.amounts.length === 0} required /> Another amount, from{" "}
                  {formatNaira(offer.freeMinKobo)} to {formatNaira(offer.freeMaxKobo)}
                </label>
              ) : null}
              <ErrorList id={`${fields.amount.id}-error`} errors={fields.amount.errors} />
            </fieldset>
          )}
          {!offer.service && free ? (
            <Field
              label="Another amount (naira)"
              hint="Used when you choose “Another amount”."
              inputProps={{ ...getInputProps(fields.other_amount, { type: "text" }), inputMode: "numeric", autoComplete: "off" }}
              errors={fields.other_amount.errors}
            />
          ) : null}
          <p className="notice">
            Valid for {offer.validityMonths} months: paid today, it keeps its balance until the end of <strong>{formatDate(offer.expiresIfPaidNow)}</strong>{" "}
            (Lagos time). Its code is entered when booking on Glow: it pays what it covers, and what it does not spend stays on it. Unused, it can be refunded
            to whoever paid within 14 days.
          </p>
        </section>
        <section className="card booking__summary" aria-labelledby="who-title">
          <h2 id="who-title">Who it is for</h2>
          <Field
            label="Recipient's name"
            inputProps={{ ...getInputProps(fields.recipient_name, { type: "text" }), maxLength: 50 }}
            errors={fields.recipient_name.errors}
          />
          <Field
            label="Recipient's e-mail"
            hint="We e-mail them the voucher. Give this or a WhatsApp number, or both."
            inputProps={{ ...getInputProps(fields.recipient_email, { type: "email" }), autoComplete: "off" }}
            errors={fields.recipient_email.errors}
          />
          <Field
            label="Recipient's WhatsApp number"
            hint="You get a link to send it to them on WhatsApp."
            inputProps={{ ...getInputProps(fields.recipient_phone, { type: "tel" }), autoComplete: "off" }}
            errors={fields.recipient_phone.errors}
          />
          <div className="field">
            <label htmlFor={fields.message.id} className="field__label">
              A message (optional)
            </label>
            <textarea {...getTextareaProps(fields.message)} className="input" rows={3} maxLength={GIFT_MESSAGE_MAX} />
            <ErrorList id={fields.message.errorId} errors={fields.message.errors} />
          </div>
          <h2>From</h2>
          <Field
            label="Your name"
            inputProps={{ ...getInputProps(fields.buyer_name, { type: "text" }), autoComplete: "name", maxLength: 50 }}
            errors={fields.buyer_name.errors}
          />
          <Field
            label="Your e-mail"
            hint="We send you the voucher's link to share, and tell you when it is paid."
            inputProps={{ ...getInputProps(fields.buyer_email, { type: "email" }), autoComplete: "email" }}
            errors={fields.buyer_email.errors}
          />
          <button type="submit" className="btn btn--primary btn--block">
            Continue to payment
          </button>
          <p className="field__hint">Next: pay online or with AutoCredit, or send a payment link to someone who will pay.</p>
        </section>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
