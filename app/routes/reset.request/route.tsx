import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { AuthField, AuthFormPanel, useAuthForm } from "~/components/auth-form";
import { GeneralErrorBoundary } from "~/components/common";
import { assertSameOrigin, readForm, retryAfterHeaders } from "~/utils/http.server";
import { authMessage, getAuthClient } from "~/models/accounts/auth-client.server";
import { botFailure, formFailure, pageStatus, rateLimitFailure } from "~/http/auth-route.server";
import { readResetCookie, resetCookieHeader } from "~/http/reset-cookie.server";
import { recallResetEmail, rememberResetEmail, RESET_TOKEN_MINUTES } from "~/models/accounts/auth.server";
import { ForgotSchema, REQUEST_EMAIL_KEY } from "~/utils/auth-schemas";
import authStyles from "~/styles/auth.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: authStyles }];

export const meta: MetaFunction = () => [{ title: "Forgot Password | Glow" }];

// A refused attempt's Retry-After reaches the page and its .data answer.
export const headers = retryAfterHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const sent = new URL(request.url).searchParams.has("sent");
  // The link's lifetime comes with the data: a `.server` module's constant is undefined in the browser.
  return { sent, email: sent ? await recallResetEmail(await readResetCookie(request)) : null, minutes: RESET_TOKEN_MINUTES };
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: ForgotSchema });
  const bot = botFailure(formData, submission);
  if (bot) return bot;
  if (submission.status !== "success") return formFailure(submission, []);
  const { email } = submission.value;
  const limited = await rateLimitFailure(request, "forgot", submission, email);
  if (limited) return limited;
  const outcome = await getAuthClient().call("forgot_password", { email });
  const verdict = authMessage("forgot_password", outcome);
  if (!verdict.ok) return formFailure(submission, verdict.message ? [verdict.message] : [], pageStatus(outcome));
  // Post/redirect/get: the success message is a page of its own, and the server remembers the e-mail.
  return redirect("/reset/request?sent=1", { status: 303, headers: { "Set-Cookie": await resetCookieHeader(await rememberResetEmail(email)) } });
}

export default function ForgotPasswordPage() {
  const { sent, email, minutes } = useLoaderData<typeof loader>();
  return <div className="auth container">{sent ? <LinkSent email={email} minutes={minutes} /> : <ForgotForm />}</div>;
}

function LinkSent({ email, minutes }: { email: string | null; minutes: number }) {
  useEffect(() => {
    try {
      if (email) localStorage.setItem(REQUEST_EMAIL_KEY, email);
    } catch {
      // Storage may be off (private mode); the server remembers the e-mail too.
    }
  }, [email]);
  return (
    <section className="auth__panel card auth__done" aria-labelledby="sent-title">
      <img src="/img/newsletter.svg" alt="" width={240} height={180} className="auth__done-art" />
      <h1 id="sent-title">Check your email</h1>
      <p role="status">
        We've sent a link to reset your password
        {email ? (
          <>
            {" "}
            to <strong>{email}</strong>
          </>
        ) : null}
        . It works once, for {minutes} minutes.
      </p>
      <p className="auth__switch">
        No e-mail? Check your spam folder, or <Link to="/reset/request">send another link</Link>.
      </p>
      <p>
        <Link to="/login" className="btn btn--outline">
          Back to Login
        </Link>
      </p>
    </section>
  );
}

function ForgotForm() {
  const auth = useAuthForm({
    id: "forgot",
    schema: ForgotSchema,
    lastResult: useActionData<typeof action>()?.result,
    loadingMessage: "Sending your reset link…",
  });
  return (
    <AuthFormPanel
      auth={auth}
      title="Forgot Password"
      lead="Enter the email address of your account and we'll send you a link to choose a new password."
      submit="Send reset link"
      ready={!auth.hints.email}
      elsewhere={
        <>
          Remembered it? <Link to="/login">Login</Link>
        </>
      }
    >
      {/* Here, unlike the other forms, the hint shows whenever the focused field is invalid, empty included. */}
      <AuthField meta={auth.fields.email} label="Email" type="email" hint={auth.hints.email} hintFrom={0} autoComplete="email" />
    </AuthFormPanel>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
