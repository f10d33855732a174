import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AuthField, AuthFormPanel, NewPasswordFields, useAuthForm } from "~/components/auth-form";
import { GeneralErrorBoundary } from "~/components/common";
import { assertSameOrigin, invariantResponse, readForm, retryAfterHeaders } from "~/utils/http.server";
import { authMessage, getAuthClient } from "~/models/accounts/auth-client.server";
import { botFailure, formFailure, pageStatus, rateLimitFailure } from "~/http/auth-route.server";
import { clearResetCookieHeader, readResetCookie } from "~/http/reset-cookie.server";
import { forgetResetEmail, recallResetEmail } from "~/models/accounts/auth.server";
import { AUTH_TEXT, REQUEST_EMAIL_KEY, ResetSchema } from "~/utils/auth-schemas";
import { isEmail } from "~/utils/validation";
import authStyles from "~/styles/auth.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: authStyles }];

// The link is a secret: no search engine needs it. (Other sites never see it in a Referer: the app's policy
// sends them the origin only. A stricter "no-referrer" here would make browsers send `Origin: null` on the
// form's POST, which Remix refuses as a possible cross-site request.)
export const meta: MetaFunction = () => [{ title: "Reset Password | Glow" }, { name: "robots", content: "noindex" }];

// A refused attempt's Retry-After reaches the page and its .data answer.
export const headers = retryAfterHeaders;

// Tokens are URL-safe text; the backend (ours or AUTH_API_URL's) decides whether one is valid.
const TOKEN_SHAPE = /^[A-Za-z0-9._~-]{1,200}$/;

function tokenOf(params: LoaderFunctionArgs["params"]): string {
  const token = params.token ?? "";
  invariantResponse(TOKEN_SHAPE.test(token), "This reset link is not valid. Please ask for a new one.", 404);
  return token;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  tokenOf(params);
  return { email: await recallResetEmail(await readResetCookie(request)) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const token = tokenOf(params);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: ResetSchema });
  const bot = botFailure(formData, submission);
  if (bot) return bot;
  if (submission.status !== "success") return formFailure(submission, []);
  const cookieToken = await readResetCookie(request);
  const email = (await recallResetEmail(cookieToken)) ?? submission.value.email;
  if (!email) {
    return data(
      { result: submission.reply({ fieldErrors: { email: [AUTH_TEXT.invalidEmail] }, hideFields: ["password", "password_confirmation"] }) },
      { status: 400 },
    );
  }
  const limited = await rateLimitFailure(request, "reset", submission, email);
  if (limited) return limited;
  const { password, password_confirmation } = submission.value;
  const outcome = await getAuthClient().call("reset_password", { email, token, password, password_confirmation });
  const verdict = authMessage("reset_password", outcome);
  if (!verdict.ok) return formFailure(submission, verdict.message ? [verdict.message] : [], pageStatus(outcome));
  await forgetResetEmail(cookieToken);
  return redirect("/reset/changed", { status: 303, headers: { "Set-Cookie": await clearResetCookieHeader() } });
}

/** The e-mail the forgot step left in this browser, when it looks like one. */
function useStoredEmail(): string | null {
  const [stored, setStored] = useState<string | null>(null);
  useEffect(() => {
    try {
      const value = localStorage.getItem(REQUEST_EMAIL_KEY);
      if (value && isEmail(value)) setStored(value);
    } catch {
      // Storage may be off; the page then asks for the e-mail.
    }
  }, []);
  return stored;
}

export default function ResetPasswordPage() {
  const { email: rememberedEmail } = useLoaderData<typeof loader>();
  const storedEmail = useStoredEmail();
  const auth = useAuthForm({
    id: "reset",
    schema: ResetSchema,
    lastResult: useActionData<typeof action>()?.result,
    loadingMessage: "Changing your password…",
  });
  const email = rememberedEmail ?? storedEmail;
  // Reset waits for a valid password and a matching confirmation (and an e-mail when one is asked for).
  const { fields, hints } = auth;
  const ready = !hints.password && !hints.password_confirmation && (email !== null || !hints.email);

  return (
    <div className="auth container">
      <AuthFormPanel
        auth={auth}
        title="Reset Password"
        lead={
          <>
            Choose a new password
            {email ? (
              <>
                {" "}
                for <strong>{email}</strong>
              </>
            ) : null}
            . You'll sign in with it from now on.
          </>
        }
        submit="Reset Password"
        ready={ready}
        elsewhere={
          <>
            Link expired? <Link to="/reset/request">Ask for a new one</Link>
          </>
        }
      >
        {rememberedEmail ? null : storedEmail ? (
          <input type="hidden" name="email" value={storedEmail} />
        ) : (
          <AuthField meta={fields.email} label="Email" type="email" hint={hints.email} autoComplete="email" />
        )}
        <NewPasswordFields fields={fields} hints={hints} label={{ password: "New password", confirmation: "Confirm new password" }} />
      </AuthFormPanel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
