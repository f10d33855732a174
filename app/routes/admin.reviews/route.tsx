import { parseWithZod } from "@conform-to/zod/v4";
import { AdminNav } from "~/components/admin-nav";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/common";
import { ReviewList, ReviewListItem, ReviewTextForm } from "~/components/review-list";
import { HIDE_REASON_MAX_LENGTH, MODERATION_FILTERS, type ModerationFilter } from "~/models/reviews/review-rules";
import styles from "~/styles/dashboard.css";
import { assertSameOrigin, readForm } from "~/utils/http.server";
import { hideReview, reviewsToModerate, unhideReview } from "~/models/reviews/reviews.server";
import { listPageOutcome, readListPage } from "~/utils/query-params.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { refusalOf } from "~/http/refusal.server";
import { requireAdmin } from "~/http/session.server";
import { ModerateSchema } from "./schema";
import { auditRequest } from "~/http/audit.server";

// /admin/reviews: every review, all or only those shown or hidden; an administrator hides an abusive one with a
// reason (it stops counting at once) and can show one hidden by mistake again.

const FILTER_LABEL: Record<ModerationFilter, string> = { all: "All", shown: "Shown", hidden: "Hidden" };
const filterOf = (value: string | null): ModerationFilter => MODERATION_FILTERS.find((f) => f === value) ?? "all";
const listHref = (filter: ModerationFilter) => (filter === "all" ? "/admin/reviews" : `/admin/reviews?show=${filter}`);

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Reviews | Glow admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const filter = filterOf(url.searchParams.get("show"));
  const read = readListPage(url.searchParams);
  const list = await reviewsToModerate(filter, read.page);
  const { problems, status } = listPageOutcome(read, list.items.length);
  return data({ filter, page: read.page, problems, ...list }, { status });
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  const back = listHref(filterOf(new URL(request.url).searchParams.get("show")));
  // The hide form was the only one before "Show again": a post without an intent hides, as it always did.
  if (!form.has("intent")) form.set("intent", "hide");
  const submission = parseWithZod(form, { schema: ModerateSchema });
  if (submission.status !== "success") {
    const reasonError = submission.error?.reason?.[0];
    if (reasonError) return redirectWithError(back, reasonError, { status: 303 });
    throw new Response("Choose a review to hide or show.", { status: 400 });
  }
  const v = submission.value;
  try {
    if (v.intent === "hide") await hideReview(v.id, v.reason);
    else await unhideReview(v.id);
  } catch (error) {
    const refused = refusalOf(error);
    if (refused.code === "not-found") throw new Response(refused.message, { status: refused.status });
    return redirectWithError(back, refused.message, { status: 303 });
  }
  if (v.intent === "hide") {
    await auditRequest(request, { actor: admin, action: "review.hide", record: { type: "review", id: v.id }, detail: v.reason });
    return redirectWithSuccess(back, "Hidden: it no longer shows or counts.", { status: 303 });
  }
  await auditRequest(request, { actor: admin, action: "review.unhide", record: { type: "review", id: v.id } });
  return redirectWithSuccess(back, "Shown again: it counts in the ratings once more.", { status: 303 });
}

export default function AdminReviewsPage() {
  const { filter, page, problems, items, pageCount, total } = useLoaderData<typeof loader>();
  return (
    <section className="page container">
      <AdminNav />
      <div className="dash-head">
        <div>
          <h1>Customer reviews</h1>
          <p className="dash-sub">Hide a review that is abusive; give the reason its vendor will see.</p>
        </div>
      </div>
      <nav className="tabs" aria-label="Which reviews">
        {MODERATION_FILTERS.map((f) => (
          <Link key={f} to={listHref(f)} className="tabs__tab" aria-current={f === filter ? "page" : undefined}>
            {FILTER_LABEL[f]}
            {f === filter ? ` (${total.toLocaleString("en-NG")})` : ""}
          </Link>
        ))}
      </nav>
      <ReviewList page={page} problems={problems} pageCount={pageCount} count={items.length}>
        {items.map((r) => (
          <ReviewListItem key={r.id} review={r}>
            <p className="dash-sub">{r.vendorName}</p>
            {r.reply ? <p className="vreview__reply">Reply: {r.reply}</p> : null}
            {r.hidden ? (
              <div className="notice">
                <p>Hidden: {r.hiddenReason}</p>
                <Form method="post">
                  <input type="hidden" name="intent" value="unhide" />
                  <input type="hidden" name="id" value={r.id} />
                  <button type="submit" className="btn btn--outline btn--small">
                    Show it again
                  </button>
                </Form>
              </div>
            ) : (
              <ReviewTextForm
                reviewId={r.id}
                opener="Hide"
                name="reason"
                label="Why is it hidden?"
                minLength={3}
                maxLength={HIDE_REASON_MAX_LENGTH}
                rows={2}
                submit="Hide this review"
                submitClassName="btn btn--danger btn--small"
              />
            )}
          </ReviewListItem>
        ))}
      </ReviewList>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
