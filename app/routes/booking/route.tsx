import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { bookingStyles as styles, quote, StepHeader, SummaryLines, VisitFacts } from "~/components/booking-pages";
import { DayInput, GeneralErrorBoundary, MemberPicker } from "~/components/common";
import { ErrorList, ErrorSummary, useHydrated } from "~/components/forms";
import { controlProps, fieldIds, formProps, useLoadOnFirstUse, type LiveForm } from "~/components/live-form";
import { formatNaira } from "~/utils/money";
import { assertSameOrigin, invariantResponse, readForm, retryAfterHeaders } from "~/utils/http.server";
import { bookingsPaused, createHold, findBookableService, locationFor, pricedFor, readChoice } from "~/models/booking/hold.server";
import { bookingConstraint, MAX_ROW_ID, validateBooking } from "~/routes/booking/validate.server";
import { bookingDates } from "~/routes/booking/dates.server";
import { getProfile } from "~/models/accounts/profile.server";
import { randomToken } from "~/utils/random.server";
import { readBookingDay } from "~/models/schedule/slots.server";
import { refusalOf } from "~/http/refusal.server";
import { MEMBER_NOT_OFFERED, readMemberInput } from "~/models/team/member-input.server";
import { requireUser } from "~/http/session.server";
import { AREA_NAMES, readArea } from "~/models/catalogue/places.server";
import { VendorPicture } from "~/components/vendor-picture";
import { clientIp } from "~/utils/client-ip.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { giftsOfForm, sentGiftCodes, type AppliedGift } from "./gifts.server";
import { coverBooking } from "~/models/redemption/redeem-rules";
import { afterPromo, promoDiscount } from "~/models/promos/promo-rules";
import { promoOfForm, sentPromoCode, type AppliedPromo } from "./promo.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

// Gift codes count against the address (models/gifts/voucher.server.ts): past the limit, the 429 says when to retry.
export const headers = retryAfterHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Book ${data.service.title} · Glow` : "Booking · Glow" }];

const MAX_MATERIAL_PARAMS = 30;

// GET /booking?service=ID&date=yyyy-MM-dd&time=HH (step 1 of 2). `date` also reads "tomorrow" and "Nov 21, 2026".
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const serviceId = Number(url.searchParams.get("service"));
  invariantResponse(Number.isSafeInteger(serviceId) && serviceId > 0 && serviceId <= MAX_ROW_ID, "Please choose a service to book first.", 400);
  const service = await findBookableService(serviceId);
  invariantResponse(service, "This service is not available for booking.", 404);
  invariantResponse(!service.vendor.suspended, bookingsPaused(service.vendor.businessName), 409);
  const choice = await readChoice(service, { date: url.searchParams.get("date"), time: url.searchParams.get("time"), member: url.searchParams.get("member") });
  const chosen = url.searchParams
    .getAll("m")
    .slice(0, MAX_MATERIAL_PARAMS)
    .map(Number)
    .filter((id) => Number.isSafeInteger(id));
  const wantsHome = url.searchParams.get("location") === "home";
  const account = await getProfile(user.id);
  // A named member's own price is what they charge; "anyone" pays the service's own (docs/domain.md, "The team").
  const member = choice.members.find((m) => m.id === choice.memberId) ?? null;
  return data(
    {
      service: pricedFor(service, member),
      // "Anyone" pays the service's own price, whoever is chosen on the page.
      anyonePriceKobo: service.priceKobo,
      choice,
      ...bookingDates(choice),
      constraint: bookingConstraint,
      dateInput: url.searchParams.get("date") ?? "",
      chosen: service.materials.filter((m) => !m.required && chosen.includes(m.id)).map((m) => m.id),
      location: locationFor(service.serviceType, wantsHome ? "home" : undefined),
      address: url.searchParams.get("address")?.slice(0, 200) ?? [account.address, account.city].filter(Boolean).join(", "),
      // A vendor who says how far they travel asks where a home visit is: the area the service page was told, if any.
      areas: service.serviceType !== "salon" && service.vendor.travelKm > 0 ? AREA_NAMES : [],
      area: readArea(url.searchParams.get("area") ?? url.searchParams.get("from")),
      ownService: service.vendor.userId === user.id,
      // A fresh token per render: the same form sent twice (a double click) makes one order.
      key: randomToken(18),
    },
    { status: choice.memberError ? 404 : 200 },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const formData = await readForm(request);
  const submission = validateBooking(formData);
  // "Apply" beside the gift code or the promo code: the same page, its total with the codes sent; nothing is booked
  // or reserved yet.
  const intent = formData.get("intent");
  if (intent === "gift" || intent === "promo") {
    const serviceId = Number(formData.get("service"));
    invariantResponse(Number.isSafeInteger(serviceId) && serviceId > 0 && serviceId <= MAX_ROW_ID, "Please choose a service to book first.", 400);
    const { gifts, refused: giftRefused } = await giftsOfForm(formData, clientIp(request), serviceId);
    const { promo, refused: promoRefused } = await promoOfForm(formData, user.id, serviceId);
    // The reply keeps what was sent (materials, address) but none of Book Now's errors: no time is needed to apply.
    const error: Record<string, string[] | null> = {
      ...(giftRefused ? { gift: [giftRefused.message] } : {}),
      ...(promoRefused ? { promo: [promoRefused.message] } : {}),
    };
    const refused = giftRefused ?? promoRefused;
    const result: SubmissionResult<string[]> = { ...submission.reply(), status: refused ? "error" : undefined, error };
    return data({ result, gifts, promo }, { status: refused?.status ?? 200, headers: refused?.headers });
  }
  const none = { gifts: [] as AppliedGift[], promo: null as AppliedPromo | null };
  if (submission.status !== "success") return data({ result: submission.reply(), ...none }, { status: 400 });
  const { service, date, time, m, location, address, area, key, member } = submission.value;
  const day = readBookingDay(date);
  if (!day.ok) return data({ result: submission.reply({ fieldErrors: { date: [day.message] } }), ...none }, { status: 400 });
  const memberId = readMemberInput(member);
  if (memberId === undefined) return data({ result: submission.reply({ fieldErrors: { member: [MEMBER_NOT_OFFERED] } }), ...none }, { status: 404 });
  try {
    const giftCodes = await sentGiftCodes(formData, clientIp(request));
    const { ref, paid } = await createHold({
      customerId: user.id,
      serviceId: service,
      day: day.day,
      hour: time,
      materialIds: m,
      idempotencyKey: key,
      location,
      address,
      area,
      memberId,
      giftCodes,
      promoCode: sentPromoCode(formData),
    });
    if (paid)
      return redirectWithSuccess(
        `/user/appointment?ref=${ref}`,
        giftCodes.length > 0 ? "Booked! Your gift covers all of it, so there is nothing to pay." : "Booked! Nothing is left to pay.",
        { status: 303 },
      );
    return redirect(`/payment?order=${ref}`, 303);
  } catch (error) {
    const refused = refusalOf(error);
    // The gifts that still apply stay applied beside any other refusal, so nobody types them again (the codes were
    // counted against the address by now, unless that limit is the refusal).
    const { gifts } = refused.code === "too-many" ? { gifts: [] as AppliedGift[] } : await giftsOfForm(formData, null, service);
    const { promo } = refused.field === "promo" ? { promo: null } : await promoOfForm(formData, user.id, service);
    return data(
      { result: submission.reply({ fieldErrors: { [refused.field ?? "time"]: [refused.message] } }), gifts, promo },
      { status: refused.status, headers: refused.headers },
    );
  }
}

type Choices = { service: { materials: { id: number; required: boolean }[] }; chosen: number[]; location: "salon" | "home"; address: string; area: string };

/**
 * What the form shows: the loader's choices, or after a refused Book Now the ones that were sent (conform's reply
 * carries them as `initialValue`). Without JavaScript the page is rendered anew, and the customer must see their
 * own address to fix it, not the saved one. An empty field is absent from `initialValue`, so it stays empty.
 */
function sentChoices(sent: Record<string, unknown> | null | undefined, page: Choices): Omit<Choices, "service"> {
  if (!sent) return page;
  const ids = [sent.m ?? []].flat().map(Number);
  return {
    chosen: page.service.materials.filter((m) => !m.required && ids.includes(m.id)).map((m) => m.id),
    location: sent.location === "home" || sent.location === "salon" ? sent.location : page.location,
    address: typeof sent.address === "string" ? sent.address : "",
    area: typeof sent.area === "string" ? sent.area : "",
  };
}

export default function BookingPage() {
  const page = useLoaderData<typeof loader>();
  const { service, choice, days, dayText, timeText, exampleDay, today, constraint, dateInput, ownService, key } = page;
  const actionData = useActionData<typeof action>();
  const { chosen, location, address, area } = sentChoices(actionData?.result.initialValue, page);
  const hydrated = useHydrated();
  const [picked, setPicked] = useState<number[]>(chosen);
  const [where, setWhere] = useState(location);
  // Conform, the schema and its zod adapter (about 41 KB gzip) load on the first use of the form, not with the
  // page (app/components/live-form.ts); until then the action's errors show as they are and the server validates.
  const validation = useLoadOnFirstUse("booking", () => import("./validate"));
  const [live, setLive] = useState<LiveForm | null>(null);
  const errors = live?.errors ?? actionData?.result.error;
  const control = (name: string, type: string) => controlProps("booking", name, type, constraint, errors);
  const addressIds = fieldIds("booking", "address");
  const areaIds = fieldIds("booking", "area");
  const { items, totalKobo } = quote(service, picked);
  // Gifts applied with "Apply": the server read their balances; what they cover follows the materials picked here,
  // by the rule the server applies again at Book Now.
  const gifts = actionData?.gifts ?? [];
  // A promo code comes off the service first; the gifts cover what is left (docs/decisions/036-promo-codes.md).
  const promo = actionData?.promo ?? null;
  const promoKobo = promo ? promoDiscount(items, promo) : 0;
  const coverage = coverBooking(afterPromo(items, promoKobo), gifts);
  const promoErrors = actionData?.result.error?.promo ?? undefined;
  const giftErrors = actionData?.result.error?.gift ?? undefined;
  const coveredWhole = (gifts.length > 0 || promoKobo > 0) && coverage.leftKobo === 0;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // "Apply" needs no time chosen yet: the live check of Book Now must not stop it.
    const intent = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value");
    if (intent === "gift" || intent === "promo") return;
    live?.onSubmit(event);
  };
  const params = (extra: Record<string, string>) => {
    const p = new URLSearchParams({ service: String(service.id), ...(choice.memberId !== null ? { member: String(choice.memberId) } : {}), ...extra });
    for (const id of picked) p.append("m", String(id));
    return `/booking?${p}`;
  };
  const timeErrors = [...(errors?.time ?? []), ...(choice.timeError && !errors?.time ? [choice.timeError] : [])];
  const canBook = timeText !== null && !ownService;

  return (
    <div className="container booking">
      <StepHeader step={1} title={`Book ${service.title}`} />
      <ErrorSummary errors={actionData?.result.error} />
      <div className="booking__grid">
        <div className="booking__main">
          <section className="card booking-service" aria-label="Service">
            <VendorPicture src={service.image} sizes="96px" width={96} height={96} className="booking-service__img" eager />
            <div>
              <h2 className="booking-service__title">{service.title}</h2>
              <p className="booking-service__meta">
                {service.vendor.businessName} · {service.vendor.area}, {service.vendor.city}
              </p>
              <p className="booking-service__meta">
                {service.categoryTitle} · {service.durationMin} min ·{" "}
                {service.listPriceKobo !== null ? (
                  <>
                    <s>{formatNaira(service.listPriceKobo)}</s> <strong>{formatNaira(service.priceKobo)}</strong>
                  </>
                ) : (
                  <strong>{formatNaira(service.priceKobo)}</strong>
                )}
              </p>
            </div>
          </section>

          <section className="card" aria-labelledby="when-title">
            <h2 id="when-title">Date and time</h2>
            <ul className="chips" aria-label="Next open days">
              {days.map(({ day, label, text }) => (
                <li key={day}>
                  <Link to={params({ date: day })} className="chip chip--day" aria-current={day === choice.day ? "true" : undefined}>
                    <span className="chip__small">{label}</span>
                    {text}
                  </Link>
                </li>
              ))}
            </ul>
            <Form method="get" className="date-form">
              <input type="hidden" name="service" value={service.id} />
              <MemberPicker members={choice.members} chosen={choice.memberId} servicePriceKobo={page.anyonePriceKobo} error={choice.memberError} />
              {picked.map((id) => (
                <input key={id} type="hidden" name="m" value={id} />
              ))}
              <div className="field">
                <label htmlFor="date-input" className="field__label">
                  Another date
                </label>
                <div className="date-form__row">
                  <DayInput
                    id="date-input"
                    today={today}
                    defaultValue={dayText ?? dateInput}
                    aria-describedby="date-hint"
                    aria-invalid={choice.dateError ? true : undefined}
                  />
                  <button type="submit" className="btn btn--outline">
                    Show times
                  </button>
                </div>
                <p id="date-hint" className="field__hint">
                  e.g. {exampleDay}, or type &lsquo;tomorrow&rsquo;
                </p>
                <ErrorList errors={[...(errors?.date ?? []), ...(choice.dateError ? [choice.dateError] : [])]} />
              </div>
            </Form>
            {choice.slots.length > 0 ? (
              <>
                <h3 className="booking__sub">Free times on {dayText}</h3>
                <ul className="chips" aria-label="Free times">
                  {choice.slots.map((slot) => (
                    <li key={slot.hour}>
                      <Link
                        to={params({ date: choice.day!, time: String(slot.hour) })}
                        className="chip"
                        aria-current={slot.hour === choice.hour ? "true" : undefined}
                        preventScrollReset
                      >
                        {slot.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            <ErrorList id="time-error" errors={timeErrors} />
          </section>

          <section className="card" aria-labelledby="about-title">
            <h2 id="about-title">Service description</h2>
            <p>{service.description}</p>
            <p className="booking__muted">{service.about}</p>
          </section>

          <section className="card" aria-labelledby="materials-title">
            <h2 id="materials-title">Materials</h2>
            {service.materials.length === 0 ? <p className="booking__muted">No materials needed: everything is included.</p> : null}
            <ul className="materials">
              {service.materials.map((m) => (
                <li key={m.id} className="materials__item">
                  <label className="check">
                    {m.required ? (
                      <input type="checkbox" checked disabled aria-describedby={`m-${m.id}-req`} />
                    ) : (
                      <input
                        {...control("m", "checkbox")}
                        key={m.id}
                        id={`m-${m.id}`}
                        value={m.id}
                        defaultChecked={chosen.includes(m.id)}
                        onChange={(e) => setPicked((list) => (e.target.checked ? [...list, m.id] : list.filter((id) => id !== m.id)))}
                      />
                    )}
                    <span className="check__text">{m.name}</span>
                    {m.required ? (
                      <span id={`m-${m.id}-req`} className="pill">
                        Required
                      </span>
                    ) : null}
                  </label>
                  <span className="materials__price">{formatNaira(m.priceKobo)}</span>
                </li>
              ))}
            </ul>
            {service.materials.some((m) => !m.required) && !hydrated ? (
              gifts.length > 0 || promo ? (
                // With gifts applied, the total is worked out again by "Apply", which keeps the codes out of the address.
                <button type="submit" form="booking" name="intent" value="gift" formNoValidate className="btn btn--outline">
                  Update total
                </button>
              ) : (
                <button type="submit" form="booking" formMethod="get" formAction="/booking" className="btn btn--outline" name="refresh" value="1">
                  Update total
                </button>
              )
            ) : null}
          </section>

          {service.serviceType === "both" || service.serviceType === "home" ? (
            <section className="card" aria-labelledby="where-title">
              <h2 id="where-title">Where</h2>
              {service.serviceType === "both" ? (
                <fieldset className="radios">
                  <legend className="visually-hidden">Where should the service happen?</legend>
                  {(["salon", "home"] as const).map((value) => (
                    <label key={value} className="check">
                      <input {...control("location", "radio")} key={value} value={value} defaultChecked={location === value} onChange={() => setWhere(value)} />
                      <span className="check__text">{value === "salon" ? `At the salon (${service.vendor.address})` : "Home service (at my address)"}</span>
                    </label>
                  ))}
                </fieldset>
              ) : (
                <p>This is a home service: the stylist comes to you.</p>
              )}
              <div className="field">
                <label htmlFor={addressIds.id} className="field__label">
                  Address for home service{service.serviceType === "home" ? " *" : ""}
                </label>
                {/* A home-only service always needs it: the browser says so before sending, as the server does after. */}
                <input
                  {...control("address", "text")}
                  key="address"
                  className="input"
                  defaultValue={address}
                  autoComplete="street-address"
                  required={service.serviceType === "home" || (hydrated && where === "home") || undefined}
                />
                <p className="field__hint">
                  {where === "home" || service.serviceType === "home" ? "The stylist comes here." : "Only needed if you choose home service."}
                </p>
                <ErrorList id={addressIds.errorId} errors={errors?.address} />
              </div>
              {page.areas.length > 0 ? (
                <div className="field">
                  <label htmlFor={areaIds.id} className="field__label">
                    Your area (home service){service.serviceType === "home" ? " *" : ""}
                  </label>
                  <select
                    id={areaIds.id}
                    name="area"
                    form="booking"
                    aria-invalid={errors?.area ? true : undefined}
                    aria-describedby={errors?.area ? areaIds.errorId : undefined}
                    className="input"
                    defaultValue={area}
                    required={service.serviceType === "home" || (hydrated && where === "home") || undefined}
                  >
                    <option value="">Choose your area</option>
                    {page.areas.map((a) => (
                      <option key={a} value={a}>
                        {a}
                      </option>
                    ))}
                  </select>
                  <p className="field__hint">
                    {service.vendor.businessName} travels up to {service.vendor.travelKm} km from {service.vendor.area} for home service.
                  </p>
                  <ErrorList id={areaIds.errorId} errors={errors?.area} />
                </div>
              ) : null}
            </section>
          ) : null}
        </div>

        <aside className="card booking__summary" aria-labelledby="summary-title">
          <h2 id="summary-title">Summary</h2>
          <VisitFacts date={dayText ?? "Choose a date"} time={timeText ?? "Pick a time"} />
          <SummaryLines items={items} totalKobo={totalKobo} live />
          {gifts.length > 0 || promo ? (
            <div className="summary summary--gifts">
              {promo ? (
                <ul className="summary__lines" aria-label="Promo code applied">
                  <li>
                    <span>Promo {promo.code}</span>
                    <span>&minus;{formatNaira(promoKobo)}</span>
                  </li>
                </ul>
              ) : null}
              {gifts.length > 0 ? (
                <ul className="summary__lines" aria-label="Gifts applied">
                  {gifts.map((g) => (
                    <li key={g.code}>
                      <span>{g.label}</span>
                      <span>&minus;{formatNaira(coverage.covers.find((c) => c.id === g.id)?.amountKobo ?? 0)}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
              <p className="summary__total">
                <span>Left to pay</span>
                <strong aria-live="polite">{formatNaira(coverage.leftKobo)}</strong>
              </p>
            </div>
          ) : null}
          <CodeField
            name="gift"
            label="Gift card or voucher code"
            applyLabel="Apply gift code"
            inputKey={gifts.map((g) => g.code).join()}
            maxLength={40}
            errors={giftErrors}
            hint={`A gift from ${service.vendor.businessName} pays what it covers; you pay the rest.`}
          />
          <CodeField
            name="promo"
            label="Promo code"
            applyLabel="Apply promo code"
            inputKey={promo?.code ?? ""}
            defaultValue={promo?.code ?? ""}
            maxLength={20}
            errors={promoErrors}
            hint={`One code per booking, off the service’s price${promo ? ` (${promo.code} is applied; clear it and Apply to remove it)` : ""}.`}
          />
          <Form method="post" {...formProps("booking", errors, live)} onSubmit={onSubmit} className="booking__book">
            {gifts.map((g) => (
              <input key={g.code} type="hidden" name="gift" value={g.code} />
            ))}
            <input type="hidden" name="service" value={service.id} />
            <input type="hidden" name="date" value={choice.day ?? ""} />
            <input type="hidden" name="time" value={choice.hour ?? ""} />
            <input type="hidden" name="key" value={key} />
            {choice.memberId !== null ? <input type="hidden" name="member" value={choice.memberId} /> : null}
            <ErrorList id={fieldIds("booking").errorId} errors={errors?.[""]} />
            <button type="submit" className="btn btn--primary btn--block" disabled={!canBook}>
              Book Now
            </button>
            <p className="field__hint">
              {ownService
                ? "This is your own service."
                : canBook
                  ? coveredWhole
                    ? gifts.length > 0
                      ? "Your gifts cover all of it: Book Now books it, with nothing to pay."
                      : "Nothing is left to pay: Book Now books it."
                    : "We hold this time for you for 30 minutes while you choose how to pay."
                  : "Pick a date and a free time first."}
            </p>
          </Form>
        </aside>
      </div>
      {validation ? <validation.BookingValidation lastResult={actionData?.result} constraint={constraint} onChange={setLive} /> : null}
    </div>
  );
}

/**
 * A code field of Book Now (a gift's or a promo's): it belongs to the booking form (`form="booking"`), and its Apply
 * re-renders the page with the code checked, without JavaScript too. `inputKey` empties the field once a code is taken.
 */
function CodeField(props: {
  name: "gift" | "promo";
  label: string;
  applyLabel: string;
  inputKey: string;
  defaultValue?: string;
  maxLength: number;
  errors: string[] | undefined;
  hint: string;
}) {
  const ids = fieldIds("booking", props.name);
  const hintId = `${props.name}-hint`;
  return (
    <div className="field gift-field">
      <label htmlFor={ids.id} className="field__label">
        {props.label}
      </label>
      <div className="date-form__row">
        <input
          key={props.inputKey}
          id={ids.id}
          name={props.name}
          form="booking"
          className="input"
          defaultValue={props.defaultValue}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={props.maxLength}
          aria-invalid={props.errors ? true : undefined}
          aria-describedby={props.errors ? `${ids.errorId} ${hintId}` : hintId}
        />
        <button type="submit" form="booking" name="intent" value={props.name} formNoValidate className="btn btn--outline" aria-label={props.applyLabel}>
          Apply
        </button>
      </div>
      <p id={hintId} className="field__hint">
        {props.hint}
      </p>
      <ErrorList id={ids.errorId} errors={props.errors} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
