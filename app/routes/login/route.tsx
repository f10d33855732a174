import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthField, AuthFormPanel, useAuthForm } from "~/components/auth-form";
import { GeneralErrorBoundary } from "~/components/common";
import { assertSameOrigin, readForm, retryAfterHeaders, safeRedirect } from "~/utils/http.server";
import { botFailure, formFailure, tooManyAttempts } from "~/http/auth-route.server";
import { clientIp } from "~/utils/client-ip.server";
import { createSession, requireAnonymous } from "~/http/session.server";
import { landingFor } from "~/models/accounts/sessions.server";
import { recordSignInFailure, signInGate } from "~/models/system/rate-limit.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { verifyCredentials } from "~/models/accounts/auth.server";
import { AUTH_TEXT, LoginSchema } from "~/utils/auth-schemas";
import { BOOKING_LEAD, continuesBooking, withRedirect } from "~/utils/continue-booking";
import authStyles from "~/styles/auth.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: authStyles }];

export const meta: MetaFunction = () => [{ title: "Login | Glow" }];

// A refused attempt's Retry-After reaches the page and its .data answer.
export const headers = retryAfterHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  return { redirectTo, continuesBooking: continuesBooking(redirectTo) };
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: LoginSchema });
  const bot = botFailure(formData, submission);
  if (bot) return bot;
  if (submission.status !== "success") return formFailure(submission, []);
  const { email, password, redirectTo } = submission.value;
  const ip = clientIp(request);
  const gate = await signInGate(ip, email);
  if (!gate.allowed) return tooManyAttempts(submission, gate.retryAfterSeconds);
  const user = await verifyCredentials(email, password);
  if (!user) {
    await recordSignInFailure(ip, email);
    if (gate.accountUnderAttack) return tooManyAttempts(submission, gate.accountRetryAfterSeconds);
    return formFailure(submission, [AUTH_TEXT.credentialsWrong]);
  }
  // While the account is under attack, only an address that has not failed at it may sign in with the password.
  if (gate.accountUnderAttack && gate.addressFailedBefore) return tooManyAttempts(submission, gate.accountRetryAfterSeconds);
  return redirectWithSuccess(landingFor(user, redirectTo), `Welcome back, ${user.firstName}!`, {
    status: 303,
    headers: { "Set-Cookie": await createSession(user.id) },
  });
}

export default function LoginPage() {
  const { redirectTo, continuesBooking } = useLoaderData<typeof loader>();
  const auth = useAuthForm({
    id: "login",
    schema: LoginSchema,
    lastResult: useActionData<typeof action>()?.result,
    loadingMessage: "Signing you in…",
  });

  return (
    <div className="auth container">
      <AuthFormPanel
        auth={auth}
        title="Login"
        lead={continuesBooking ? BOOKING_LEAD.login : "Welcome back! Sign in to book, pay and keep track of your appointments."}
        submit="Login"
        elsewhere={
          <>
            Don't have an account? <Link to={withRedirect("/register", redirectTo)}>Signup</Link>
          </>
        }
      >
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <AuthField meta={auth.fields.email} label="Email" type="email" hint={null} autoComplete="email" />
        <AuthField meta={auth.fields.password} label="Password" type="password" hint={null} autoComplete="current-password" revealable />
        <p className="auth__forgot">
          <Link to="/reset/request">Forgot Password</Link>
        </p>
      </AuthFormPanel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
