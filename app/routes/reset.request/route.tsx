import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { AuthField, FormErrors, useAuthForm } from "~/components/auth-form";
import { GeneralErrorBoundary } from "~/components/common";
import { Honeypot } from "~/components/honeypot";
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
        We've sent a link to reset your password{email ? <> to <strong>{email}</strong></> : null}. It works once, for {minutes}{" "}
        minutes.
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
  const { form, fields, hints, hydrated, busy, refused } = useAuthForm({
    id: "forgot",
    schema: ForgotSchema,
    lastResult: useActionData<typeof action>()?.result,
    loadingMessage: "Sending your reset link…",
  });
  return (
    <section className="auth__panel card" aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot Password</h1>
      <p className="auth__lead">Enter the email address of your account and we'll send you a link to choose a new password.</p>
      <Form method="post" className="form" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} refused={refused} />
        <Honeypot />
        {/* Here, unlike the other forms, the hint shows whenever the focused field is invalid, empty included. */}
        <AuthField meta={fields.email} label="Email" type="email" hint={hints.email} hintFrom={0} autoComplete="email" />
        <button type="submit" className="btn btn--primary btn--block" disabled={hydrated && (Boolean(hints.email) || busy)}>
          Send reset link
        </button>
        <p className="auth__switch">
          Remembered it? <Link to="/login">Login</Link>
        </p>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
