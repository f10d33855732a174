import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, useLoaderData } from "@remix-run/react";
import { bookingStyles as styles } from "~/components/booking-pages";
import { GeneralErrorBoundary } from "~/components/common";
import { refusalOf } from "~/http/refusal.server";
import { printGiftCode, normaliseGiftCode } from "~/utils/gift-code.server";
import { readVoucher } from "~/models/gifts/voucher.server";
import { clientIp } from "~/utils/client-ip.server";
import { formatNaira } from "~/utils/money";
import { formatDate, formatTime } from "~/utils/time";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Your gift · Glow" }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];

// GET /gift/{code}: the printable voucher (docs/domain.md, "Gifts and offers"). The code is the key: whoever has it
// sees the gift's salon, balance, expiry and history. Every look counts against the address's limit of code checks.
export async function loader({ params, request }: LoaderFunctionArgs) {
  const input = params.code ?? "";
  try {
    const voucher = await readVoucher(input, clientIp(request));
    return data({ ...voucher, code: printGiftCode(normaliseGiftCode(input)!) }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    const refused = refusalOf(error);
    throw new Response(refused.message, { status: refused.status, headers: { "Content-Type": "text/plain; charset=utf-8", ...refused.headers } });
  }
}

export default function VoucherPage() {
  const v = useLoaderData<typeof loader>();
  const what = v.kind === "voucher" ? `Voucher for ${v.serviceTitle}` : `${formatNaira(v.amountKobo)} gift card`;
  const usable = v.status === "active" && !v.expired && v.balanceKobo > 0;
  return (
    <div className="container booking voucher">
      <header className="booking-head">
        <p className="booking-head__step">A gift from {v.buyerName}</p>
        <h1>
          {what} at {v.businessName}
        </h1>
      </header>
      <section className="card voucher__card" aria-labelledby="voucher-title">
        <h2 id="voucher-title">For {v.recipientName}</h2>
        {v.message ? <blockquote className="voucher__message">{v.message}</blockquote> : null}
        <dl className="receipt">
          <div>
            <dt>Code</dt>
            <dd className="voucher__code">{v.code}</dd>
          </div>
          <div>
            <dt>Balance</dt>
            <dd>
              <strong>{formatNaira(v.balanceKobo)}</strong>
            </dd>
          </div>
          <div>
            <dt>Valid until</dt>
            <dd>{formatDate(v.expiresAt)}, end of the day (Lagos time)</dd>
          </div>
          <div>
            <dt>Salon</dt>
            <dd>
              {v.businessName}, {v.area}, {v.city}
            </dd>
          </div>
        </dl>
        {v.status === "refunded" ? (
          <p className="notice notice--error" role="status">
            This gift was refunded to whoever paid for it: it can no longer be used.
          </p>
        ) : v.expired ? (
          <p className="notice notice--error" role="status">
            This gift expired on {formatDate(v.expiresAt)}.
          </p>
        ) : usable ? (
          // How a code is spent: at Book Now (docs/domain.md, "Gifts and offers").
          <p className="notice">
            To spend it,{" "}
            <a href={`/profile/vendor/${v.vendorId}`}>
              book {v.kind === "voucher" ? v.serviceTitle : "a service"} at {v.businessName}
            </a>{" "}
            on Glow and enter this code under &ldquo;Gift card or voucher code&rdquo; before Book Now: it pays what it covers, you pay any rest as usual, and
            what it does not spend stays on it until it expires. An unused gift can be refunded to whoever paid within 14 days of the purchase: ask{" "}
            {v.businessName}.
          </p>
        ) : (
          <p className="notice">This gift has been used in full.</p>
        )}
      </section>
      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title">History</h2>
        <table className="table voucher__history">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">What</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {v.history.map((h, i) => (
              <tr key={i}>
                <td>
                  {formatDate(h.at)}, {formatTime(h.at)}
                </td>
                <td>
                  {h.label}
                  {h.ref ? ` (${h.ref})` : ""}
                </td>
                {/* A spent reservation moves no money of its own: the reservation above already took it off the balance. */}
                <td className="amount">{h.kind === "spent" ? "" : formatNaira(h.amountKobo)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="booking__muted">To print it, use your browser&rsquo;s Print. Keep the code private: it is the gift, and whoever has it holds it.</p>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
