import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { bookingStyles } from "~/components/booking-pages";
import { DayInput, GeneralErrorBoundary } from "~/components/common";
import { ErrorList, ErrorSummary } from "~/components/forms";
import { refusalOf } from "~/http/refusal.server";
import { requireVendor } from "~/http/session.server";
import { listClients } from "~/models/clients/client-records.server";
import { bookForClient, salonBookingChoices, salonBookingSummary, salonFreeTimes, whatsappText } from "~/models/clients/salon-booking.server";
import { parseHourInput } from "~/models/schedule/slots.server";
import clientStyles from "~/styles/clients.css";
import { parseDayInput } from "~/utils/day-input.server";
import { assertSameOrigin, readForm } from "~/utils/http.server";
import { formatNaira } from "~/utils/money";
import { displayPhone } from "~/utils/phone";
import { randomToken } from "~/utils/random.server";
import { formatDate, formatDay, formatTime, hourLabel, lagosToday } from "~/utils/time";
import { redirectWithSuccess } from "~/utils/toast.server";
import { whatsappChatUrl, whatsappShareUrl } from "~/utils/whatsapp-links";
import { bookerOf, clientChoice, forbiddenMember, readQueryId } from "~/http/salon-booker.server";
import { NOTE_MAX, SalonBookingSchema } from "./schema";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: bookingStyles },
  { rel: "stylesheet", href: clientStyles },
];

export const meta: MetaFunction = () => [{ title: "New appointment · Vendor · Glow" }];

// GET /vendor/appointment/new: the salon books a client itself (a phone call, a WhatsApp message, a walk-in). Every
// step is a link or a GET form (member, service and day; the client search), then one POST books it; the calendar
// and "Book next visit" link here with member, service, date, time and client already chosen. A stylist books
// themselves only (another member is 403). docs/domain.md, "Clients".
export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "own-day");
  const booker = bookerOf(vendor);
  const params = new URL(request.url).searchParams;
  const now = new Date();
  const today = lagosToday(now);
  const bookedRef = params.get("booked");
  if (bookedRef) {
    const booked = await salonBookingSummary(booker, bookedRef.slice(0, 20));
    if (!booked) throw new Response("We couldn't find that appointment.", { status: 404 });
    return data({ booked, whatsapp: booked.payAtVisit ? null : whatsappText({ ...booked, businessName: "", serviceTitle: booked.service }) } as const);
  }

  const { members } = await salonBookingChoices(booker);
  const problems: string[] = [];
  const wantedMember = readQueryId(params.get("member"));
  if (wantedMember !== null && !members.some((m) => m.id === wantedMember)) {
    if (!booker.anyMember) throw forbiddenMember();
    problems.push("That team member can't be booked. Please choose one from the list.");
  }
  const member = members.find((m) => m.id === wantedMember) ?? members.find((m) => m.id === booker.memberId) ?? members[0] ?? null;
  const wantedService = readQueryId(params.get("service"));
  const service = member?.services.find((s) => s.id === wantedService) ?? null;
  if (params.has("service") && !service) problems.push(`${member?.name ?? "This member"} doesn't do that service. Please choose one from the list.`);
  const dateInput = params.get("date")?.slice(0, 40) ?? "";
  const day = dateInput ? parseDayInput(dateInput, now) : today;
  if (!day) problems.push("Date input not valid.");
  else if (day < today) problems.push("Please choose today or a later date.");
  const timeInput = params.get("time")?.slice(0, 10) ?? "";
  const hour = timeInput ? parseHourInput(timeInput) : null;

  let times: { slots: { hour: number; startsAt: string }[]; walkIn: boolean; reason: string | null } | null = null;
  if (member && service && day && day >= today) {
    const free = await salonFreeTimes(booker, { serviceId: service.id, memberId: member.id, day }, now);
    times = { slots: free.slots.map((s) => ({ hour: s.hour, startsAt: s.startsAt })), walkIn: free.walkIn, reason: free.reason };
    if (timeInput && (hour === null || !free.slots.some((s) => s.hour === hour))) problems.push("That time isn't free. Please pick one of the free times.");
  }

  const q = params.get("q")?.trim().slice(0, 60) ?? "";
  const scope = { vendorId: booker.vendorId, memberId: booker.anyMember ? null : booker.memberId };
  const found = q ? (await listClients(scope, q, now)).clients.slice(0, 10).map((c) => ({ id: c.id, name: c.name, phone: c.phone })) : [];
  const chosen = await clientChoice(booker, readQueryId(params.get("client")));
  if (params.has("client") && !chosen) problems.push("We couldn't find that client. Please search again.");
  const clients = chosen && !found.some((c) => c.id === chosen.id) ? [chosen, ...found] : found;

  return data(
    {
      booked: null,
      whatsapp: null,
      members: members.map((m) => ({ id: m.id, name: m.name, services: m.services })),
      memberId: member?.id ?? null,
      serviceId: service?.id ?? null,
      day: day ?? today,
      today,
      hour: times?.slots.some((s) => s.hour === hour) ? hour : null,
      times,
      q,
      clients,
      chosenClient: chosen?.id ?? null,
      anyMember: booker.anyMember,
      key: randomToken(16),
      problems,
    } as const,
    { status: problems.length ? 400 : 200 },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const vendor = await requireVendor(request, "own-day");
  const booker = bookerOf(vendor);
  const formData = await readForm(request);
  // Who may book whom comes before the form's checks: a stylist naming another member is refused whatever else it sends.
  const named = readQueryId(typeof formData.get("member") === "string" ? String(formData.get("member")) : null);
  if (!booker.anyMember && named !== null && named !== booker.memberId) throw forbiddenMember();
  const submission = parseWithZod(formData, { schema: SalonBookingSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  if (!booker.anyMember && v.member !== booker.memberId) throw forbiddenMember();
  const fail = (message: string, status: number) => data({ result: submission.reply({ formErrors: [message] }) }, { status });
  const now = new Date();
  const day = parseDayInput(v.date, now);
  if (!day) return fail("Date input not valid.", 400);
  const time = v.time === "now" ? ("now" as const) : parseHourInput(v.time);
  if (time === null) return fail("Choose one of the free times", 400);
  if (v.client_mode === "existing" && !(await clientChoice(booker, v.client))) return fail("We couldn't find that client. Please search again.", 404);
  try {
    const booking = await bookForClient(
      booker,
      {
        serviceId: v.service,
        memberId: v.member,
        day,
        time,
        client:
          v.client_mode === "existing" ? { userId: v.client } : { firstName: v.first_name, lastName: v.last_name, phone: v.phone, email: v.email ?? null },
        payment: v.payment,
        note: v.note ?? null,
        idempotencyKey: v.key,
      },
      now,
    );
    const told =
      v.payment === "link" ? (booking.emailedTo ? ` We e-mailed the payment link to ${booking.emailedTo}.` : " Send the client the payment link below.") : "";
    return redirectWithSuccess(
      `/vendor/appointment/new?booked=${booking.ref}`,
      `Booked: ${booking.serviceTitle}, ${formatDate(booking.startsAt)} at ${formatTime(booking.startsAt)}.${told}`,
      {
        status: 303,
      },
    );
  } catch (error) {
    const refused = refusalOf(error);
    return fail(refused.message, refused.status);
  }
}

type Page = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { booked: object }>;

function Booked({ booked, whatsapp }: { booked: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["booked"]>; whatsapp: string | null }) {
  return (
    <section className="card salon-booked" aria-labelledby="booked-title">
      <h2 id="booked-title" className="card__title">
        Booked: {booked.service}
      </h2>
      <p>
        {booked.clientName}, {formatDate(booked.startsAt)} at {formatTime(booked.startsAt)}
        {booked.member ? ` with ${booked.member}` : ""} · {formatNaira(booked.totalKobo)} · {booked.ref}
      </p>
      {booked.payAtVisit ? (
        <p>The client pays at the visit.</p>
      ) : booked.paid ? (
        <p>Paid. Thank you!</p>
      ) : (
        <>
          <p>
            {booked.emailedTo ? `We e-mailed the payment link to ${booked.emailedTo}. ` : ""}
            Anyone can pay with this link:
          </p>
          <p className="salon-booked__link">
            <a href={booked.payUrl}>{booked.payUrl}</a>
          </p>
          {whatsapp ? (
            <p>
              <a
                className="btn btn--primary"
                href={booked.phone ? whatsappChatUrl(booked.phone, whatsapp) : whatsappShareUrl(whatsapp)}
                target="_blank"
                rel="noopener noreferrer"
              >
                Send the link on WhatsApp
              </a>
            </p>
          ) : null}
        </>
      )}
      <p className="salon-booked__next">
        <Link to={`/vendor/clients/${booked.clientId}`}>Open the client&apos;s record</Link>
        <Link to="/vendor/appointment/new">Book another</Link>
      </p>
    </section>
  );
}

function Choose({ page }: { page: Page }) {
  const member = page.members.find((m) => m.id === page.memberId);
  return (
    <Form method="get" className="card salon-form__step" aria-labelledby="step-when">
      <h2 id="step-when" className="card__title">
        Who, what and when
      </h2>
      {page.members.length > 1 ? (
        <label className="field">
          <span className="field__label">Team member</span>
          <select name="member" className="input" defaultValue={page.memberId ?? undefined}>
            {page.members.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
      ) : page.memberId ? (
        <input type="hidden" name="member" value={page.memberId} />
      ) : null}
      <label className="field">
        <span className="field__label">Service</span>
        <select name="service" className="input" defaultValue={page.serviceId ?? ""}>
          <option value="" disabled>
            Choose a service
          </option>
          {member?.services.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title} · {formatNaira(s.priceKobo)} · {s.durationMin} min
            </option>
          ))}
        </select>
      </label>
      <div className="field">
        <label htmlFor="new-date" className="field__label">
          Date
        </label>
        <DayInput id="new-date" today={page.today} defaultValue={formatDay(page.day)} key={page.day} required />
      </div>
      {page.q ? <input type="hidden" name="q" value={page.q} /> : null}
      {page.chosenClient ? <input type="hidden" name="client" value={page.chosenClient} /> : null}
      <button type="submit" className="btn btn--outline">
        Show free times
      </button>
    </Form>
  );
}

function ClientSearch({ page }: { page: Page }) {
  return (
    <Form method="get" className="salon-form__search" role="search" aria-label="Find a client">
      {page.memberId ? <input type="hidden" name="member" value={page.memberId} /> : null}
      {page.serviceId ? <input type="hidden" name="service" value={page.serviceId} /> : null}
      <input type="hidden" name="date" value={page.day} />
      <label className="field">
        <span className="field__label">Find a client by name or phone</span>
        <input type="search" name="q" className="input" defaultValue={page.q} maxLength={60} />
      </label>
      <button type="submit" className="btn btn--outline">
        Search
      </button>
    </Form>
  );
}

export default function NewAppointment() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errors = answer?.result.error ?? null;
  const fieldErrors = (name: string) => errors?.[name] ?? null;
  if (page.booked) {
    return (
      <div className="booking salon-form">
        <header className="vendor-appointments__head">
          <h1>New appointment</h1>
        </header>
        <Booked booked={page.booked} whatsapp={page.whatsapp} />
      </div>
    );
  }
  const p = page as Page;
  const hasExisting = p.clients.length > 0;
  return (
    <div className="booking salon-form">
      <header className="vendor-appointments__head">
        <h1>New appointment</h1>
        <p className="dash-sub">
          A phone call, a WhatsApp message or a walk-in: book it here, into the same free times as online bookings.
          {p.anyMember ? null : " You can book yourself only."}
        </p>
      </header>
      {p.problems.length ? (
        <div className="notice notice--error" role="alert">
          {p.problems.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      ) : null}
      <Choose page={p} />
      {p.times && p.memberId && p.serviceId ? (
        <section className="card salon-form__step" aria-labelledby="step-client">
          <h2 id="step-client" className="card__title">
            Time, client and payment
          </h2>
          <ClientSearch page={p} />
          <Form method="post" className="salon-form__book">
            <ErrorSummary errors={errors} />
            <input type="hidden" name="member" value={p.memberId} />
            <input type="hidden" name="service" value={p.serviceId} />
            <input type="hidden" name="date" value={p.day} />
            <input type="hidden" name="key" value={p.key} />
            <fieldset className="radios">
              <legend className="field__label">Time on {formatDay(p.day)}</legend>
              {p.times.slots.length === 0 && !p.times.walkIn ? <p className="booking__muted">{p.times.reason ?? "No free times on this day."}</p> : null}
              <div className="chips">
                {p.times.walkIn ? (
                  <label className="chip chip--radio">
                    <input type="radio" name="time" value="now" defaultChecked={p.hour === null} required />
                    Now (walk-in)
                  </label>
                ) : null}
                {p.times.slots.map((s) => (
                  <label key={s.hour} className="chip chip--radio">
                    <input type="radio" name="time" value={String(s.hour)} defaultChecked={p.hour === s.hour} required />
                    {hourLabel(s.hour)}
                  </label>
                ))}
              </div>
              <ErrorList errors={fieldErrors("time")} />
            </fieldset>

            <fieldset className="radios">
              <legend className="field__label">Client</legend>
              {hasExisting ? (
                <label className="choice-card">
                  <input type="radio" name="client_mode" value="existing" defaultChecked />
                  <span>An existing client</span>
                </label>
              ) : null}
              {p.clients.map((c) => (
                <label key={c.id} className="choice-card salon-form__client">
                  <input type="radio" name="client" value={c.id} defaultChecked={c.id === p.chosenClient || p.clients.length === 1} />
                  <span>
                    {c.name}
                    {c.phone ? <span className="booking__muted"> · {c.phone.startsWith("•") ? c.phone : displayPhone(c.phone)}</span> : null}
                  </span>
                </label>
              ))}
              {p.q && p.clients.length === 0 ? <p className="booking__muted">No client matches &ldquo;{p.q}&rdquo;. Add them as a new client.</p> : null}
              <label className="choice-card">
                <input type="radio" name="client_mode" value="new" defaultChecked={!hasExisting} />
                <span>A new client</span>
              </label>
              <div className="salon-form__new">
                <label className="field">
                  <span className="field__label">First name</span>
                  <input name="first_name" className="input" maxLength={50} autoComplete="off" />
                  <ErrorList errors={fieldErrors("first_name")} />
                </label>
                <label className="field">
                  <span className="field__label">Last name</span>
                  <input name="last_name" className="input" maxLength={50} autoComplete="off" />
                  <ErrorList errors={fieldErrors("last_name")} />
                </label>
                <label className="field">
                  <span className="field__label">Phone</span>
                  <input name="phone" type="tel" className="input" maxLength={25} autoComplete="off" placeholder="0803 123 4567" />
                  <ErrorList errors={fieldErrors("phone")} />
                </label>
                <label className="field">
                  <span className="field__label">E-mail (optional)</span>
                  <input name="email" type="email" className="input" maxLength={254} autoComplete="off" />
                  <ErrorList errors={fieldErrors("email")} />
                </label>
              </div>
              <ErrorList errors={fieldErrors("client")} />
            </fieldset>

            <fieldset className="radios">
              <legend className="field__label">Payment</legend>
              <label className="choice-card">
                <input type="radio" name="payment" value="visit" defaultChecked />
                <span>Pay at the visit</span>
              </label>
              <label className="choice-card">
                <input type="radio" name="payment" value="link" />
                <span>Send the payment link (by e-mail, and a WhatsApp link for you to send)</span>
              </label>
            </fieldset>
            <label className="field">
              <span className="field__label">Note for the appointment (optional)</span>
              <input name="note" className="input" maxLength={NOTE_MAX} />
              <ErrorList errors={fieldErrors("note")} />
            </label>
            <button type="submit" className="btn btn--primary">
              Book appointment
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
