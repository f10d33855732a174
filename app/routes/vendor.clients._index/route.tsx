import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { bookingStyles } from "~/components/booking-pages";
import { GeneralErrorBoundary } from "~/components/common";
import { ErrorSummary } from "~/components/forms";
import { requireVendor } from "~/http/session.server";
import { CLIENT_LIST_LIMIT, listClients } from "~/models/clients/client-records.server";
import { getClientRules, PREPAY_AFTER_MAX, saveClientRules } from "~/models/client-rules/client-rules.server";
import { maskPhone, may } from "~/models/team/roles";
import clientStyles from "~/styles/clients.css";
import { assertSameOrigin, readForm } from "~/utils/http.server";
import { formatNaira } from "~/utils/money";
import { displayPhone } from "~/utils/phone";
import { formatDate } from "~/utils/time";
import { redirectWithSuccess } from "~/utils/toast.server";
import { ClientRulesSchema } from "./schema";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: bookingStyles },
  { rel: "stylesheet", href: clientStyles },
];

export const meta: MetaFunction = () => [{ title: "Clients · Vendor · Glow" }];

// GET /vendor/clients: everyone who booked the salon or whom it booked, searchable by name or phone (a GET form),
// and, for the owner and managers, the salon's client rules (docs/domain.md, "Clients"). A stylist sees the clients
// of their own appointments, their phones masked.
export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "own-day");
  const anyMember = may(vendor.teamRole, "appointments");
  const q = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  if (q.length > 60) return data({ ...(await page(vendor, anyMember, "")), q: q.slice(0, 60), problem: "Search with at most 60 characters." }, { status: 400 });
  return data({ ...(await page(vendor, anyMember, q)), q, problem: null });
}

async function page(vendor: { vendorId: number; memberId: number; teamRole: Parameters<typeof may>[0] }, anyMember: boolean, q: string) {
  const { clients, hasMore } = await listClients({ vendorId: vendor.vendorId, memberId: anyMember ? null : vendor.memberId }, q || null);
  return {
    clients: clients.map((c) => ({ ...c, phone: anyMember ? c.phone : maskPhone(c.phone) })),
    hasMore,
    limit: CLIENT_LIST_LIMIT,
    rules: may(vendor.teamRole, "settings") ? await getClientRules(vendor.vendorId) : null,
    maxPrepay: PREPAY_AFTER_MAX,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const vendor = await requireVendor(request, "settings");
  const submission = parseWithZod(await readForm(request), { schema: ClientRulesSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await saveClientRules(vendor.vendorId, { prepayAfterNoShows: submission.value.prepay_after, notesForStylists: submission.value.notes_for_stylists === true });
  return redirectWithSuccess("/vendor/clients", "Client rules saved.", { status: 303 });
}

export default function Clients() {
  const { clients, hasMore, limit, rules, maxPrepay, q, problem } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="booking clients-page">
      <header className="vendor-appointments__head">
        <h1>Clients</h1>
        <p className="dash-sub">Everyone who booked you or whom you booked: visits, spend, no-shows and your private notes.</p>
        <p>
          <Link to="/vendor/appointment/new" className="btn btn--primary">
            New appointment
          </Link>
        </p>
      </header>
      <Form method="get" className="salon-form__search" role="search" aria-label="Find a client">
        <label className="field">
          <span className="field__label">Name or phone</span>
          <input type="search" name="q" className="input" defaultValue={q} maxLength={60} />
        </label>
        <button type="submit" className="btn btn--outline">
          Search
        </button>
      </Form>
      {problem ? (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      ) : null}
      {clients.length === 0 ? (
        <div className="card empty">
          <p>{q ? `No client matches "${q}".` : "No clients yet."}</p>
        </div>
      ) : (
        <div className="table-scroll">
          <table className="table appt-table">
            <thead>
              <tr>
                <th scope="col">Client</th>
                <th scope="col">Phone</th>
                <th scope="col">Visits</th>
                <th scope="col">Upcoming</th>
                <th scope="col">No-shows</th>
                <th scope="col">Spent</th>
                <th scope="col">Last visit</th>
              </tr>
            </thead>
            <tbody>
              {clients.map((c) => (
                <tr key={c.id}>
                  {/* One box per value: on a phone the cell is a label column and a value column. */}
                  <td data-label="Client">
                    <span>
                      <Link to={`/vendor/clients/${c.id}`}>{c.name}</Link>
                      {c.blocked ? <span className="pill"> Blocked</span> : null}
                    </span>
                  </td>
                  <td data-label="Phone">{c.phone ? (c.phone.startsWith("•") ? c.phone : displayPhone(c.phone)) : "—"}</td>
                  <td data-label="Visits">{c.visits}</td>
                  <td data-label="Upcoming">{c.upcoming}</td>
                  <td data-label="No-shows">{c.noShows}</td>
                  <td data-label="Spent">{formatNaira(c.spentKobo)}</td>
                  <td data-label="Last visit">{c.lastVisit ? formatDate(c.lastVisit) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hasMore ? <p className="dash-sub">Showing the {limit} most recent. Search to find others.</p> : null}

      {rules ? (
        <section className="card" aria-labelledby="rules-title">
          <h2 id="rules-title" className="card__title">
            Client rules
          </h2>
          <Form method="post" className="client-rules">
            <ErrorSummary errors={answer?.result.error} />
            <label className="field">
              <span className="field__label">Clients with this many no-shows in 12 months must pay in full online to book</span>
              <select name="prepay_after" className="input" defaultValue={rules.prepayAfterNoShows}>
                <option value="0">Off</option>
                {Array.from({ length: maxPrepay }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {n} or more
                  </option>
                ))}
              </select>
            </label>
            <label className="check">
              <input type="checkbox" name="notes_for_stylists" value="on" defaultChecked={rules.notesForStylists} />
              <span className="check__text">Stylists may read and add notes on their own clients</span>
            </label>
            <button type="submit" className="btn btn--primary">
              Save rules
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
