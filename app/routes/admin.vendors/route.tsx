import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminNav } from "~/components/admin-nav";
import { GeneralErrorBoundary } from "~/components/common";
import { ErrorSummary } from "~/components/forms";
import { PageProblems, Pagination } from "~/components/pagination";
import { auditRequest } from "~/http/audit.server";
import { refusalOf } from "~/http/refusal.server";
import { requireAdmin } from "~/http/session.server";
import { listVendorsForAdmin, liftSuspension, suspendVendor, suspensionFacts, vendorForAdmin } from "~/models/suspension/suspension.server";
import { SUSPENSION_REASON_MAX, SUSPENSION_REASON_MIN, VENDOR_SEARCH_MAX } from "~/models/suspension/suspension-rules";
import styles from "~/styles/dashboard.css";
import { assertSameOrigin, readForm } from "~/utils/http.server";
import { listPageOutcome, readListPage, readText } from "~/utils/query-params.server";
import { formatDate } from "~/utils/time";
import { redirectWithSuccess } from "~/utils/toast.server";

// /admin/vendors: every vendor, searched by business name or the owner's e-mail, twenty a page; Glow's admin suspends
// one (a reason the vendor reads, after a confirmation that says what it does: ?suspend={id}, a plain GET) and lifts
// the suspension (docs/decisions/037-vendor-suspension.md). Both are recorded in the audit trail.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Vendors | Glow admin" }, { name: "robots", content: "noindex" }];

const BAD_REQUEST = "Choose a vendor, and suspend it or lift its suspension.";

const listHref = (q: string, page = 1) => {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin/vendors?${query}` : "/admin/vendors";
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const q = readText(params.get("q"), VENDOR_SEARCH_MAX);
  const read = readListPage(params);
  const list = await listVendorsForAdmin(q, read.page);
  const { problems, status } = listPageOutcome(read, list.items.length);
  const asked = params.get("suspend");
  let confirm = null;
  let confirmStatus: number = status;
  if (asked !== null) {
    const vendor = /^\d{1,9}$/.test(asked) ? await vendorForAdmin(Number(asked)) : null;
    if (!vendor) {
      problems.push("We couldn't find that vendor.");
      confirmStatus = 404;
    } else if (vendor.state !== "active") {
      problems.push(
        vendor.state === "closed"
          ? `${vendor.businessName} has closed on Glow, so there is nothing to suspend.`
          : `${vendor.businessName} is already suspended.`,
      );
      confirmStatus = 409;
    } else {
      confirm = { ...vendor, ...(await suspensionFacts(vendor.id)) };
    }
  }
  return data({ q, page: read.page, problems, confirm, ...list }, { status: confirmStatus });
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const form = await readForm(request, 8 * 1024);
  const intent = form.get("intent");
  const id = form.get("vendor");
  const back = listHref(readText(new URL(request.url).searchParams.get("q"), VENDOR_SEARCH_MAX));
  if ((intent !== "suspend" && intent !== "lift") || typeof id !== "string" || !/^\d{1,9}$/.test(id))
    return data({ errors: { form: [BAD_REQUEST] } }, { status: 400 });
  const vendorId = Number(id);
  try {
    if (intent === "lift") {
      const { businessName } = await liftSuspension(vendorId);
      await auditRequest(request, { actor: admin, action: "vendor.lift", record: { type: "vendor", id: vendorId }, vendorId });
      return redirectWithSuccess(back, `${businessName}'s suspension is lifted: it is listed and takes bookings again.`, { status: 303 });
    }
    const reason = form.get("reason");
    const outcome = await suspendVendor(vendorId, typeof reason === "string" ? reason.slice(0, SUSPENSION_REASON_MAX * 4) : "");
    await auditRequest(request, { actor: admin, action: "vendor.suspend", record: { type: "vendor", id: vendorId }, vendorId, detail: String(reason).trim() });
    const visits = `${outcome.cancelled} visit${outcome.cancelled === 1 ? "" : "s"} cancelled and refunded`;
    const gifts = `${outcome.giftsRefunded} gift${outcome.giftsRefunded === 1 ? "" : "s"} refunded to their payers`;
    const left = outcome.left > 0 ? ` ${outcome.left} could not be refunded yet and will be tried again within the hour.` : "";
    return redirectWithSuccess(back, `${outcome.businessName} is suspended: ${visits}, ${gifts}.${left}`, { status: 303 });
  } catch (error) {
    const refused = refusalOf(error);
    return data({ errors: { [refused.field ?? "form"]: [refused.message] } }, { status: refused.status });
  }
}

const STATE_LABEL = { active: "Active", suspended: "Suspended", closed: "Closed" } as const;

export default function AdminVendorsPage() {
  const { q, page, problems, confirm, items, pageCount, total } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errors = answer?.errors as Record<string, string[]> | undefined;
  return (
    <section className="page container">
      <AdminNav />
      <div className="dash-head">
        <div>
          <h1>Vendors</h1>
          <p className="dash-sub">
            Suspend a vendor that breaks Glow&rsquo;s rules: it is hidden from customers, takes no bookings or gift sales, its withdrawals are held, its visits
            to come are cancelled and refunded and its gift balances go back to whoever paid. Lifting the suspension lists it again.
          </p>
        </div>
      </div>
      <Form method="get" className="card form audit-filter" role="search">
        <label className="field">
          <span className="field__label">Business name or owner&rsquo;s e-mail</span>
          <input type="search" name="q" className="input" defaultValue={q} maxLength={VENDOR_SEARCH_MAX} />
        </label>
        <button type="submit" className="btn btn--primary">
          Search
        </button>
      </Form>
      {errors && !errors.reason ? <ErrorSummary errors={errors} /> : null}
      {confirm ? <ConfirmSuspension vendor={confirm} q={q} page={page} reasonErrors={errors?.reason} /> : null}
      <PageProblems problems={problems} page={page} />
      {items.length === 0 && page > 1 ? null : items.length === 0 ? (
        <p className="empty">{q ? `No vendor's name or e-mail contains “${q}”.` : "No vendors yet."}</p>
      ) : (
        <div className="table-wrap">
          <table className="table table--stack">
            <caption className="dash-sub">
              {total.toLocaleString("en-NG")} vendor{total === 1 ? "" : "s"}
              {q ? ` matching “${q}”` : ""}
            </caption>
            <thead>
              <tr>
                <th scope="col">Business</th>
                <th scope="col">Owner</th>
                <th scope="col">Where</th>
                <th scope="col">State</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {items.map((v) => (
                <tr key={v.id}>
                  <td data-label="Business">{v.businessName}</td>
                  <td data-label="Owner">
                    {v.ownerName}, {v.email}
                  </td>
                  <td data-label="Where">
                    {v.area}, {v.city}
                  </td>
                  <td data-label="State">
                    {STATE_LABEL[v.state]}
                    {v.state === "suspended" && v.suspendedAt ? ` since ${formatDate(v.suspendedAt)}: ${v.suspensionReason}` : ""}
                    {v.state === "closed" && v.closedAt ? ` on ${formatDate(v.closedAt)}` : ""}
                  </td>
                  <td data-label="Action">
                    {v.state === "active" ? (
                      <Link
                        to={`${listHref(q, page)}${q || page > 1 ? "&" : "?"}suspend=${v.id}#confirm-suspension`}
                        className="btn btn--outline btn--small"
                        aria-label={`Suspend ${v.businessName}`}
                      >
                        Suspend
                      </Link>
                    ) : v.state === "suspended" ? (
                      <Form method="post" action={listHref(q, page)}>
                        <input type="hidden" name="intent" value="lift" />
                        <input type="hidden" name="vendor" value={v.id} />
                        <button type="submit" className="btn btn--outline btn--small" aria-label={`Lift the suspension of ${v.businessName}`}>
                          Lift the suspension
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
      <Pagination page={page} pageCount={pageCount} label="Vendor pages" />
    </section>
  );
}

function ConfirmSuspension({
  vendor,
  q,
  page,
  reasonErrors,
}: {
  vendor: { id: number; businessName: string; upcoming: number; gifts: number };
  q: string;
  page: number;
  reasonErrors?: string[];
}) {
  return (
    <Form method="post" id="confirm-suspension" className="card form" aria-labelledby="confirm-suspension-title">
      <h2 id="confirm-suspension-title" className="card__title">
        Suspend {vendor.businessName}?
      </h2>
      {reasonErrors ? <ErrorSummary errors={{ reason: reasonErrors }} /> : null}
      <ul>
        <li>Its pages answer &ldquo;not found&rdquo; and it is listed nowhere; it takes no bookings or gift sales; its withdrawals are held.</li>
        <li>
          {vendor.upcoming === 0
            ? "No visits are booked ahead."
            : `${vendor.upcoming} visit${vendor.upcoming === 1 ? "" : "s"} to come will be cancelled and refunded in full, and the customers told.`}
        </li>
        <li>
          {vendor.gifts === 0
            ? "No gift has a balance to refund."
            : `${vendor.gifts} gift${vendor.gifts === 1 ? "" : "s"} with a balance will be refunded to whoever paid for ${vendor.gifts === 1 ? "it" : "them"}.`}
        </li>
        <li>The vendor can still sign in, and sees the reason you give on every page of its dashboard.</li>
      </ul>
      <input type="hidden" name="intent" value="suspend" />
      <input type="hidden" name="vendor" value={vendor.id} />
      <div className="field">
        <label htmlFor="suspension-reason" className="field__label">
          Reason (the vendor reads it)
        </label>
        <textarea
          id="suspension-reason"
          name="reason"
          className="input"
          rows={3}
          required
          minLength={SUSPENSION_REASON_MIN}
          maxLength={SUSPENSION_REASON_MAX}
          aria-invalid={reasonErrors ? true : undefined}
          aria-describedby={reasonErrors ? "suspension-reason-error" : undefined}
        />
        {reasonErrors ? (
          <p id="suspension-reason-error" className="field__error">
            {reasonErrors[0]}
          </p>
        ) : null}
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn--outline btn--danger">
          Suspend {vendor.businessName}
        </button>
        <Link to={listHref(q, page)} className="btn btn--outline">
          Don&rsquo;t suspend
        </Link>
      </div>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
