import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DayInput, GeneralErrorBoundary } from "~/components/common";
import { ErrorSummary } from "~/components/forms";
import { refusalOf } from "~/http/refusal.server";
import { requireVendor } from "~/http/session.server";
import { blockHours } from "~/models/team/block-hours.server";
import { dayHours, weekStart } from "~/models/team/calendar";
import { calendarBlocks, calendarMembers } from "~/models/team/calendar.server";
import { BLOCK_DAYS_AHEAD, removeOwnBlock } from "~/models/team/own-day.server";
import { may } from "~/models/team/roles";
import { movableAppointment, moveBySalon } from "~/models/team/salon-move.server";
import { removeMemberTimeOff } from "~/models/team/time-off.server";
import { DomainError } from "~/models/refusal";
import { bookingStyles } from "~/components/booking-pages";
import styles from "~/styles/calendar.css";
import { parseDayInput } from "~/utils/day-input.server";
import { assertSameOrigin, readForm } from "~/utils/http.server";
import { addDaysToDay, formatDate, formatDay, formatTime, hourLabel, lagosInstant, lagosToday, WEEKDAY_SHORT } from "~/utils/time";
import { redirectWithSuccess } from "~/utils/toast.server";
import { CalendarGrid, DayList, UnblockForm, type Column } from "./calendar-grid";
import { calendarHref } from "./query";
import { readCalendarQuery } from "./query.server";
import { CalendarSchema } from "./schema";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: bookingStyles },
  { rel: "stylesheet", href: styles },
];

export const meta: MetaFunction = () => [{ title: "Calendar · Vendor · Glow" }];

// GET /vendor/calendar?view=day|week&date=YYYY-MM-DD&member=ID&move=ID (docs/domain.md, "The calendar"): the salon's
// day with a column per member, or one member's week; on a phone, one member's day as a list. The owner and
// managers see every member; a stylist only themselves (another member's id is 403, and no other column is sent).
// Its forms block hours, remove a block, and move a booking; each redirects back here.

const forbidden = (message: string) => new Response(message, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
const ONLY_OWN = "A stylist sees and blocks only their own calendar. Ask the salon's owner.";

export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "own-day");
  const now = new Date();
  const seesAll = may(vendor.teamRole, "appointments");
  const team = await calendarMembers(vendor.vendorId, seesAll ? undefined : vendor.memberId);
  const query = readCalendarQuery(new URL(request.url), now);
  if (query.member !== null && !team.some((m) => m.id === query.member)) {
    if (!seesAll) throw forbidden(ONLY_OWN);
    throw new Response("We couldn't find that team member among yours.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  if (query.move !== null && !seesAll) throw forbidden("Only the salon's owner or a manager can move a booking.");
  let move = null;
  if (query.move !== null) {
    try {
      move = await movableAppointment(vendor.vendorId, query.move, now);
    } catch (error) {
      const refused = refusalOf(error);
      throw new Response(refused.message, { status: refused.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
  }
  // The booking being moved shows its member's day unless another was chosen.
  const member = query.member ?? move?.memberId ?? (seesAll ? (team[0]?.id ?? vendor.memberId) : vendor.memberId);
  const from = query.view === "week" ? weekStart(query.day) : query.day;
  const to = query.view === "week" ? addDaysToDay(from, 6) : query.day;
  const shown = query.view === "week" ? [member] : team.map((m) => m.id);
  const blocks = await calendarBlocks(vendor.vendorId, shown, from, to, { maskPhones: !seesAll });
  const today = lagosToday(now);
  return data(
    {
      view: query.view,
      day: query.day,
      from,
      to,
      today,
      // The hours of today already begun: no new appointment is offered in them.
      nowHour: Math.floor((now.getTime() - Date.parse(lagosInstant(today, 0))) / 3_600_000) + 1,
      lastBlockDay: addDaysToDay(today, BLOCK_DAYS_AHEAD),
      seesAll,
      ownMemberId: vendor.memberId,
      team,
      member,
      blocks,
      move,
      problems: query.problems,
    },
    { status: query.problems.length > 0 ? 400 : 200 },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const vendor = await requireVendor(request, "own-day");
  const seesAll = may(vendor.teamRole, "appointments");
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: CalendarSchema });
  const intent = typeof formData.get("intent") === "string" ? String(formData.get("intent")).slice(0, 20) : null;
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const fail = (message: string, status: number) => data({ intent, result: submission.reply({ formErrors: [message] }) }, { status });
  try {
    if (v.intent === "unblock") {
      if (seesAll) await removeMemberTimeOff(vendor.vendorId, v.id);
      else await removeOwnBlock(vendor.memberId, v.id);
      const back = String(formData.get("back") ?? "");
      return redirectWithSuccess(back.startsWith("/vendor/calendar?") ? back : "/vendor/calendar", "Blocked time removed.", { status: 303 });
    }
    if (v.intent === "move" && !seesAll) throw forbidden("Only the salon's owner or a manager can move a booking.");
    if (v.intent === "block" && !seesAll && v.member !== vendor.memberId) throw forbidden(ONLY_OWN);
    const day = parseDayInput(v.day);
    if (!day) return fail("Date input not valid.", 400);
    if (v.intent === "block") {
      await blockHours(vendor.vendorId, v.member, { day, fromHour: v.from_hour, toHour: v.to_hour, note: v.note ?? "" });
      return redirectWithSuccess(
        calendarHref({ view: "day", day, member: v.member }),
        `Blocked: ${formatDay(day)}, ${hourLabel(v.from_hour)} to ${hourLabel(v.to_hour)}.`,
        { status: 303 },
      );
    }
    const moved = await moveBySalon(vendor.vendorId, v.id, { memberId: v.member, day, hour: v.time });
    return redirectWithSuccess(
      calendarHref({ view: "day", day, member: v.member }),
      `Moved ${moved.ref} to ${formatDate(moved.starts_at)} at ${formatTime(moved.starts_at)}. We've told the client.`,
      { status: 303 },
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof DomainError)) throw error;
    const refused = refusalOf(error);
    return fail(refused.message, refused.status);
  }
}

const HOURS = Array.from({ length: 25 }, (_, h) => h);

export default function CalendarPage() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errorsFor = (intent: string) => (answer?.intent === intent ? answer.result.error : null);
  const memberName = (id: number) => d.team.find((m) => m.id === id)?.name ?? "";
  const here = { view: d.view, day: d.day, member: d.member };
  const back = calendarHref(here);
  const step = d.view === "week" ? 7 : 1;
  const isPast = (day: string) => day < d.today;
  const newHref = (memberId: number, day: string) =>
    d.seesAll && !isPast(day) ? (hour: number) => `/vendor/appointment/new?member=${memberId}&date=${day}&time=${String(hour).padStart(2, "0")}:00` : null;
  const links = { moveHref: d.seesAll ? (b: { id: number }) => `${calendarHref(here)}&move=${b.id}#move` : null };
  const dayColumns: Column[] = d.team.map((m) => ({
    key: `m${m.id}`,
    heading: m.name,
    headingHref: calendarHref({ view: "week", day: d.day, member: m.id }),
    day: d.day,
    memberId: m.id,
    blocks: d.blocks.filter((b) => b.memberId === m.id),
    newHref: newHref(m.id, d.day),
    pastBefore: d.day === d.today ? d.nowHour : 0,
  }));
  const weekDays = Array.from({ length: 7 }, (_, i) => addDaysToDay(d.from, i));
  const onDay = (day: string) => d.blocks.filter((b) => b.startsAt < lagosNextMidnight(day) && b.endsAt > lagosMidnight(day));
  const weekColumns: Column[] = weekDays.map((day, i) => ({
    key: day,
    heading: `${WEEKDAY_SHORT[i]} ${formatDay(day).replace(/, \d{4}$/, "")}`,
    headingHref: calendarHref({ view: "day", day, member: d.member }),
    day,
    memberId: d.member,
    blocks: onDay(day),
    newHref: newHref(d.member, day),
    pastBefore: day === d.today ? d.nowHour : 0,
  }));
  const hours = d.view === "week" ? unionHours(weekDays.map((day) => dayHours(day, onDay(day)))) : dayHours(d.day, d.blocks);
  const offs = d.blocks.filter((b) => b.kind === "time-off" && (d.seesAll || b.memberId === d.ownMemberId));
  const title = d.view === "week" ? `${memberName(d.member)}, week of ${formatDay(d.from)}` : formatDay(d.day);
  return (
    <div className="booking calendar">
      <header className="dash-head">
        <h1>Calendar</h1>
        {d.seesAll ? (
          <Link to={`/vendor/appointment/new?member=${d.member}&date=${d.day}`} className="btn btn--primary">
            New appointment
          </Link>
        ) : null}
      </header>
      {d.problems.map((p) => (
        <p key={p} className="notice notice--error" role="alert">
          {p}
        </p>
      ))}
      <nav className="cal-bar" aria-label="Calendar">
        <div className="tabs cal-bar__views">
          <Link to={calendarHref({ ...here, view: "day" })} className="tabs__tab" aria-current={d.view === "day" ? "page" : undefined}>
            Day
          </Link>
          <Link to={calendarHref({ ...here, view: "week" })} className="tabs__tab" aria-current={d.view === "week" ? "page" : undefined}>
            Week
          </Link>
        </div>
        <div className="cal-bar__steps">
          <Link to={calendarHref({ ...here, day: addDaysToDay(d.day, -step) })} className="btn btn--outline btn--small" rel="prev">
            Previous {d.view}
          </Link>
          <Link to={calendarHref({ ...here, day: d.today })} className="btn btn--outline btn--small">
            Today
          </Link>
          <Link to={calendarHref({ ...here, day: addDaysToDay(d.day, step) })} className="btn btn--outline btn--small" rel="next">
            Next {d.view}
          </Link>
        </div>
        <Form method="get" className="cal-bar__form">
          <input type="hidden" name="view" value={d.view} />
          <input type="hidden" name="member" value={d.member} />
          <div className="field">
            <label htmlFor="cal-date" className="field__label">
              Date
            </label>
            <DayInput
              id="cal-date"
              today={d.today}
              listFrom={addDaysToDay(d.today, -7)}
              days={28}
              className="input input--small"
              defaultValue={formatDay(d.day)}
              key={d.day}
            />
          </div>
          <button type="submit" className="btn btn--outline btn--small">
            Go
          </button>
        </Form>
        {d.team.length > 1 ? (
          <Form method="get" className="cal-bar__form">
            <input type="hidden" name="view" value={d.view} />
            <input type="hidden" name="date" value={d.day} />
            <div className="field">
              <label htmlFor="bar-member" className="field__label">
                Member
              </label>
              <select id="bar-member" name="member" className="input input--small" defaultValue={String(d.member)} key={d.member}>
                {d.team.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="btn btn--outline btn--small">
              Show
            </button>
          </Form>
        ) : null}
      </nav>
      <h2 className="cal-title">{title}</h2>

      {d.move ? (
        <section id="move" className="card cal-move" aria-labelledby="move-title">
          <h2 id="move-title" className="card__title">
            Move {d.move.service} for {d.move.clientName}
          </h2>
          <p className="dash-sub">
            Now {formatDate(d.move.startsAt)} at {formatTime(d.move.startsAt)}
            {d.move.memberId ? ` with ${memberName(d.move.memberId)}` : ""} ({d.move.ref}). The client is told of the new time by e-mail, and by WhatsApp or SMS
            if they agreed to it.
          </p>
          <Form method="post" className="hours-off__form">
            <ErrorSummary errors={errorsFor("move")} />
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="id" value={d.move.id} />
            <div className="field">
              <label htmlFor="move-member" className="field__label">
                Member
              </label>
              <select id="move-member" name="member" className="input" defaultValue={String(d.move.memberId ?? "")}>
                {d.move.members.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="move-day" className="field__label">
                Date
              </label>
              <DayInput id="move-day" name="day" today={d.today} defaultValue={formatDay(lagosToday(d.move.startsAt))} required />
            </div>
            <div className="field">
              <label htmlFor="move-time" className="field__label">
                Time
              </label>
              <select id="move-time" name="time" className="input" defaultValue={String(hourOf(d.move.startsAt))}>
                {HOURS.slice(0, 24).map((h) => (
                  <option key={h} value={h}>
                    {hourLabel(h)}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="btn btn--primary">
              Move booking
            </button>
            <Link to={back} className="btn btn--outline">
              Keep it
            </Link>
          </Form>
        </section>
      ) : null}

      <div className="cal-wide">
        {d.view === "week" ? (
          <CalendarGrid columns={weekColumns} hours={hours} links={links} label={title} />
        ) : (
          <CalendarGrid columns={dayColumns} hours={hours} links={links} label={`The team on ${formatDay(d.day)}`} />
        )}
      </div>
      <div className="cal-narrow">
        {d.view === "week" ? (
          weekDays.map((day, i) => (
            <section key={day} aria-label={formatDay(day)}>
              <h3 className="cal-list__day">
                <Link to={calendarHref({ view: "day", day, member: d.member })}>
                  {WEEKDAY_SHORT[i]} {formatDay(day)}
                </Link>
              </h3>
              <DayList blocks={onDay(day)} links={links} emptyText="Nothing booked." />
            </section>
          ))
        ) : (
          <section aria-label={`${memberName(d.member)} on ${formatDay(d.day)}`}>
            <h3 className="cal-list__day">{memberName(d.member)}</h3>
            <DayList blocks={d.blocks.filter((b) => b.memberId === d.member)} links={links} emptyText="Nothing booked on this day." />
          </section>
        )}
      </div>

      {offs.length > 0 ? (
        <section className="card hours-card" aria-labelledby="offs-title">
          <h2 id="offs-title" className="card__title">
            Blocked time shown
          </h2>
          <ul className="hours-off">
            {offs.map((b) => (
              <li key={b.id} className="hours-off__item">
                <span>
                  {memberName(b.memberId)}: {formatDate(b.startsAt)}, {b.allDay ? "all day" : `${formatTime(b.startsAt)} to ${formatTime(b.endsAt)}`}
                  {b.note ? ` · ${b.note}` : ""}
                </span>
                <UnblockForm id={b.id} back={back} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="card hours-card" aria-labelledby="block-title">
        <h2 id="block-title" className="card__title">
          Block hours
        </h2>
        <p className="dash-sub">
          Clients cannot book those hours online. A block never covers a booking:{" "}
          {d.seesAll ? "move the booking first." : "ask the salon's owner or a manager to move it first."}
        </p>
        <Form method="post" className="hours-off__form">
          <ErrorSummary errors={errorsFor("block")} />
          <input type="hidden" name="intent" value="block" />
          {d.seesAll && d.team.length > 1 ? (
            <div className="field">
              <label htmlFor="block-member" className="field__label">
                Member
              </label>
              <select id="block-member" name="member" className="input" defaultValue={String(d.member)}>
                {d.team.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <input type="hidden" name="member" value={d.seesAll ? d.member : d.ownMemberId} />
          )}
          <div className="field">
            <label htmlFor="cal-block-day" className="field__label">
              Date
            </label>
            <DayInput id="cal-block-day" name="day" today={d.today} defaultValue={formatDay(isPast(d.day) ? d.today : d.day)} required />
          </div>
          <div className="field">
            <label htmlFor="block-from" className="field__label">
              From
            </label>
            <select id="block-from" name="from_hour" className="input" defaultValue="13">
              {HOURS.slice(0, 24).map((h) => (
                <option key={h} value={h}>
                  {hourLabel(h)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="block-to" className="field__label">
              To
            </label>
            <select id="block-to" name="to_hour" className="input" defaultValue="15">
              {HOURS.slice(1).map((h) => (
                <option key={h} value={h}>
                  {hourLabel(h)}
                </option>
              ))}
            </select>
          </div>
          <label className="field">
            <span className="field__label">Note (optional)</span>
            <input type="text" name="note" className="input" maxLength={60} placeholder="Training" />
          </label>
          <p className="booking__muted">Up to {formatDay(d.lastBlockDay)}.</p>
          <button type="submit" className="btn btn--primary">
            Block hours
          </button>
        </Form>
      </section>
    </div>
  );
}

const lagosMidnight = (day: string) => lagosInstant(day, 0);
const lagosNextMidnight = (day: string) => lagosInstant(addDaysToDay(day, 1), 0);
/** The Lagos hour an instant falls in (14 for 2:30 pm): the hour a move keeps by default. */
const hourOf = (iso: string) => Math.floor((Date.parse(iso) - Date.parse(lagosInstant(lagosToday(iso), 0))) / 3_600_000);

function unionHours(days: number[][]): number[] {
  const all = days.flat();
  const first = Math.min(...all);
  const last = Math.max(...all);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
