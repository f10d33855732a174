import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  AccountNav,
  BOOKING_REF,
  bookingStyles as styles,
  CUSTOMER_STATUS_LABEL,
  CUSTOMER_TABS,
  type CustomerTab,
  hasCalendarEntry,
  ShareLink,
  SummaryLines,
  VisitFacts,
} from "~/components/booking-pages";
import { GeneralErrorBoundary, PrevNext, PageProblems, ChatOnWhatsApp } from "~/components/common";
import { FormMessages } from "~/components/forms";
import { StatusPill } from "~/components/status-pill";
import { cancellationPolicy, isPayable, mayRefundToCredit } from "~/models/appointments/rules.server";
import { cancelByCustomer, rescheduleAppointment } from "~/models/appointments/transitions.server";
import { getCustomerAppointment, listCustomerAppointments } from "~/models/appointments/lists.server";
import { assertSameOrigin, readForm } from "~/utils/http.server";
import { getCreditBalance } from "~/models/money/auto-credit.server";
import { getEnv } from "~/utils/env.server";
import { mayReportProblem, problemOf, reportDeadline, reportProblem } from "~/models/appointments/problems.server";
import { hasStarted, isUpcoming, stylistOf } from "~/models/appointments/views";
import { customerPaymentLine } from "~/models/money/payment-labels";
import { listPageOutcome, readListPage } from "~/utils/query-params.server";
import { readBookingDay, rescheduleSlots } from "~/models/schedule/slots.server";
import { serviceMembers } from "~/models/catalogue/service-page.server";
import { MEMBER_NOT_OFFERED, readMemberInput } from "~/models/team/member-input.server";
import { refundSentence, refundsOf } from "~/models/money/refunds.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { refusalOf } from "~/http/refusal.server";
import { requireUser } from "~/http/session.server";
import { ownReview, saveReview } from "~/models/reviews/reviews.server";
import { ReportProblem } from "~/components/report-problem";
import { formatNaira } from "~/utils/money";
import { formatDate, formatTime, lagosToday } from "~/utils/time";
import { AppointmentActionSchema } from "./schema";
import { CancelPanel, type RescheduleChoice, ReschedulePanel } from "./change-panels";
import { ReviewBox } from "./review-box";
import { VendorPicture } from "~/components/vendor-picture";
import { auditRequest } from "~/http/audit.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "My appointments · Glow" }];

/** The note shown with every appointment. */
const IMPORTANT_NOTE = "A voucher is valid for 3 months and spa services are non-refundable.";

// GET /user/appointment?tab=upcoming|past&ref=GLW-XXXXXX&rdate=...: the customer's lists and one detail.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const tab: CustomerTab = url.searchParams.get("tab") === "past" ? "past" : "upcoming";
  const read = readListPage(url.searchParams);
  const { page } = read;
  const ref = url.searchParams.get("ref");
  const list = await listCustomerAppointments(user.id, tab, page);
  const wanted = ref && BOOKING_REF.test(ref) ? ref : (list.rows[0]?.ref ?? null);
  const detail = wanted ? await getCustomerAppointment(user.id, wanted) : undefined;

  let reschedule: RescheduleChoice | null = null;
  const rdate = url.searchParams.get("rdate");
  if (detail && rdate !== null) {
    // Who does it: the same member unless the customer picks another who may be booked for the service.
    const members = detail.status === "requested" || detail.status === "confirmed" ? await serviceMembers(detail.service_id) : [];
    const wanted = readMemberInput(url.searchParams.get("rmember"));
    const memberId = typeof wanted === "number" && members.some((m) => m.id === wanted) ? wanted : (detail.member_id ?? null);
    // A team of one (or a service only one member does) offers no choice.
    const who = members.length > 1 ? { members, memberId } : {};
    const read = readBookingDay(rdate);
    if (!read.ok) reschedule = { day: null, error: read.message, slots: [], ...who };
    else {
      const slots = await rescheduleSlots(
        { id: detail.id, vendorId: detail.vendor_id, memberId: memberId ?? undefined, durationMin: detail.duration_min, startsAt: detail.starts_at },
        read.day,
      );
      const others = slots.map((s) => ({ hour: s.hour, label: s.label }));
      reschedule = { day: read.day, error: others.length ? null : "No free times on this day. Please choose another day.", slots: others, ...who };
    }
  }

  const review = detail && detail.status === "completed" ? await ownReview(user.id, detail.id) : null;
  const problem = detail ? await problemOf(detail.id) : null;
  const missing = Boolean(ref) && !detail;
  // What the page shows either way; the status says what was wrong with the address: a booking that is not the
  // customer's (404), or a page number or reschedule day that is not one (400).
  const { problems, status: listStatus } = listPageOutcome(read, list.rows.length);
  const status = missing ? 404 : listStatus !== 200 ? listStatus : reschedule?.day === null ? 400 : 200;

  return data(
    {
      tab,
      page,
      problems,
      list,
      review,
      missing,
      balanceKobo: await getCreditBalance(user.id),
      detail: detail
        ? {
            ref: detail.ref,
            status: detail.status,
            statusLabel: CUSTOMER_STATUS_LABEL[detail.status],
            calendar: hasCalendarEntry(detail.status),
            serviceTitle: detail.service_title,
            image: detail.image,
            businessName: detail.business_name,
            stylist: stylistOf(detail),
            vendorWhatsapp: detail.vendor_whatsapp,
            place: detail.location_type === "home" ? `Home service: ${detail.location_address ?? ""}` : detail.address,
            startsAt: detail.starts_at,
            payment: customerPaymentLine(detail),
            comment: detail.comment,
            reason: detail.status_reason,
            items: detail.items,
            totalKobo: detail.total_kobo,
            giftKobo: detail.gift_kobo,
            promoKobo: detail.promo_kobo,
            promoCode: detail.promo_code,
            upcoming: isUpcoming(detail),
            policy: cancellationPolicy(detail),
            mayChooseCredit: mayRefundToCredit(detail),
            refunds: (await refundsOf(detail.id)).map((r) => refundSentence(r)),
            answerBy: detail.status === "requested" && detail.answer_by ? detail.answer_by : null,
            problem: problem
              ? {
                  kind: problem.kind,
                  reason: problem.reason,
                  reportedAt: problem.reportedAt,
                  resolution: problem.resolution,
                  paid: detail.payment_status === "paid",
                }
              : null,
            reportBy: !problem && mayReportProblem(detail) ? reportDeadline(detail.ends_at) : null,
            reportKind: detail.status === "no_show" ? ("no_show_dispute" as const) : ("problem" as const),
            // Once the visit has begun, the rest is paid there: no link for someone else to pay.
            payLink: isPayable(detail) && !hasStarted(detail) ? `${getEnv().APP_URL}/pay/${detail.pay_token}` : null,
          }
        : null,
      reschedule,
      today: lagosToday(),
    },
    { status },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: AppointmentActionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  try {
    if (value.intent === "review") {
      const outcome = await saveReview(user.id, value.ref, { rating: value.rating, body: value.body });
      return redirectWithSuccess(
        `/user/appointment?tab=past&ref=${value.ref}#review`,
        outcome === "created" ? "Thank you! Your review is published." : "Your review is updated.",
        { status: 303 },
      );
    }
    if (value.intent === "report") {
      const { status } = await reportProblem(user.id, value.ref, value.reason);
      const thanks =
        status === "no_show"
          ? "Thank you. We've told the vendor that you dispute the no-show, and Glow will look into it."
          : "Thank you. We've told the vendor, and Glow will look into it.";
      return redirectWithSuccess(`/user/appointment?tab=past&ref=${value.ref}#problem`, thanks, { status: 303 });
    }
    if (value.intent === "cancel") {
      await cancelByCustomer(user.id, value.ref, new Date(), { refundToCredit: value.refundTo === "credit" });
      if (value.refundTo) {
        await auditRequest(request, {
          actor: user,
          action: "refund.choose",
          record: { type: "appointment", id: value.ref },
          detail: `Refund to ${value.refundTo}`,
        });
      }
      return redirectWithSuccess(`/user/appointment?ref=${value.ref}#detail`, "Your appointment is cancelled.", { status: 303 });
    }
    const day = readBookingDay(value.date);
    if (!day.ok) return data({ result: submission.reply({ formErrors: [day.message] }) }, { status: 400 });
    const memberId = readMemberInput(value.member);
    if (memberId === undefined) return data({ result: submission.reply({ formErrors: [MEMBER_NOT_OFFERED] }) }, { status: 404 });
    await rescheduleAppointment(user.id, value.ref, day.day, value.time, new Date(), { memberId });
    return redirectWithSuccess(`/user/appointment?ref=${value.ref}#detail`, "Reschedule sent: the vendor will confirm your new time.", { status: 303 });
  } catch (error) {
    const refused = refusalOf(error);
    return data({ result: submission.reply({ formErrors: [refused.message] }) }, { status: refused.status });
  }
}

// The schema's HTML constraints depend on nothing else: worked out once, not on every render.
const actionConstraint = getZodConstraint(AppointmentActionSchema);

export default function AppointmentsPage() {
  const { tab, page, problems, list, missing, balanceKobo, detail, reschedule, review, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form] = useForm({
    id: "appointment-action",
    lastResult: actionData?.result,
    constraint: actionConstraint,
    shouldValidate: "onBlur",
  });
  // A refused review shows its message inside the review form, where the person is looking.
  const reviewRefused = actionData?.result?.initialValue?.intent === "review";
  const reportRefused = actionData?.result?.initialValue?.intent === "report";
  const here = (extra: Record<string, string>) => `/user/appointment?${new URLSearchParams({ tab, ...extra })}`;

  return (
    <div className="container booking appointments">
      <AccountNav />
      <header className="booking-head appointments__head">
        <h1>My appointments</h1>
        <p className="booking__muted">
          AutoCredit balance: <strong>{formatNaira(balanceKobo)}</strong>
        </p>
      </header>
      <nav className="tabs" aria-label="Appointments">
        {CUSTOMER_TABS.map((t) => (
          <Link key={t.id} to={`/user/appointment?tab=${t.id}`} className="tabs__tab" aria-current={t.id === tab ? "page" : undefined}>
            {t.label}
          </Link>
        ))}
      </nav>
      <div className="appointments__grid">
        <section aria-label={`${tab === "upcoming" ? "Upcoming" : "Past"} appointments`}>
          <PageProblems problems={problems} page={page} />
          {list.rows.length === 0 && page > 1 ? null : list.rows.length === 0 ? (
            <div className="card empty">
              <p>{tab === "upcoming" ? "No upcoming appointments yet." : "No past appointments yet."}</p>
              <Link to="/" className="btn btn--primary">
                Find a service
              </Link>
            </div>
          ) : (
            <ul className="appt-list">
              {list.rows.map((a) => (
                <li key={a.ref}>
                  <Link
                    to={here({ ref: a.ref, page: String(page) }) + "#detail"}
                    className="card appt-card"
                    aria-current={a.ref === detail?.ref ? "true" : undefined}
                  >
                    <VendorPicture src={a.service_image} sizes="56px" width={56} height={56} className="appt-card__img" />
                    <span className="appt-card__body">
                      <span className="appt-card__title">{a.service_title}</span>
                      <span className="appt-card__meta">
                        {formatDate(a.starts_at)} · {formatTime(a.starts_at)}
                      </span>
                      <span className="appt-card__meta">
                        {a.business_name}, {a.area}
                        {a.location_type === "home" ? " · Home service" : ""}
                      </span>
                      <span className="appt-card__meta">
                        Ref {a.ref} · Price {formatNaira(a.priceKobo)} · Total {formatNaira(a.total_kobo)}
                      </span>
                    </span>
                    <StatusPill status={a.status} label={CUSTOMER_STATUS_LABEL[a.status]} />
                  </Link>
                  {tab === "past" && a.service_status === "active" ? (
                    <Link
                      to={`/booking?${new URLSearchParams({ service: String(a.service_id), ...(a.again_member_id ? { member: String(a.again_member_id) } : {}) })}`}
                      className="btn btn--outline btn--small appt-card__again"
                      aria-label={`Book again: ${a.service_title}, ${a.business_name}`}
                    >
                      Book again
                    </Link>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          <PrevNext page={page} hasMore={list.hasMore} label="Appointment pages" />
        </section>

        <section id="detail" className="card appt-detail" aria-labelledby="detail-title">
          {missing ? <p className="notice notice--error">We couldn&rsquo;t find that appointment.</p> : null}
          {detail ? (
            <>
              <header className="appt-detail__head">
                <VendorPicture src={detail.image} sizes="72px" width={72} height={72} className="booking-service__img" eager />
                <div>
                  <h2 id="detail-title">{detail.serviceTitle}</h2>
                  <p className="booking-service__meta">
                    {detail.businessName}
                    {detail.stylist ? ` · with ${detail.stylist}` : ""}
                  </p>
                  <StatusPill status={detail.status} label={detail.statusLabel} />
                </div>
              </header>
              <VisitFacts date={formatDate(detail.startsAt)} time={formatTime(detail.startsAt)} className="facts">
                <div>
                  <dt>Status</dt>
                  <dd>
                    {detail.statusLabel}
                    {detail.answerBy ? (
                      <span className="appt-deadline">
                        {" "}
                        · {detail.businessName} answers by {formatDate(detail.answerBy).replace(/, \d{4}$/, "")}, {formatTime(detail.answerBy)}
                      </span>
                    ) : null}
                  </dd>
                </div>
                <div>
                  <dt>Booking reference</dt>
                  <dd>{detail.ref}</dd>
                </div>
                <div>
                  <dt>Location</dt>
                  <dd>{detail.place}</dd>
                </div>
                <div>
                  <dt>Payment</dt>
                  <dd>{detail.payment}</dd>
                </div>
                {detail.refunds.length > 0 ? (
                  <div>
                    <dt>Refund</dt>
                    <dd>
                      {detail.refunds.map((line) => (
                        <p key={line} className="appt-refund">
                          {line}
                        </p>
                      ))}
                    </dd>
                  </div>
                ) : null}
                {detail.comment ? (
                  <div>
                    <dt>Your comment</dt>
                    <dd>{detail.comment}</dd>
                  </div>
                ) : null}
                {detail.reason ? (
                  <div>
                    <dt>Reason</dt>
                    <dd>{detail.reason}</dd>
                  </div>
                ) : null}
              </VisitFacts>

              {reviewRefused || reportRefused ? null : <FormMessages id={form.errorId} errors={form.errors} refused={actionData?.result?.error} />}
              <div className="appt-actions">
                {detail.status === "held" ? (
                  <Link to={`/payment?order=${detail.ref}`} className="btn btn--primary">
                    Continue to payment
                  </Link>
                ) : null}
                {detail.calendar ? (
                  <a href={`/user/appointment/calendar.ics?ref=${detail.ref}`} className="btn btn--outline" download>
                    Calendar
                  </a>
                ) : null}
                {detail.vendorWhatsapp ? (
                  <ChatOnWhatsApp
                    phone={detail.vendorWhatsapp}
                    text={`Hello ${detail.businessName}, about my booking ${detail.ref} (${detail.serviceTitle}, ${formatDate(detail.startsAt)} ${formatTime(detail.startsAt)}).`}
                  />
                ) : null}

                {detail.upcoming ? (
                  <ReschedulePanel
                    appointmentRef={detail.ref}
                    tab={tab}
                    startsAt={detail.startsAt}
                    today={today}
                    reschedule={reschedule}
                    formProps={getFormProps(form)}
                  />
                ) : null}
                {detail.upcoming || detail.status === "held" ? (
                  <CancelPanel appointmentRef={detail.ref} policy={detail.policy} mayChooseCredit={detail.mayChooseCredit} />
                ) : null}
              </div>

              <ReportProblem
                appointmentRef={detail.ref}
                kind={detail.reportKind}
                problem={detail.problem}
                reportBy={detail.reportBy}
                errors={reportRefused ? [...new Set([...(form.errors ?? []), ...Object.values(form.allErrors).flat()])] : []}
                defaultReason={reportRefused ? String(actionData?.result?.initialValue?.reason ?? "") : undefined}
              />

              {detail.status === "completed" ? (
                <ReviewBox
                  appointmentRef={detail.ref}
                  businessName={detail.businessName}
                  review={review}
                  errorId={form.errorId}
                  errors={reviewRefused ? [...new Set([...(form.errors ?? []), ...Object.values(form.allErrors).flat()])] : null}
                  refused={actionData?.result?.error}
                />
              ) : null}

              <h3 className="booking__sub">Price breakdown</h3>
              <SummaryLines
                items={detail.items}
                totalKobo={detail.totalKobo}
                giftKobo={detail.giftKobo}
                promoKobo={detail.promoKobo}
                promoCode={detail.promoCode}
              />

              <h3 className="booking__sub">Important information</h3>
              <p className="notice">{IMPORTANT_NOTE}</p>
            </>
          ) : missing ? null : (
            <p className="booking__muted">Choose an appointment to see its details.</p>
          )}
        </section>
      </div>
      {detail?.payLink ? (
        <ShareLink url={detail.payLink} serviceTitle={detail.serviceTitle} businessName={detail.businessName} amountKobo={detail.totalKobo} />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
