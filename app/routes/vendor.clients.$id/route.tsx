import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { bookingStyles, VENDOR_STATUS_LABEL } from "~/components/booking-pages";
import { DayInput, GeneralErrorBoundary } from "~/components/common";
import { ErrorList, ErrorSummary } from "~/components/forms";
import { StatusPill } from "~/components/status-pill";
import { refusalOf } from "~/http/refusal.server";
import { requireVendor, type VendorUser } from "~/http/session.server";
import { addClientNote, clientRecord, getClientNotes, isMembersClient, removeClientNote } from "~/models/clients/client-records.server";
import { getClientRules, setClientBlocked } from "~/models/client-rules/client-rules.server";
import { maskPhone, may } from "~/models/team/roles";
import clientStyles from "~/styles/clients.css";
import { parseDayInput } from "~/utils/day-input.server";
import { assertSameOrigin, readForm, rowIdFromUrl } from "~/utils/http.server";
import { formatNaira } from "~/utils/money";
import { displayPhone } from "~/utils/phone";
import { addDaysToDay, formatDate, formatDay, formatTime, lagosToday } from "~/utils/time";
import { redirectWithSuccess } from "~/utils/toast.server";
import { whatsappChatUrl } from "~/utils/whatsapp-links";
import { forbiddenMember } from "~/http/salon-booker.server";
import { ClientRecordSchema, NOTE_BODY_MAX, NOTE_PRODUCT_MAX } from "./schema";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: bookingStyles },
  { rel: "stylesheet", href: clientStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.client.name ?? "Client"} · Clients · Vendor · Glow` }];

const NOT_FOUND = "We couldn't find that client.";

/**
 * Who may read this client and their notes: "not found" for another salon's client (or no client at all), 403 for a
 * stylist opening a client of another member's; notes for the owner and managers, and for stylists when the salon
 * allows it.
 */
async function access(vendor: VendorUser, clientId: number) {
  const anyMember = may(vendor.teamRole, "appointments");
  try {
    await clientRecord({ vendorId: vendor.vendorId, memberId: null }, clientId);
  } catch (error) {
    const refused = refusalOf(error);
    throw new Response(refused.message, { status: refused.status });
  }
  if (!anyMember && !(await isMembersClient(vendor.vendorId, vendor.memberId, clientId))) throw forbiddenMember();
  const notes = anyMember || (await getClientRules(vendor.vendorId)).notesForStylists;
  return { anyMember, notes, scope: { vendorId: vendor.vendorId, memberId: anyMember ? null : vendor.memberId } };
}

// GET /vendor/clients/:id: one client's record at the salon (docs/domain.md, "Clients").
export async function loader({ request, params }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "own-day");
  const clientId = rowIdFromUrl(params.id, NOT_FOUND);
  const may_ = await access(vendor, clientId);
  const record = await clientRecord(may_.scope, clientId);
  return data({
    client: { ...record, phone: may_.anyMember ? record.phone : maskPhone(record.phone), email: may_.anyMember ? record.email : null },
    notes: may_.notes ? await getClientNotes(vendor.vendorId, clientId) : null,
    canBlock: may(vendor.teamRole, "settings"),
    contact: may_.anyMember,
    today: lagosToday(),
    nowIso: new Date().toISOString(),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const vendor = await requireVendor(request, "own-day");
  const clientId = rowIdFromUrl(params.id, NOT_FOUND);
  const may_ = await access(vendor, clientId);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: ClientRecordSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const fail = (message: string, status: number) => data({ result: submission.reply({ formErrors: [message] }) }, { status });
  const here = `/vendor/clients/${clientId}`;
  if (v.intent === "block" || v.intent === "unblock") {
    if (!may(vendor.teamRole, "settings")) return fail("Only the salon's owner or a manager can block a client.", 403);
    await setClientBlocked(vendor.vendorId, clientId, v.intent === "block");
    return redirectWithSuccess(here, v.intent === "block" ? "Blocked: they can no longer book you online." : "Unblocked: they can book you online again.", {
      status: 303,
    });
  }
  if (!may_.notes) return fail("The salon's owner keeps client notes to the owner and managers.", 403);
  try {
    if (v.intent === "remove_note") {
      await removeClientNote(vendor.vendorId, clientId, v.id);
      return redirectWithSuccess(here, "Note removed.", { status: 303 });
    }
    const day = parseDayInput(v.noted_on);
    if (!day) return fail("Date input not valid.", 400);
    await addClientNote(vendor.vendorId, vendor.memberId, clientId, {
      kind: v.kind,
      body: v.body,
      product: v.product ?? null,
      result: v.result ?? null,
      notedOn: day,
    });
    return redirectWithSuccess(here, "Note saved.", { status: 303 });
  } catch (error) {
    const refused = refusalOf(error);
    return fail(refused.message, refused.status);
  }
}

const KIND_LABEL = { note: "Note", allergy: "Allergy", patch_test: "Patch test" } as const;

export default function ClientPage() {
  const { client, notes, canBlock, contact, today, nowIso } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errors = answer?.result.error ?? null;
  const next = client.visits.find((v) => v.status === "completed");
  return (
    <div className="booking clients-page">
      <p>
        <Link to="/vendor/clients">← All clients</Link>
      </p>
      <header className="vendor-appointments__head">
        <h1>{client.name}</h1>
        <p className="dash-sub">
          {client.hasAccount ? "Has a Glow account." : "No Glow account yet: they see their appointments once they sign up with this phone or e-mail."}
          {client.blocked ? " Blocked from booking you online." : ""}
        </p>
      </header>
      <section className="card" aria-label="Contact">
        <div className="client-contact">
          {client.phone ? (
            contact ? (
              <>
                <a href={`tel:${client.phone}`}>{displayPhone(client.phone)}</a>
                <a
                  className="btn btn--outline btn--small"
                  href={whatsappChatUrl(client.phone, `Hello ${client.name.split(" ")[0]}, `)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  WhatsApp
                </a>
              </>
            ) : (
              <span>{client.phone}</span>
            )
          ) : (
            <span>No phone</span>
          )}
          {client.email ? <a href={`mailto:${client.email}`}>{client.email}</a> : null}
          <Link
            className="btn btn--primary btn--small"
            to={`/vendor/appointment/new?client=${client.id}${next ? `&service=${next.serviceId}${next.memberId ? `&member=${next.memberId}` : ""}` : ""}`}
          >
            Book next visit
          </Link>
        </div>
      </section>
      <dl className="client-facts">
        <div>
          <dt>Visits</dt>
          <dd>{client.completed}</dd>
        </div>
        <div>
          <dt>Upcoming</dt>
          <dd>{client.upcoming}</dd>
        </div>
        <div>
          <dt>Total spent</dt>
          <dd>{formatNaira(client.spentKobo)}</dd>
        </div>
        <div>
          <dt>No-shows</dt>
          <dd>
            {client.noShows} ({client.noShows12Months} in 12 months)
          </dd>
        </div>
        <div>
          <dt>Late cancellations</dt>
          <dd>{client.lateCancellations}</dd>
        </div>
      </dl>
      <ErrorSummary errors={errors} />

      <section className="card" aria-labelledby="visits-title">
        <h2 id="visits-title" className="card__title">
          Visits
        </h2>
        {client.visits.length === 0 ? (
          <p className="booking__muted">No visits yet.</p>
        ) : (
          <div className="table-scroll">
            <table className="table appt-table">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Service</th>
                  <th scope="col">With</th>
                  <th scope="col">Status</th>
                  <th scope="col">Total</th>
                </tr>
              </thead>
              <tbody>
                {client.visits.map((v) => (
                  <tr key={v.id}>
                    {/* One box per value: on a phone the cell is a label column and a value column. */}
                    <td data-label="Date">
                      <span>
                        {formatDate(v.startsAt)}, {formatTime(v.startsAt)}
                        {v.startsAt > nowIso ? <span className="booking__muted"> · upcoming</span> : null}
                      </span>
                    </td>
                    <td data-label="Service">{v.service}</td>
                    <td data-label="With">{v.member ?? "—"}</td>
                    <td data-label="Status">
                      <span>
                        <StatusPill status={v.status} label={VENDOR_STATUS_LABEL[v.status]} />
                        {v.lateCancel ? <span className="booking__muted"> · late</span> : null}
                      </span>
                    </td>
                    <td data-label="Total">{formatNaira(v.totalKobo)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {notes ? (
        <section className="card" aria-labelledby="notes-title">
          <h2 id="notes-title" className="card__title">
            Private notes
          </h2>
          <p className="dash-sub">Only your salon reads these; the client never sees them.</p>
          {notes.length ? (
            <ul className="client-notes">
              {notes.map((n) => (
                <li key={n.id}>
                  <span>
                    <span className="client-notes__kind">{KIND_LABEL[n.kind]}</span> · {formatDay(n.notedOn)}
                    {n.by ? <span className="booking__muted"> · {n.by}</span> : null}
                  </span>
                  {n.product ? (
                    <span>
                      Product: {n.product}
                      {n.result ? ` · Result: ${n.result}` : ""}
                    </span>
                  ) : null}
                  <span>{n.body}</span>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove_note" />
                    <input type="hidden" name="id" value={n.id} />
                    <button type="submit" className="btn btn--outline btn--small">
                      Remove
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          ) : (
            <p className="booking__muted">No notes yet.</p>
          )}
          <Form method="post" className="client-note-form" aria-label="Add a note">
            <input type="hidden" name="intent" value="add_note" />
            <label className="field">
              <span className="field__label">Kind</span>
              <select name="kind" className="input" defaultValue="note">
                <option value="note">Note</option>
                <option value="allergy">Allergy</option>
                <option value="patch_test">Patch test</option>
              </select>
            </label>
            <div className="field">
              <label htmlFor="note-day" className="field__label">
                Date
              </label>
              <DayInput id="note-day" name="noted_on" today={today} listFrom={addDaysToDay(today, -13)} defaultValue={formatDay(today)} required />
              <ErrorList errors={errors?.noted_on} />
            </div>
            <label className="field">
              <span className="field__label">Product (allergy or patch test)</span>
              <input name="product" className="input" maxLength={NOTE_PRODUCT_MAX} />
              <ErrorList errors={errors?.product} />
            </label>
            <label className="field">
              <span className="field__label">Patch test result</span>
              <select name="result" className="input" defaultValue="">
                <option value="">—</option>
                <option value="Pending">Pending</option>
                <option value="Passed">Passed</option>
                <option value="Failed">Failed</option>
              </select>
            </label>
            <label className="field field--wide">
              <span className="field__label">Note</span>
              <textarea name="body" className="input" maxLength={NOTE_BODY_MAX} rows={3} required />
              <ErrorList errors={errors?.body} />
            </label>
            <button type="submit" className="btn btn--primary">
              Add note
            </button>
          </Form>
        </section>
      ) : null}

      {canBlock ? (
        <section className="card" aria-labelledby="block-title">
          <h2 id="block-title" className="card__title">
            Online booking
          </h2>
          <p className="dash-sub">
            {client.blocked
              ? "Blocked: they are told you are not taking online bookings from their account. They can still message you."
              : "A blocked client can't book you online, and can still message you."}
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value={client.blocked ? "unblock" : "block"} />
            <button type="submit" className="btn btn--outline">
              {client.blocked ? "Unblock" : "Block from booking online"}
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
