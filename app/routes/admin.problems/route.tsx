import { parseWithZod } from "@conform-to/zod/v4";
import { AdminNav } from "~/components/admin-nav";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary, PrevNext, PageProblems } from "~/components/common";
import styles from "~/styles/dashboard.css";
import { formatNaira } from "~/utils/money";
import { formatDate, formatTime } from "~/utils/time";
import { assertSameOrigin, readForm } from "~/utils/http.server";
import { listReportedVisits, resolveProblem } from "~/models/appointments/problems.server";
import { listPageOutcome, readListPage } from "~/utils/query-params.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { refusalOf } from "~/http/refusal.server";
import { requireAdmin } from "~/http/session.server";
import { ResolveSchema } from "./schema";
import { auditRequest } from "~/http/audit.server";

// /admin/problems: visits whose customer reported a problem (docs/domain.md "Reported problems"). The admin
// releases the money to the vendor, refunds whoever paid, or records that the stylist did not come (the vendor's
// no-show: what was paid goes back and no fee is charged); whichever, both sides are e-mailed.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Reported visits | Glow admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const read = readListPage(new URL(request.url).searchParams);
  const list = await listReportedVisits(read.page);
  const { problems, status } = listPageOutcome(read, list.items.length);
  return data({ page: read.page, problems, ...list }, { status });
}

const DONE = {
  release: "Released: the visit is completed and its payment is the vendor's. Both sides were e-mailed.",
  refund: "Refunded: the money goes back to whoever paid. Both sides were e-mailed.",
  "vendor-no-show": "Recorded as the vendor's no-show: no fee is charged and anything paid goes back. Both sides were e-mailed.",
} as const;

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await readForm(request), { schema: ResolveSchema });
  if (submission.status !== "success") throw new Response("Choose a reported visit, and release, refund or vendor no-show.", { status: 400 });
  const { id, resolution } = submission.value;
  let row;
  try {
    row = await resolveProblem(admin.id, id, resolution);
  } catch (error) {
    const refused = refusalOf(error);
    if (refused.code === "not-found") throw new Response(refused.message, { status: refused.status });
    return redirectWithError("/admin/problems", refused.message, { status: 303 });
  }
  await auditRequest(request, {
    actor: admin,
    action: resolution === "release" ? "problem.release" : "problem.refund",
    record: { type: "appointment", id: row.ref },
    vendorId: row.vendor_id,
  });
  return redirectWithSuccess("/admin/problems", DONE[resolution], { status: 303 });
}

const OUTCOME = { released: "Released to the vendor", refunded: "Refunded", vendor_no_show: "Vendor no-show: the stylist did not come" } as const;

export default function AdminProblemsPage() {
  const { page, problems, items, hasMore } = useLoaderData<typeof loader>();
  return (
    <section className="page container">
      <AdminNav />
      <div className="dash-head">
        <div>
          <h1>Reported visits</h1>
          <p className="dash-sub">
            A customer reported a problem with these visits, so they are not completed and their money is pending. Release it to the vendor, refund whoever
            paid, or, when the stylist did not come, record the vendor&rsquo;s no-show (nothing is charged and anything paid goes back).
          </p>
        </div>
      </div>
      <PageProblems problems={problems} page={page} />
      {items.length === 0 && page > 1 ? null : items.length === 0 ? (
        <div className="card empty">
          <p>No reported visits.</p>
        </div>
      ) : (
        <ul className="vreviews">
          {items.map((p) => (
            <li key={p.appointmentId} className="card vreview" aria-labelledby={`problem-${p.appointmentId}`}>
              <p className="vreview__head">
                <strong id={`problem-${p.appointmentId}`}>
                  {p.serviceTitle} at {p.businessName}
                </strong>{" "}
                · {p.ref} · {formatDate(p.startsAt)}, {formatTime(p.startsAt)} · {formatNaira(p.totalKobo)}
                {p.paymentStatus === "paid" ? "" : " (paid at the visit)"}
              </p>
              <p className="vreview__body">
                {p.customerName} {p.kind === "no_show_dispute" ? "disputed the no-show" : "reported"} on {formatDate(p.reportedAt)}: <q>{p.reason}</q>
              </p>
              {p.resolution ? (
                <p className="notice">
                  {OUTCOME[p.resolution]} on {formatDate(p.resolvedAt!)}
                </p>
              ) : (
                <div className="problem-actions">
                  <Form method="post">
                    <input type="hidden" name="id" value={p.appointmentId} />
                    <input type="hidden" name="resolution" value="release" />
                    <button type="submit" className="btn btn--primary btn--small">
                      Release to the vendor
                    </button>
                  </Form>
                  {p.paymentStatus === "paid" ? (
                    <Form method="post">
                      <input type="hidden" name="id" value={p.appointmentId} />
                      <input type="hidden" name="resolution" value="refund" />
                      <button type="submit" className="btn btn--outline btn--danger btn--small">
                        Refund the payer
                      </button>
                    </Form>
                  ) : null}
                  <Form method="post">
                    <input type="hidden" name="id" value={p.appointmentId} />
                    <input type="hidden" name="resolution" value="vendor-no-show" />
                    <button type="submit" className="btn btn--outline btn--small">
                      The stylist did not come
                    </button>
                  </Form>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <PrevNext page={page} hasMore={hasMore} label="Reported visits pages" />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
