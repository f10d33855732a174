import { isRouteErrorResponse, Link, useRouteError, useRouteLoaderData, type ErrorResponse } from "@remix-run/react";
import type { ReactNode } from "react";

type StatusHandler = (info: { error: ErrorResponse }) => ReactNode;

const defaultMessages: Record<number, { title: string; text: string }> = {
  400: { title: "That request didn't look right", text: "Please check what you entered and try again." },
  403: { title: "You can't open this page", text: "This page belongs to another kind of account." },
  404: { title: "We couldn't find that page", text: "It may have moved, or the link may be mistyped." },
  405: { title: "That action isn't available here", text: "Please go back and use the page's own buttons." },
  413: { title: "That was too large", text: "Please send something smaller." },
  429: { title: "Too many attempts", text: "Please wait a little and try again." },
  503: { title: "Busy for a moment", text: "Please try again in a few seconds." },
};

/**
 * The one error boundary every route uses: status-specific messages, never a stack trace.
 * Routes may pass their own handlers for a status, e.g. a 404 that suggests other services.
 */
export function GeneralErrorBoundary({ statusHandlers = {} }: { statusHandlers?: Record<number, StatusHandler> }) {
  const error = useRouteError();
  // The vendor dashboard's frame loaded: a salon's member (a stylist opening the owner's page) is on the team, and
  // their own day is the page they may always open (docs/domain.md, "Roles").
  const onTeam = useRouteLoaderData("routes/vendor") !== undefined;
  if (isRouteErrorResponse(error)) {
    const custom = statusHandlers[error.status];
    if (custom) return <>{custom({ error })}</>;
    const known = defaultMessages[error.status];
    const detail = typeof error.data === "string" && error.data.length < 300 ? error.data : undefined;
    // A 503 we throw says why and when to come back (the upload slots'); no other 5xx text is ever shown.
    return (
      <ErrorPanel
        title={known?.title ?? `Something went wrong (${error.status})`}
        text={detail && (error.status < 500 || error.status === 503) ? detail : (known?.text ?? "Please try again in a moment.")}
        myDay={error.status === 403 && onTeam}
      />
    );
  }
  return <ErrorPanel title="Something went wrong on our side" text="We've logged it. Please try again in a moment." />;
}

export function ErrorPanel({
  title,
  text,
  myDay = false,
  action,
  children,
}: {
  title: string;
  text: string;
  myDay?: boolean;
  /** The page's own way on (a gone page's "Browse …"), first and primary, in place of browsing hair services. */
  action?: { href: string; label: string };
  children?: ReactNode;
}) {
  const first = action ?? (myDay ? { href: "/vendor/day", label: "Open my day" } : null);
  return (
    <section className="error-panel container" aria-labelledby="error-title">
      <img src="/img/empty.svg" alt="" width={240} height={180} />
      <h1 id="error-title">{title}</h1>
      <p>{text}</p>
      {children}
      <p className="error-panel__actions">
        {first ? (
          <Link to={first.href} className="btn btn--primary">
            {first.label}
          </Link>
        ) : null}
        <Link to="/" className={first ? "btn btn--outline" : "btn btn--primary"}>
          Go to Home
        </Link>
        {action ? null : (
          <Link to="/search/hair" className="btn btn--outline">
            Browse hair services
          </Link>
        )}
      </p>
    </section>
  );
}

/** What a page gone for good answers with (410): why, similar services to book instead, and where to browse more. */
export interface GoneData {
  message: string;
  similar: { title: string; href: string; vendorName: string }[];
  browse: { href: string; label: string };
}

export function GonePanel({ title, gone }: { title: string; gone: unknown }) {
  const g = gone as Partial<GoneData> | null;
  if (!g || typeof g.message !== "string" || !g.browse) return <ErrorPanel title={title} text="It is no longer on Glow." />;
  return (
    <ErrorPanel title={title} text={g.message} action={g.browse}>
      {g.similar && g.similar.length > 0 ? (
        <>
          <h2 className="error-panel__sub">Similar services you can book</h2>
          <ul className="error-panel__links">
            {g.similar.map((s) => (
              <li key={s.href}>
                <Link to={s.href}>{s.title}</Link> by {s.vendorName}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </ErrorPanel>
  );
}
