import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { GeneralErrorBoundary } from "~/components/common";
import { AUTH_TEXT, REQUEST_EMAIL_KEY } from "~/utils/auth-schemas";
import authStyles from "~/styles/auth.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: authStyles }];

export const meta: MetaFunction = () => [{ title: "Password Changed | Glow" }];

/** How long 'Password Changed' shows before the login page. */
const REDIRECT_MS = 3000;

// The 'Password Changed' screen, then the login page after 3 seconds: a meta refresh without JavaScript,
// a client navigation with it (the <noscript> refresh is then never parsed).
export default function PasswordChangedPage() {
  const navigate = useNavigate();
  useEffect(() => {
    try {
      localStorage.removeItem(REQUEST_EMAIL_KEY);
    } catch {
      // Nothing to tidy when storage is off.
    }
    const timer = setTimeout(() => navigate("/login", { replace: true }), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="auth container">
      <noscript>
        <meta httpEquiv="refresh" content={`${REDIRECT_MS / 1000};url=/login`} />
      </noscript>
      <section className="auth__panel card auth__done" aria-labelledby="changed-title">
        <span className="auth__done-icon" aria-hidden="true">
          ✓
        </span>
        <h1 id="changed-title">{AUTH_TEXT.passwordChanged}</h1>
        <p role="status">Your password is changed and you were signed out everywhere. Taking you to the login page…</p>
        <p>
          <Link to="/login" replace className="btn btn--primary">
            Go to Login
          </Link>
        </p>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
