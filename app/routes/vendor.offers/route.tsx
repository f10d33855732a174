import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import type { ComponentProps } from "react";
import { DayInput, GeneralErrorBoundary } from "~/components/common";
import { ErrorList, ErrorSummary, Field } from "~/components/forms";
import { refusalOf } from "~/http/refusal.server";
import { requireVendor } from "~/http/session.server";
import { createPromo, promoServiceChoices, setPromoStatus, vendorPromos } from "~/models/promos/promo-codes.server";
import { promoOffText } from "~/models/promos/promo-rules";
import { assertSameOrigin, readForm, rowIdFromUrl } from "~/utils/http.server";
import { formatNaira } from "~/utils/money";
import { formatDay, lagosToday } from "~/utils/time";
import { redirectWithSuccess } from "~/utils/toast.server";
import { offerFields, readOffer, type OfferFields } from "./read.server";

export const meta: MetaFunction = () => [{ title: "Promo codes | Vendor dashboard | Glow" }];

// /vendor/offers: the salon's promo codes (docs/domain.md, "Promo codes"): create one (percent or naira off the
// service, between two days, with caps), and pause, resume or end it. The salon pays for the discount: customers
// pay less, and the salon's share and Glow's fee are taken on what they pay.

export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "settings");
  const [promos, services] = await Promise.all([vendorPromos(vendor.vendorId), promoServiceChoices(vendor.vendorId)]);
  return data({ promos, services, today: lagosToday() });
}

const STATUS_INTENTS = { pause: "paused", resume: "live", end: "ended" } as const;
const DONE = { pause: "is paused", resume: "is live again", end: "has ended" } as const;

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const vendor = await requireVendor(request, "settings");
  const formData = await readForm(request, 16 * 1024);
  const intent = formData.get("intent");
  if (intent === "pause" || intent === "resume" || intent === "end") {
    try {
      const id = rowIdFromUrl(String(formData.get("promo") ?? ""), "We couldn't find that code.");
      const code = await setPromoStatus(vendor.vendorId, id, STATUS_INTENTS[intent]);
      return redirectWithSuccess("/vendor/offers", `${code} ${DONE[intent]}.`, { status: 303 });
    } catch (error) {
      const refused = refusalOf(error);
      return data({ refused: refused.message, errors: null, values: null }, { status: refused.status });
    }
  }
  const fields = offerFields(formData);
  const read = readOffer(fields);
  const fail = (field: string, message: string, status = 400) =>
    data({ refused: null, errors: { [field]: [message] } as Record<string, string[]>, values: fields }, { status });
  if (!read.ok) return fail(read.field, read.message);
  try {
    await createPromo(vendor.vendorId, read.input);
  } catch (error) {
    const refused = refusalOf(error);
    return fail(refused.field ?? "code", refused.message, refused.status);
  }
  return redirectWithSuccess("/vendor/offers", `Your code ${read.input.code.toUpperCase()} is saved.`, { status: 303 });
}

const STATUS_LABEL = { live: "Live", paused: "Paused", ended: "Ended" } as const;

const EMPTY: OfferFields = {
  code: "",
  kind: "percent",
  off: "",
  starts: "",
  ends: "",
  max_uses: "100",
  per_customer: "1",
  min_spend: "",
  new_only: false,
  services: [],
};

export default function VendorOffers() {
  const { promos, services, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = actionData?.errors ?? null;
  const v = actionData?.values ?? EMPTY;
  // A new key after each answer, so the form shows what was sent (without JavaScript the page is new anyway).
  const formKey = JSON.stringify(v);
  const err = (name: string) => ({
    "aria-invalid": errors?.[name] ? true : undefined,
    "aria-describedby": errors?.[name] ? `offer-${name}-error` : undefined,
  });
  return (
    <div className="dash-page">
      <h1>Promo codes</h1>
      <p className="muted">
        A code your customers type at Book Now takes a percent or an amount off the service&rsquo;s price (not the materials). You fund the discount: the
        customer pays less, and your share and Glow&rsquo;s fee are worked out on what they pay. One code per booking.
      </p>
      {actionData?.refused ? (
        <p className="notice notice--error" role="alert">
          {actionData.refused}
        </p>
      ) : null}
      <Form method="post" className="card form" key={formKey} aria-labelledby="new-offer-title">
        <h2 id="new-offer-title" className="card__title">
          New code
        </h2>
        <ErrorSummary errors={errors} />
        <input type="hidden" name="intent" value="create" />
        <Field
          label="Code"
          inputProps={{ id: "offer-code", name: "code", defaultValue: v.code, maxLength: 20, autoCapitalize: "characters", autoComplete: "off" }}
          hint="3 to 20 letters and digits, e.g. GLOW10. Customers can type it in any case."
          errors={errors?.code}
        />
        <fieldset className="field">
          <legend className="field__label">Discount</legend>
          <label className="checkbox">
            <input type="radio" name="kind" value="percent" defaultChecked={v.kind !== "amount"} /> Percent off
          </label>
          <label className="checkbox">
            <input type="radio" name="kind" value="amount" defaultChecked={v.kind === "amount"} /> Naira off
          </label>
          <label htmlFor="offer-off" className="field__label">
            How much off (percent or naira)
          </label>
          <input id="offer-off" name="off" className="input" inputMode="numeric" defaultValue={v.off} maxLength={12} {...err("off")} />
          <ErrorList id="offer-off-error" errors={errors?.off} />
        </fieldset>
        <DayField label="First day" name="starts" today={today} days={30} placeholder="today" defaultValue={v.starts} errors={errors?.starts} />
        <DayField
          label="Last day"
          name="ends"
          today={today}
          days={60}
          placeholder="Last day"
          defaultValue={v.ends}
          errors={errors?.ends}
          hint="Bookings made up to the end of this day (Lagos time) can use it."
        />
        <Field
          label="Total uses"
          inputProps={{ id: "offer-max_uses", name: "max_uses", inputMode: "numeric", defaultValue: v.max_uses, maxLength: 7 }}
          errors={errors?.max_uses}
        />
        <Field
          label="Uses per customer"
          inputProps={{ id: "offer-per_customer", name: "per_customer", inputMode: "numeric", defaultValue: v.per_customer, maxLength: 7 }}
          errors={errors?.per_customer}
        />
        <Field
          label="Minimum spend (naira, optional)"
          inputProps={{ id: "offer-min_spend", name: "min_spend", inputMode: "numeric", defaultValue: v.min_spend, maxLength: 12 }}
          hint="The booking’s total before the discount, materials included."
          errors={errors?.min_spend}
        />
        <label className="checkbox">
          <input type="checkbox" name="new_only" defaultChecked={v.new_only} /> New customers only (no completed or paid visit with you before)
        </label>
        {services.length > 0 ? (
          <fieldset className="field">
            <legend className="field__label">Only for these services (optional: none chosen means all)</legend>
            {services.map((s) => (
              <label key={s.id} className="checkbox">
                <input type="checkbox" name="services" value={s.id} defaultChecked={v.services.includes(String(s.id))} /> {s.title}
              </label>
            ))}
            <ErrorList id="offer-services-error" errors={errors?.services} />
          </fieldset>
        ) : null}
        <button type="submit" className="btn btn--primary">
          Create code
        </button>
      </Form>
      <section className="card" aria-labelledby="codes-title">
        <h2 id="codes-title" className="card__title">
          Your codes
        </h2>
        {promos.length === 0 ? (
          <p className="muted">No code yet.</p>
        ) : (
          <div className="table-wrap">
            <table className="table table--stack">
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Discount</th>
                  <th scope="col">Dates</th>
                  <th scope="col">Uses</th>
                  <th scope="col">Conditions</th>
                  <th scope="col">Given</th>
                  <th scope="col">Status</th>
                  <th scope="col">Change</th>
                </tr>
              </thead>
              <tbody>
                {promos.map((p) => (
                  <tr key={p.id}>
                    <td data-label="Code">
                      <strong>{p.code}</strong>
                    </td>
                    <td data-label="Discount">{promoOffText(p)}</td>
                    <td data-label="Dates">
                      {formatDay(p.startsOn)} to {formatDay(p.endsOn)}
                    </td>
                    <td data-label="Uses">
                      {p.usesTaken} of {p.maxUses} ({p.maxUsesPerCustomer} per customer)
                    </td>
                    <td data-label="Conditions">
                      {[
                        p.newCustomersOnly ? "New customers only" : null,
                        p.minSpendKobo > 0 ? `Spend at least ${formatNaira(p.minSpendKobo)}` : null,
                        p.services.length > 0 ? `Only ${p.services.join(", ")}` : null,
                      ]
                        .filter(Boolean)
                        .join("; ") || "None"}
                    </td>
                    <td data-label="Given">{formatNaira(p.discountKobo)}</td>
                    <td data-label="Status">{STATUS_LABEL[p.status]}</td>
                    <td data-label="Change">
                      {p.status === "ended" ? (
                        "—"
                      ) : (
                        <Form method="post" className="offer-actions">
                          <input type="hidden" name="promo" value={p.id} />
                          {p.status === "live" ? (
                            <button type="submit" name="intent" value="pause" className="btn btn--outline btn--small" aria-label={`Pause ${p.code}`}>
                              Pause
                            </button>
                          ) : (
                            <button type="submit" name="intent" value="resume" className="btn btn--outline btn--small" aria-label={`Resume ${p.code}`}>
                              Resume
                            </button>
                          )}{" "}
                          <button type="submit" name="intent" value="end" className="btn btn--outline btn--small" aria-label={`End ${p.code}`}>
                            End
                          </button>
                        </Form>
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

/** A labelled day field of the form (Lagos days, "today" and "Dec 1, 2026" both read), its hint and error tied to it. */
function DayField({
  label,
  name,
  hint,
  errors,
  ...input
}: { label: string; name: "starts" | "ends"; hint?: string; errors?: string[] } & Pick<
  ComponentProps<typeof DayInput>,
  "today" | "days" | "placeholder" | "defaultValue"
>) {
  const id = `offer-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, errors ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <DayInput id={id} name={name} {...input} aria-invalid={errors ? true : undefined} aria-describedby={describedBy || undefined} />
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
