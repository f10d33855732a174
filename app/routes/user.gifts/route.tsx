import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AccountNav, bookingStyles as styles } from "~/components/booking-pages";
import { GeneralErrorBoundary } from "~/components/common";
import { ErrorSummary } from "~/components/forms";
import { refusalOf } from "~/http/refusal.server";
import { requireUser } from "~/http/session.server";
import { boughtGifts, type BoughtGift, type BoughtGiftState } from "~/models/gifts/bought-gifts.server";
import { refundGift } from "~/models/gifts/gift-money.server";
import { GIFT_REFUND_DAYS } from "~/models/gifts/gift-rules";
import { assertSameOrigin, readForm } from "~/utils/http.server";
import { formatNaira } from "~/utils/money";
import { formatDate } from "~/utils/time";
import { redirectWithSuccess } from "~/utils/toast.server";

// /user/gifts: the gift cards and vouchers the signed-in person bought (docs/domain.md, "Gifts and offers"), each with
// its state, balance and expiry. An unused one, within GIFT_REFUND_DAYS of its purchase, can be refunded to whoever
// paid for it: "Refund" opens a confirmation (?refund={id}, a plain GET, so it works without JavaScript) that says
// where the money goes, and its POST refunds it under the salon's lock (refundGift), so a use at Book Now at the same
// moment and the refund cannot both have the balance.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "My gifts · Glow" }];

const NOT_FOUND = "We couldn't find that gift.";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const gifts = await boughtGifts(user.id);
  const asked = new URL(request.url).searchParams.get("refund");
  if (asked === null) return data({ gifts, confirm: null, problem: null });
  const gift = /^\d{1,9}$/.test(asked) ? gifts.find((g) => g.id === Number(asked)) : undefined;
  if (!gift) return data({ gifts, confirm: null, problem: NOT_FOUND }, { status: 404 });
  if (!gift.refundable) return data({ gifts, confirm: null, problem: whyNot(gift) }, { status: 409 });
  return data({ gifts, confirm: gift, problem: null });
}

/** Why a gift of the person's own has no refund now, in the words the domain uses for the same refusals. */
function whyNot(gift: BoughtGift): string {
  if (gift.state === "refunded") return "This gift was already refunded.";
  if (gift.state === "unpaid") return "This gift is not paid, so there is nothing to refund.";
  if (gift.state !== "unused") return "This gift has been used, so it can't be refunded.";
  return `A gift can be refunded within ${GIFT_REFUND_DAYS} days of its purchase; this one was bought on ${formatDate(gift.paidAt!)}.`;
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const form = await readForm(request, 4 * 1024);
  const id = form.get("gift");
  if (form.get("intent") !== "refund" || typeof id !== "string" || !/^\d{1,9}$/.test(id))
    return data({ refused: "Choose a gift to refund from your list." }, { status: 400 });
  try {
    const { amountKobo, to } = await refundGift({ buyerUserId: user.id }, Number(id));
    return redirectWithSuccess("/user/gifts", `Refunded ${formatNaira(amountKobo)} to ${to === "AutoCredit" ? "your AutoCredit" : to}.`, { status: 303 });
  } catch (error) {
    const refused = refusalOf(error);
    return data({ refused: refused.message }, { status: refused.status });
  }
}

const STATE_LABEL: Record<BoughtGiftState, string> = {
  unpaid: "Not paid yet",
  unused: "Unused",
  "part-used": "Partly used",
  used: "Used up",
  expired: "Expired",
  refunded: "Refunded",
};

export default function MyGifts() {
  const { gifts, confirm, problem } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer?.refused ?? problem;
  return (
    <div className="container booking appointments">
      <AccountNav />
      <header className="booking-head appointments__head">
        <h1>My gifts</h1>
        <p className="booking__muted">
          Gift cards and vouchers you bought. An unused one can be refunded to whoever paid for it within {GIFT_REFUND_DAYS} days of its purchase.
        </p>
      </header>
      {refused ? <ErrorSummary errors={{ refund: [refused] }} /> : null}
      {confirm ? <ConfirmRefund gift={confirm} /> : null}
      {gifts.length === 0 ? (
        <div className="card empty">
          <p>You haven&rsquo;t bought a gift yet. Salons that sell them have &ldquo;Give as a gift&rdquo; on their page.</p>
          <Link to="/" className="btn btn--primary">
            Find a salon
          </Link>
        </div>
      ) : (
        <ul className="appt-list" aria-label="Gifts you bought">
          {gifts.map((g) => (
            <li key={g.id} className="card">
              <h2 className="card__title">
                {g.label.charAt(0).toUpperCase() + g.label.slice(1)} at {g.businessName}
              </h2>
              <dl className="facts">
                <div>
                  <dt>For</dt>
                  <dd>{g.recipientName}</dd>
                </div>
                <div>
                  <dt>State</dt>
                  <dd>{STATE_LABEL[g.state]}</dd>
                </div>
                <div>
                  <dt>Balance</dt>
                  <dd>{formatNaira(g.balanceKobo)}</dd>
                </div>
                <div>
                  <dt>{g.state === "expired" ? "Expired" : "Valid until"}</dt>
                  <dd>{g.expiresAt ? formatDate(g.expiresAt) : "From its payment"}</dd>
                </div>
                <div>
                  <dt>{g.paidAt ? "Bought" : "Ordered"}</dt>
                  <dd>{formatDate(g.paidAt ?? g.createdAt)}</dd>
                </div>
              </dl>
              {g.refundable ? (
                <Link to={`/user/gifts?refund=${g.id}#confirm-refund`} className="btn btn--outline btn--small">
                  Refund
                </Link>
              ) : g.payToken ? (
                <Link to={`/gift/pay/${g.payToken}`} className="btn btn--outline btn--small">
                  Pay for it
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ConfirmRefund({ gift }: { gift: BoughtGift }) {
  return (
    <section id="confirm-refund" className="card" aria-labelledby="confirm-refund-title">
      <h2 id="confirm-refund-title" className="card__title">
        Refund this gift?
      </h2>
      <p>
        {formatNaira(gift.balanceKobo)} for the {gift.label} for {gift.recipientName} at {gift.businessName} goes back to {gift.refundTo}. Its code stops
        working at once, and this can&rsquo;t be undone.
      </p>
      <Form method="post" action="/user/gifts" className="appt-actions">
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="gift" value={gift.id} />
        <button type="submit" className="btn btn--primary">
          Yes, refund {formatNaira(gift.balanceKobo)}
        </button>
        <Link to="/user/gifts" className="btn btn--outline">
          Keep the gift
        </Link>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
