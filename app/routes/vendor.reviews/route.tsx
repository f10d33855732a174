import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/common";
import { MemberFilter } from "~/components/member-filter";
import { readMemberFilter } from "~/http/member-filter.server";
import { ReviewList, ReviewListItem, ReviewTextForm } from "~/components/review-list";
import { REPLY_MAX_LENGTH } from "~/models/reviews/review-rules";
import { formatDate } from "~/utils/time";
import { ReplySchema } from "./schema";
import { assertSameOrigin, readForm } from "~/utils/http.server";
import { listPageOutcome, readListPage } from "~/utils/query-params.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { replyToReview, vendorReviews } from "~/models/reviews/reviews.server";
import { refusalOf } from "~/http/refusal.server";
import { requireVendor } from "~/http/session.server";

// /vendor/reviews: what customers wrote about the vendor's services, newest first, with one public reply each; a
// salon of several members may show one member's (the reviews of the visits they did).

export const meta: MetaFunction = () => [{ title: "Reviews | Glow vendor" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "reviews");
  const url = new URL(request.url);
  const read = readListPage(url.searchParams);
  const { members, member } = await readMemberFilter(url, vendor.vendorId);
  const list = await vendorReviews(vendor.vendorId, read.page, member ?? undefined);
  const { problems, status } = listPageOutcome(read, list.items.length);
  return data({ page: read.page, problems, members, member, ...list }, { status });
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const vendor = await requireVendor(request, "reviews");
  const submission = parseWithZod(await readForm(request), { schema: ReplySchema });
  const back = `/vendor/reviews${new URL(request.url).search}`;
  if (submission.status !== "success") {
    const message = submission.error?.reply?.[0] ?? submission.error?.id?.[0] ?? "Please write your reply.";
    return redirectWithError(`${back}#reviews-top`, message, { status: 303 });
  }
  try {
    await replyToReview(vendor.vendorId, submission.value.id, submission.value.reply);
  } catch (error) {
    const refused = refusalOf(error);
    if (refused.code === "not-found") throw new Response(refused.message, { status: refused.status });
    return redirectWithError(`${back}#review-${submission.value.id}`, refused.message, { status: 303 });
  }
  return redirectWithSuccess(`${back}#review-${submission.value.id}`, "Your reply is published.", { status: 303 });
}

export default function VendorReviewsPage() {
  const { page, problems, items, pageCount, total, members, member } = useLoaderData<typeof loader>();
  const memberName = members.find((m) => m.id === member)?.name;
  return (
    <section className="page" id="reviews-top">
      <div className="dash-head">
        <div>
          <h1>Reviews</h1>
          <p className="dash-sub">What customers wrote after their visits. You may reply once to each; replies are public.</p>
        </div>
      </div>
      <MemberFilter members={members} chosen={member} />
      {memberName ? (
        <p className="dash-sub">
          {total} review{total === 1 ? "" : "s"} of {memberName}&rsquo;s visits
        </p>
      ) : null}
      <ReviewList page={page} problems={problems} pageCount={pageCount} count={items.length}>
        {items.map((r) => (
          <ReviewListItem key={r.id} review={r}>
            {r.hiddenReason ? <p className="notice">Hidden by Glow: {r.hiddenReason}</p> : null}
            {r.reply ? (
              <p className="vreview__reply">
                <strong>Your reply</strong> {r.replyAt ? `(${formatDate(r.replyAt)})` : null}: {r.reply}
              </p>
            ) : r.hiddenReason ? null : (
              <ReviewTextForm
                reviewId={r.id}
                opener="Reply"
                name="reply"
                label={`Your public reply to ${r.author}`}
                maxLength={REPLY_MAX_LENGTH}
                rows={3}
                submit="Publish reply"
                submitClassName="btn btn--primary btn--small"
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
