import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/common";
import authStyles from "~/styles/auth.css";
import { assertSameOrigin, invariantResponse, readForm } from "~/utils/http.server";
import { confirmEmailChange, findEmailChange } from "~/models/accounts/email-change.server";
import { currentSessionId, getSessionUser } from "~/http/session.server";
import { redirectWithSuccess } from "~/utils/toast.server";

// /email-change/<token>: the link e-mailed to a new address (docs/decisions/012-email-change.md). Opening it shows
// what will happen; the button (a POST) makes the change, so a mail scanner that fetches links changes nothing.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: authStyles }];

// The link is a secret: no search engine needs it.
export const meta: MetaFunction = () => [{ title: "Confirm your new e-mail | Glow" }, { name: "robots", content: "noindex" }];

const TOKEN_SHAPE = /^[A-Za-z0-9._~-]{1,200}$/;

const TEXT = {
  invalid: "This link no longer works: it was used already, it expired, or a newer one replaced it. Change your e-mail again from your profile.",
  otherAccount: "This link belongs to another Glow account. Sign out, then open the link again.",
  taken: (email: string) => `${email} is now used by another Glow account, so your e-mail stays as it was. Choose another address on your profile.`,
} as const;

type Problem = { status: 403 | 404 | 409; message: string };

function tokenOf(params: LoaderFunctionArgs["params"]): string {
  const token = params.token ?? "";
  invariantResponse(TOKEN_SHAPE.test(token), TEXT.invalid, 404);
  return token;
}

const profileFor = (role: string) => (role === "vendor" ? "/vendor/profile" : role === "customer" ? "/user/profile" : "/");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const pending = await findEmailChange(tokenOf(params));
  if (!pending) return data({ newEmail: null, problem: { status: 404, message: TEXT.invalid } as Problem }, { status: 404 });
  const user = await getSessionUser(request);
  if (user && user.id !== pending.userId) {
    return data({ newEmail: null, problem: { status: 403, message: TEXT.otherAccount } as Problem }, { status: 403 });
  }
  return data({ newEmail: pending.newEmail, problem: null });
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const token = tokenOf(params);
  await readForm(request);
  const user = await getSessionUser(request);
  const outcome = await confirmEmailChange({ token, signedInUserId: user?.id ?? null, sessionId: await currentSessionId(request) });
  const fail = (problem: Problem) => data({ problem }, { status: problem.status });
  if (outcome.kind === "invalid") return fail({ status: 404, message: TEXT.invalid });
  if (outcome.kind === "other_account") return fail({ status: 403, message: TEXT.otherAccount });
  if (outcome.kind === "email_taken") return fail({ status: 409, message: TEXT.taken(outcome.email) });
  const others = outcome.signedOutOthers ? " Your other devices are signed out." : "";
  if (user) return redirectWithSuccess(profileFor(user.role), `Your e-mail is now ${outcome.email}.${others}`, { status: 303 });
  return redirectWithSuccess("/login", `Your e-mail is now ${outcome.email}. Sign in with it.${others}`, { status: 303 });
}

export default function ConfirmEmailChangePage() {
  const { newEmail, problem: loaded } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const problem = actionData?.problem ?? loaded;
  return (
    <div className="auth container">
      <section className="auth__panel card" aria-labelledby="email-change-title">
        <h1 id="email-change-title">{problem ? "This link cannot change your e-mail" : "Confirm your new e-mail"}</h1>
        {problem ? (
          <>
            <p role="alert">{problem.message}</p>
            <p>
              <Link to="/" className="btn btn--outline">
                Go to Home
              </Link>
            </p>
          </>
        ) : (
          <Form method="post" className="form">
            <p>
              Your Glow account will use <strong className="email-change__address">{newEmail}</strong> to sign in and for its e-mails.
            </p>
            <button type="submit" className="btn btn--primary">
              Confirm new e-mail
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
