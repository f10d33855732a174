import { NavLink } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { useHydrated } from "~/components/forms";
import { formatNaira } from "~/utils/money";
import { ShareOnWhatsApp } from "~/components/whatsapp-links";

// Parts shared by the booking steps, the payment link, the checkout and the appointment pages.

export function StepHeader({ step, title }: { step: 1 | 2; title: string }) {
  return (
    <header className="booking-head">
      <ol className="steps" aria-label={`Step ${step} of 2`}>
        <li className="steps__step" aria-current={step === 1 ? "step" : undefined}>
          <span className="steps__n">1</span> Booking
        </li>
        <li className="steps__step" aria-current={step === 2 ? "step" : undefined}>
          <span className="steps__n">2</span> Payment
        </li>
      </ol>
      <p className="booking-head__step">Step {step} of 2</p>
      <h1>{title}</h1>
    </header>
  );
}

/**
 * An appointment's facts as a definition list, the date and time of its visit first: the booking step's and the
 * payment step's summaries, the pay link's, and the customer's appointment page, which adds its further rows as
 * `children` (with its own `className`). `date` and `time` are the text to show (the booking step shows what to
 * choose while nothing is chosen).
 */
export function VisitFacts({ date, time, className = "summary-when", children }: { date: string; time: string; className?: string; children?: ReactNode }) {
  return (
    <dl className={className}>
      <div>
        <dt>Date</dt>
        <dd>{date}</dd>
      </div>
      <div>
        <dt>Time</dt>
        <dd>{time}</dd>
      </div>
      {children}
    </dl>
  );
}

/** A price breakdown: each line and the total. `live` announces total changes (the total follows choices with JS). */
/**
 * A booking's lines and total; with `promoKobo` and `giftKobo`, what a promo code took off and what gifts covered of
 * it, and what was left to pay (the appointment's own total, docs/domain.md "Gifts and offers", "Promo codes").
 */
export function SummaryLines({
  items,
  totalKobo,
  giftKobo = 0,
  promoKobo = 0,
  promoCode = null,
  live = false,
}: {
  items: { name: string; priceKobo: number }[];
  totalKobo: number;
  giftKobo?: number;
  promoKobo?: number;
  promoCode?: string | null;
  live?: boolean;
}) {
  return (
    <div className="summary">
      <ul className="summary__lines">
        {items.map((item, i) => (
          <li key={`${item.name}-${i}`}>
            <span>{item.name}</span>
            <span>{formatNaira(item.priceKobo)}</span>
          </li>
        ))}
      </ul>
      <p className="summary__total">
        <span>Total</span>
        <strong aria-live={live ? "polite" : undefined}>{formatNaira(totalKobo + giftKobo + promoKobo)}</strong>
      </p>
      {giftKobo > 0 || promoKobo > 0 ? (
        <>
          <ul className="summary__lines">
            {promoKobo > 0 ? (
              <li>
                <span>Promo {promoCode}</span>
                <span>&minus;{formatNaira(promoKobo)}</span>
              </li>
            ) : null}
            {giftKobo > 0 ? (
              <li>
                <span>Gift card</span>
                <span>&minus;{formatNaira(giftKobo)}</span>
              </li>
            ) : null}
          </ul>
          <p className="summary__total">
            <span>Left to pay</span>
            <strong>{formatNaira(totalKobo)}</strong>
          </p>
        </>
      ) : null}
    </div>
  );
}

/** The text "Share on WhatsApp" types in beside a payment link: what, where, how much, and the link. */
export function payLinkMessage(p: { url: string; serviceTitle: string; businessName: string; amountKobo: number }): string {
  return `Please help me pay for my ${p.serviceTitle} at ${p.businessName} on Glow (${formatNaira(p.amountKobo)}):\n${p.url}`;
}

/**
 * The landing banner's promise: a link anyone can open to pay for this order. The link is plain, selectable text;
 * with JavaScript a Copy button appears. WhatsApp's share link works everywhere.
 */
export function ShareLink({ url, serviceTitle, businessName, amountKobo }: { url: string; serviceTitle: string; businessName: string; amountKobo: number }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const message = payLinkMessage({ url, serviceTitle, businessName, amountKobo });
  return (
    <section className="card share" aria-labelledby="share-title">
      <h2 id="share-title">Let someone else pay</h2>
      <p>Share this payment link with anyone. They see what it is for and can pay on your behalf; we tell you when they do.</p>
      <p className="share__url" id="pay-link">
        {url}
      </p>
      <div className="share__actions">
        {hydrated ? (
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => {
              // Without the Clipboard API (plain http, old WebViews) the link is selected for the person to copy.
              const select = () => {
                const text = document.getElementById("pay-link");
                if (text) window.getSelection()?.selectAllChildren(text);
              };
              if (navigator.clipboard) navigator.clipboard.writeText(url).then(() => setCopied(true), select);
              else select();
            }}
          >
            {copied ? "Link copied" : "Copy link"}
          </button>
        ) : null}
        <ShareOnWhatsApp text={message} />
      </div>
    </section>
  );
}

/** Between the customer's own pages. */
export function AccountNav() {
  return (
    <nav className="account-nav" aria-label="My account">
      <NavLink to="/user/appointment" className="account-nav__link">
        My appointments
      </NavLink>
      <NavLink to="/user/gifts" className="account-nav__link">
        My gifts
      </NavLink>
      <NavLink to="/user/profile" className="account-nav__link">
        My profile
      </NavLink>
    </nav>
  );
}
