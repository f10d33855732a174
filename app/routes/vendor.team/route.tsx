import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DayInput, GeneralErrorBoundary, MemberAvatar } from "~/components/common";
import { ErrorSummary } from "~/components/forms";
import { getTeam, memberBookingsToCome, moveMember, setMemberActive, vendorServiceChoices, type FutureBooking } from "~/models/team/edit-team.server";
import { addMemberTimeOff, BookingsInTheWay, reassignAppointment, removeMemberTimeOff, timeOffOf } from "~/models/team/time-off.server";
import { refusalOf } from "~/http/refusal.server";
import { requireVendor } from "~/http/session.server";
import { setMemberRole } from "~/models/team/member-role.server";
import { INVITABLE_ROLES, may, ROLE_LABEL } from "~/models/team/roles";
import { auditRequest } from "~/http/audit.server";
import { parseDayInput } from "~/utils/day-input.server";
import { takeUploadSlot } from "~/http/upload-slots.server";
import { assertSameOrigin, invariantResponse, retryAfterHeaders } from "~/utils/http.server";
import { formatNaira } from "~/utils/money";
import { addDaysToDay, formatDate, formatTime, lagosInstant, lagosToday } from "~/utils/time";
import { redirectWithSuccess } from "~/utils/toast.server";
import { HourSelect } from "~/components/week-hours";
import { MemberForm } from "./member-form";
import { saveMember, type TeamForm, withTeamForm } from "./save.server";
import { readId } from "./schema";

// /vendor/team: the owner's team. Who performs which service at what price, their hours, the display order, who is
// bookable online, time off, and moving a booking to another member. Plain links and POST forms (one `intent`
// each), so it all works without JavaScript (docs/domain.md, "The team").

export const meta: MetaFunction = () => [{ title: "Team · Vendor · Glow" }];

/** A refused upload's Retry-After (429/503) reaches the client with the page that says so. */
export const headers = retryAfterHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "team");
  const url = new URL(request.url);
  const [team, services] = await Promise.all([getTeam(vendor.vendorId), vendorServiceChoices(vendor.vendorId)]);
  const edit = url.searchParams.get("edit");
  const editId = edit && edit !== "new" ? (/^\d{1,9}$/.test(edit) ? Number(edit) : -1) : null;
  const editing = editId === null ? null : (team.find((m) => m.id === editId) ?? null);
  // Another vendor's member, or no member at all, is "not found".
  invariantResponse(editId === null || editing, "We couldn't find that team member.", 404);
  const [timeOff, bookings] = editing
    ? await Promise.all([timeOffOf(vendor.vendorId, editing.id), memberBookingsToCome(vendor.vendorId, editing.id)])
    : [[], []];
  // A manager invites stylists; only the owner changes roles (docs/domain.md, "Roles").
  const canInvite = may(vendor.teamRole, "team-invite");
  const canSetRoles = may(vendor.teamRole, "team-roles");
  return data({ team, services, adding: edit === "new", editing, timeOff, bookings, today: lagosToday(), canInvite, canSetRoles });
}

type Intent = "save" | "move" | "active" | "time_off" | "remove_time_off" | "reassign" | "role";
const INTENTS: Intent[] = ["save", "move", "active", "time_off", "remove_time_off", "reassign", "role"];

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const vendor = await requireVendor(request, "team");
  // The member form carries a photo: a slot first (429/503 with Retry-After when taken), as the gallery's uploads.
  const release = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data") ? takeUploadSlot(vendor.vendorId) : () => undefined;
  try {
    return await withTeamForm(request, (read) => act(request, vendor.vendorId, read));
  } finally {
    release();
  }
}

async function act(request: Request, vendorId: number, read: TeamForm) {
  const form = read.form;
  const intent = INTENTS.find((i) => i === form.get("intent")) ?? null;
  const fail = (errors: Record<string, string[]>, status = 400, bookings: FutureBooking[] = []) => data({ intent, errors, bookings }, { status });
  if (!intent) return fail({ "": ["Please use the page's buttons."] });
  const memberId = readId(form, "member");
  const back = (id: number | null) => (id ? `/vendor/team?edit=${id}` : "/vendor/team");
  try {
    if (intent === "save") {
      const saved = await saveMember(vendorId, read);
      if (!saved.ok) return fail(saved.errors, saved.status);
      const said = saved.added ? `${saved.name} joined the team.` : `${saved.name} is saved. Existing appointments keep their price and time.`;
      return redirectWithSuccess(back(saved.memberId), said, { status: 303 });
    }
    if (intent === "move") {
      const direction = form.get("direction");
      if (!memberId || (direction !== "up" && direction !== "down")) return fail({ "": ["Please use the page's buttons."] });
      await moveMember(vendorId, memberId, direction);
      return redirectWithSuccess("/vendor/team", "The order is saved.", { status: 303 });
    }
    if (intent === "active") {
      const value = form.get("active");
      if (!memberId || (value !== "1" && value !== "0")) return fail({ "": ["Please use the page's buttons."] });
      await setMemberActive(vendorId, memberId, value === "1");
      return redirectWithSuccess(back(memberId), value === "1" ? "Active again." : "Deactivated: no new bookings; their history stays.", { status: 303 });
    }
    if (intent === "time_off") {
      if (!memberId) return fail({ "": ["We couldn't find that team member."] }, 404);
      const startsOn = parseDayInput(String(form.get("starts_on") ?? "").slice(0, 40));
      const endsOn = form.get("ends_on") ? parseDayInput(String(form.get("ends_on")).slice(0, 40)) : startsOn;
      if (!startsOn || !endsOn) return fail({ starts_on: ["Date input not valid."] });
      const from = readHour(form.get("from_hour"));
      const to = readHour(form.get("to_hour"));
      if (from === undefined || to === undefined || (from === null) !== (to === null))
        return fail({ from_hour: ["Choose both hours from the lists, or neither for whole days."] });
      const allDay = from === null;
      const startsAt = lagosInstant(startsOn, from ?? 0);
      const endsAt = allDay ? lagosInstant(addDaysToDay(endsOn, 1), 0) : lagosInstant(endsOn, to!);
      await addMemberTimeOff(vendorId, memberId, { startsAt, endsAt, allDay, note: String(form.get("note") ?? "").trim() });
      return redirectWithSuccess(back(memberId), "Time off added.", { status: 303 });
    }
    if (intent === "role") {
      // The team's roles are the owner's alone: anyone else gets the 403 page.
      const owner = await requireVendor(request, "team-roles");
      const role = INVITABLE_ROLES.find((r) => r === form.get("role"));
      if (!memberId) return fail({ "": ["We couldn't find that team member."] }, 404);
      if (!role) return fail({ role: ["Choose Manager or Stylist."] });
      const changed = await setMemberRole(vendorId, memberId, role);
      if (!changed) return redirectWithSuccess("/vendor/team", "The role is unchanged.", { status: 303 });
      await auditRequest(request, {
        actor: owner,
        action: "team.role",
        record: { type: "team-member", id: memberId },
        vendorId,
        detail: `${changed.name}: ${changed.from} to ${changed.to}`,
      });
      return redirectWithSuccess("/vendor/team", `${changed.name} is now ${changed.to.toLowerCase()}.`, { status: 303 });
    }
    if (intent === "remove_time_off") {
      const id = readId(form, "id");
      if (!id) return fail({ "": ["Please use the page's buttons."] });
      await removeMemberTimeOff(vendorId, id);
      return redirectWithSuccess(back(memberId), "Time off removed.", { status: 303 });
    }
    const ref = String(form.get("ref") ?? "");
    const to = readId(form, "to");
    if (!/^GLW-[A-Z0-9]{6}$/.test(ref) || !to) return fail({ "": ["Choose who takes the appointment."] });
    await reassignAppointment(vendorId, ref, to);
    return redirectWithSuccess(back(memberId), `${ref} moved.`, { status: 303 });
  } catch (error) {
    const refused = refusalOf(error);
    return fail({ [refused.field ?? ""]: [refused.message] }, refused.status, error instanceof BookingsInTheWay ? error.bookings : []);
  }
}

function readHour(value: FormDataEntryValue | null): number | null | undefined {
  if (value === null || value === "") return null;
  if (typeof value !== "string" || !/^\d{1,2}$/.test(value)) return undefined;
  const n = Number(value);
  return n <= 24 ? n : undefined;
}

type Page = ReturnType<typeof useLoaderData<typeof loader>>;

function MemberDay({ page }: { page: Page }) {
  const m = page.editing!;
  const others = page.team.filter((t) => t.id !== m.id && t.active);
  return (
    <>
      <section className="card hours-card" aria-labelledby="bookings-title" id="bookings">
        <h2 id="bookings-title" className="card__title">
          Bookings to come
        </h2>
        {page.bookings.length === 0 ? <p className="dash-sub">None.</p> : null}
        <ul className="hours-off">
          {page.bookings.map((b) => (
            <li key={b.ref} className="hours-off__item">
              <span>
                <strong>{b.when}</strong> · {b.serviceTitle} for {b.customerName} ({b.ref}) ·{" "}
                <Link to={`/vendor/appointment?tab=upcoming&q=${b.ref}`}>Open (to cancel)</Link>
              </span>
              {others.length > 0 ? (
                <Form method="post" className="team-move">
                  <input type="hidden" name="intent" value="reassign" />
                  <input type="hidden" name="member" value={m.id} />
                  <input type="hidden" name="ref" value={b.ref} />
                  <select name="to" className="input input--small" aria-label={`Move ${b.ref} to`}>
                    {others.map((o) => (
                      <option key={o.id} value={o.id}>
                        {o.name}
                      </option>
                    ))}
                  </select>
                  <button type="submit" className="btn btn--outline btn--small">
                    Move
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <section className="card hours-card" aria-labelledby="off-title" id="time-off">
        <h2 id="off-title" className="card__title">
          Time off
        </h2>
        {page.timeOff.length === 0 ? <p className="dash-sub">No time off planned.</p> : null}
        <ul className="hours-off">
          {page.timeOff.map((t) => (
            <li key={t.id} className="hours-off__item">
              <span>
                <strong>
                  {t.allDay
                    ? `${formatDate(t.startsAt)} – ${formatDate(new Date(Date.parse(t.endsAt) - 1).toISOString())}`
                    : `${formatDate(t.startsAt)} ${formatTime(t.startsAt)} – ${formatDate(t.endsAt)} ${formatTime(t.endsAt)}`}
                </strong>
                {t.note ? <span className="dash-sub"> · {t.note}</span> : null}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove_time_off" />
                <input type="hidden" name="member" value={m.id} />
                <input type="hidden" name="id" value={t.id} />
                <button type="submit" className="btn btn--outline btn--small">
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
        <Form method="post" className="hours-off__form">
          <input type="hidden" name="intent" value="time_off" />
          <input type="hidden" name="member" value={m.id} />
          <div className="field">
            <label htmlFor={`off-from-${m.id}`} className="field__label">
              From day
            </label>
            <DayInput id={`off-from-${m.id}`} name="starts_on" today={page.today} days={30} required />
          </div>
          <div className="field">
            <label htmlFor={`off-to-${m.id}`} className="field__label">
              To day (optional)
            </label>
            <DayInput id={`off-to-${m.id}`} name="ends_on" today={page.today} days={30} placeholder="Same day" />
          </div>
          <div className="field">
            <label htmlFor="team-from_hour" className="field__label">
              From hour (optional)
            </label>
            <HourSelect id="team-from_hour" name="from_hour" value={null} label="From hour" optional />
          </div>
          <div className="field">
            <label htmlFor="team-to_hour" className="field__label">
              To hour (optional)
            </label>
            <HourSelect id="team-to_hour" name="to_hour" value={null} label="To hour" optional />
          </div>
          <label className="field">
            <span className="field__label">Note (optional)</span>
            <input type="text" name="note" className="input" maxLength={60} placeholder="Training" />
          </label>
          <button type="submit" className="btn btn--primary">
            Add time off
          </button>
        </Form>
      </section>

      <section className="card hours-card" aria-labelledby="state-title">
        <h2 id="state-title" className="card__title">
          {m.active ? "Deactivate" : "Reactivate"}
        </h2>
        <p className="dash-sub">
          {m.active ? "A deactivated member takes no bookings; their history stays. Move or cancel their bookings to come first." : "Take bookings again."}
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="active" />
          <input type="hidden" name="member" value={m.id} />
          <input type="hidden" name="active" value={m.active ? "0" : "1"} />
          <button type="submit" className="btn btn--outline">
            {m.active ? `Deactivate ${m.name}` : `Reactivate ${m.name}`}
          </button>
        </Form>
      </section>
    </>
  );
}

export default function VendorTeamPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const serviceTitle = new Map(page.services.map((s) => [s.id, s]));
  return (
    <div className="hours team">
      <div className="dash-head">
        <div>
          <h1>Team</h1>
          <p className="dash-sub">Who customers can book, for which services, when. A team of one shows customers no choice.</p>
        </div>
        <div className="team-list__actions">
          <Link to="/vendor/team?edit=new" className="btn btn--primary">
            Add a member
          </Link>
          {page.canInvite ? (
            <Link to="/vendor/team/invite" className="btn btn--ghost">
              Invite to sign in
            </Link>
          ) : null}
        </div>
      </div>
      <ErrorSummary errors={answer?.errors} />
      {answer && answer.bookings.length > 0 ? (
        <section className="notice notice--warning hours-outside" aria-label="Bookings in the way">
          <ul className="hours-outside__list">
            {answer.bookings.map((b) => (
              <li key={b.ref}>
                {b.when}: {b.serviceTitle} for {b.customerName} ({b.ref})
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {page.adding || page.editing ? (
        <section className="card hours-card" aria-labelledby="member-title">
          <h2 id="member-title" className="card__title">
            {page.editing ? page.editing.name : "New member"}
          </h2>
          <MemberForm editing={page.editing} services={page.services} photoErrors={answer?.errors.photo} />
          <p>
            <Link to="/vendor/team">Back to the team</Link>
          </p>
        </section>
      ) : null}
      {page.editing ? <MemberDay page={page} /> : null}

      <section className="card hours-card" aria-labelledby="team-title">
        <h2 id="team-title" className="card__title">
          The team
        </h2>
        <ol className="team-list">
          {page.team.map((m, i) => (
            <li key={m.id} className="team-list__item">
              <MemberAvatar name={m.name} photo={m.photo} />
              <div className="team-list__who">
                <strong>{m.name}</strong>
                {m.title ? <span className="dash-sub"> · {m.title}</span> : null}
                <p className="dash-sub">
                  {ROLE_LABEL[m.role]} · {m.active ? (m.bookable ? "Bookable online" : "Not bookable online") : "Deactivated"} ·{" "}
                  {m.week ? "Own hours" : "The salon's hours"} ·{" "}
                  {m.services.length === 0
                    ? "No services"
                    : m.services
                        .map((s) => {
                          const svc = serviceTitle.get(s.serviceId);
                          return svc ? `${svc.title}${s.priceKobo !== null ? ` (${formatNaira(s.priceKobo)})` : ""}` : "";
                        })
                        .filter(Boolean)
                        .join(", ")}
                </p>
              </div>
              <div className="team-list__actions">
                {page.canSetRoles && m.role !== "owner" ? (
                  <Form method="post" className="team-move">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="member" value={m.id} />
                    <select name="role" className="input input--small" defaultValue={m.role} aria-label={`Role of ${m.name}`}>
                      {INVITABLE_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {ROLE_LABEL[r]}
                        </option>
                      ))}
                    </select>
                    <button type="submit" className="btn btn--outline btn--small" aria-label={`Change the role of ${m.name}`}>
                      Set role
                    </button>
                  </Form>
                ) : null}
                <Link to={`/vendor/team?edit=${m.id}`} className="btn btn--outline btn--small" aria-label={`Edit ${m.name}`}>
                  Edit
                </Link>
                {i > 0 ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="move" />
                    <input type="hidden" name="member" value={m.id} />
                    <button type="submit" name="direction" value="up" className="btn btn--outline btn--small" aria-label={`Move ${m.name} up`}>
                      ↑
                    </button>
                  </Form>
                ) : null}
                {i < page.team.length - 1 ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="move" />
                    <input type="hidden" name="member" value={m.id} />
                    <button type="submit" name="direction" value="down" className="btn btn--outline btn--small" aria-label={`Move ${m.name} down`}>
                      ↓
                    </button>
                  </Form>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
