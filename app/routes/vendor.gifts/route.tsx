import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/common";
import { Field, FormMessages } from "~/components/forms";
import { refusalOf } from "~/http/refusal.server";
import { requireVendor } from "~/http/session.server";
import { getGiftSettings, saveGiftSettings } from "~/models/gifts/gift-settings.server";
import { soldGifts } from "~/models/gifts/vendor-gifts.server";
import { assertSameOrigin, readForm, rowIdFromUrl } from "~/utils/http.server";
import { refundGift } from "~/models/gifts/gift-money.server";
import { formatNaira } from "~/utils/money";
import { formatDate } from "~/utils/time";
import { redirectWithSuccess } from "~/utils/toast.server";
import { GiftSettingsSchema, parseAmountList } from "./schema";

export const meta: MetaFunction = () => [{ title: "Gifts | Vendor dashboard | Glow" }];

// /vendor/gifts: what the salon sells as gifts (docs/domain.md, "Gifts and offers"): gift cards of chosen amounts
// and/or a free amount within bounds, vouchers for its services, how long a gift sold from now on stays valid; and
// the gifts sold, with their balances.

export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "settings");
  const [settings, gifts] = await Promise.all([getGiftSettings(vendor.vendorId), soldGifts(vendor.vendorId)]);
  return data({ settings, gifts, vendorId: vendor.vendorId });
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const formData = await readForm(request, 8 * 1024);
  if (formData.get("intent") === "refund") return refund(request, formData);
  const vendor = await requireVendor(request, "settings");
  const submission = parseWithZod(formData, { schema: GiftSettingsSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const naira = (text: string | undefined) => (text ? Number(text) * 100 : 0);
  try {
    await saveGiftSettings(vendor.vendorId, {
      cardsOn: v.cards_on === true,
      cardAmounts: parseAmountList(v.card_amounts ?? ""),
      freeMinKobo: naira(v.free_min),
      freeMaxKobo: naira(v.free_max),
      vouchersOn: v.vouchers_on === true,
      validityMonths: v.validity_months,
    });
  } catch (error) {
    const refused = refusalOf(error);
    return data({ result: submission.reply({ formErrors: [refused.message] }) }, { status: refused.status });
  }
  return redirectWithSuccess("/vendor/gifts", "Your gifts are saved.", { status: 303 });
}

/** Refunds an unused gift to whoever paid for it (the owner: it is money). */
async function refund(request: Request, formData: FormData) {
  const vendor = await requireVendor(request, "money");
  const id = rowIdFromUrl(String(formData.get("gift") ?? ""), "We couldn't find that gift.");
  try {
    const { amountKobo, to } = await refundGift({ vendorId: vendor.vendorId }, id);
    return redirectWithSuccess("/vendor/gifts", `Refunded ${formatNaira(amountKobo)} to ${to}.`, { status: 303 });
  } catch (error) {
    const refused = refusalOf(error);
    return data({ result: undefined, refused: refused.message }, { status: refused.status });
  }
}

const STATE_LABEL = { active: "Active", expired: "Expired", refunded: "Refunded", used: "Used" } as const;

export default function VendorGifts() {
  const { settings, gifts, vendorId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "gift-settings",
    lastResult: actionData?.result,
    constraint: getZodConstraint(GiftSettingsSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: GiftSettingsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultNoValidate: false,
    defaultValue: {
      cards_on: settings.cardsOn ? "on" : undefined,
      card_amounts: settings.cardAmounts.map((k) => String(k / 100)).join(" "),
      free_min: settings.freeMinKobo ? String(settings.freeMinKobo / 100) : "",
      free_max: settings.freeMaxKobo ? String(settings.freeMaxKobo / 100) : "",
      vouchers_on: settings.vouchersOn ? "on" : undefined,
      validity_months: String(settings.validityMonths),
    },
  });
  return (
    <div className="dash-page">
      <h1>Gifts</h1>
      <p className="muted">
        Sell gift cards and vouchers that anyone can pay for. Customers enter a code when booking with you on Glow: it pays what it covers, and its money
        reaches your balance with the visit&rsquo;s own. What a gift still holds when it expires becomes available then. Your gift page:{" "}
        <a href={`/gift?vendor=${vendorId}`}>Give as a gift</a>.
      </p>
      {actionData && "refused" in actionData ? (
        <p className="notice notice--error" role="alert">
          {actionData.refused}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="card form">
        <FormMessages id={form.errorId} errors={form.errors} refused={actionData?.result?.error} />
        <label className="checkbox">
          <input {...getInputProps(fields.cards_on, { type: "checkbox" })} /> Sell gift cards
        </label>
        <Field
          label="Amounts to choose from (naira)"
          hint="Up to 6, separated by spaces, e.g. 10000 20000 50000. From ₦1,000 to ₦500,000."
          inputProps={{ ...getInputProps(fields.card_amounts, { type: "text" }), inputMode: "numeric" }}
          errors={fields.card_amounts.errors}
        />
        <Field
          label="Or a free amount from (naira)"
          hint="Leave both empty to offer only the amounts above."
          inputProps={{ ...getInputProps(fields.free_min, { type: "text" }), inputMode: "numeric" }}
          errors={fields.free_min.errors}
        />
        <Field
          label="up to (naira)"
          inputProps={{ ...getInputProps(fields.free_max, { type: "text" }), inputMode: "numeric" }}
          errors={fields.free_max.errors}
        />
        <label className="checkbox">
          <input {...getInputProps(fields.vouchers_on, { type: "checkbox" })} /> Sell vouchers for my services (each at its price)
        </label>
        <Field
          label="Valid for (months)"
          hint="For gifts sold from now on. A gift already sold keeps its date: a shorter validity never shortens it."
          inputProps={{ ...getInputProps(fields.validity_months, { type: "number" }), min: 1, max: 24 }}
          errors={fields.validity_months.errors}
        />
        <button type="submit" className="btn btn--primary">
          Save
        </button>
      </Form>
      <section className="card" aria-labelledby="sold-title">
        <h2 id="sold-title">Gifts sold</h2>
        {gifts.length === 0 ? (
          <p className="muted">No gift sold yet.</p>
        ) : (
          <div className="table-wrap">
            <table className="table table--stack">
              <thead>
                <tr>
                  <th scope="col">Sold</th>
                  <th scope="col">Gift</th>
                  <th scope="col">For</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Balance</th>
                  <th scope="col">Valid until</th>
                  <th scope="col">Status</th>
                  <th scope="col">Refund</th>
                </tr>
              </thead>
              <tbody>
                {gifts.map((g) => (
                  <tr key={g.id}>
                    <td data-label="Sold">{formatDate(g.paidAt)}</td>
                    <td data-label="Gift">
                      {g.what} (…{g.codeTail})
                    </td>
                    <td data-label="For">
                      {g.recipientName}, from {g.buyerName}
                    </td>
                    <td data-label="Amount">{formatNaira(g.amountKobo)}</td>
                    <td data-label="Balance">{formatNaira(g.balanceKobo)}</td>
                    <td data-label="Valid until">{formatDate(g.expiresAt)}</td>
                    <td data-label="Status">{STATE_LABEL[g.state]}</td>
                    <td data-label="Refund">
                      {g.refundable ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="refund" />
                          <input type="hidden" name="gift" value={g.id} />
                          <button type="submit" className="btn btn--outline btn--small">
                            Refund to the payer
                          </button>
                        </Form>
                      ) : (
                        "—"
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
