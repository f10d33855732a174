import { parseWithZod } from "@conform-to/zod/v4";
import { AdminNav } from "~/components/admin-nav";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/common";
import { ReviewList, ReviewListItem, ReviewTextForm } from "~/components/review-list";
import { HIDE_REASON_MAX_LENGTH } from "~/models/reviews/review-rules";
import styles from "~/styles/dashboard.css";
import { assertSameOrigin, readForm } from "~/utils/http.server";
import { hideReview, recentVisitReviews } from "~/models/reviews/reviews.server";
import { listPageOutcome, readListPage } from "~/utils/query-params.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { refusalOf } from "~/http/refusal.server";
import { requireAdmin } from "~/http/session.server";
import { HideSchema } from "./schema";
import { auditRequest } from "~/http/audit.server";

// /admin/reviews: an administrator hides an abusive review with a reason; it stops counting at once.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Reviews | Glow admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const read = readListPage(new URL(request.url).searchParams);
  const list = await recentVisitReviews(read.page);
  const { problems, status } = listPageOutcome(read, list.items.length);
  return data({ page: read.page, problems, ...list }, { status });
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await readForm(request), { schema: HideSchema });
  if (submission.status !== "success") {
    const reasonError = submission.error?.reason?.[0];
    if (reasonError) return redirectWithError("/admin/reviews", reasonError, { status: 303 });
    throw new Response("Choose a review to hide.", { status: 400 });
  }
  try {
    await hideReview(submission.value.id, submission.value.reason);
  } catch (error) {
    const refused = refusalOf(error);
    if (refused.code === "not-found") throw new Response(refused.message, { status: refused.status });
    return redirectWithError("/admin/reviews", refused.message, { status: 303 });
  }
  await auditRequest(request, { actor: admin, action: "review.hide", record: { type: "review", id: submission.value.id }, detail: submission.value.reason });
  return redirectWithSuccess("/admin/reviews", "Hidden: it no longer shows or counts.", { status: 303 });
}

export default function AdminReviewsPage() {
  const { page, problems, items, pageCount } = useLoaderData<typeof loader>();
  return (
    <section className="page container">
      <AdminNav />
      <div className="dash-head">
        <div>
          <h1>Customer reviews</h1>
          <p className="dash-sub">Hide a review that is abusive; give the reason its vendor will see.</p>
        </div>
      </div>
      <ReviewList page={page} problems={problems} pageCount={pageCount} count={items.length}>
        {items.map((r) => (
          <ReviewListItem key={r.id} review={r}>
            {r.reply ? <p className="vreview__reply">Reply: {r.reply}</p> : null}
            {r.hidden ? (
              <p className="notice">Hidden: {r.hiddenReason}</p>
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
