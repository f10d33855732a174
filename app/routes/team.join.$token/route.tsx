import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/common";
import { ErrorSummary } from "~/components/forms";
import { refusalOf } from "~/http/refusal.server";
import { createSession, getSessionUser } from "~/http/session.server";
import { maskEmail } from "~/models/accounts/email-change.server";
import { acceptInvitation, CLOSED_INVITATION, lookUpInvitation } from "~/models/team/invitations.server";
import { ROLE_LABEL } from "~/models/team/roles";
import authStyles from "~/styles/auth.css";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/utils/auth-schemas";
import { assertSameOrigin, readForm } from "~/utils/http.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { JoinSchema } from "./schema";

// /team/join/<token>: the link of an invitation to a salon's team (docs/domain.md, "Roles"). Opening it shows whose
// team and which role; a button (a POST) joins, so a mail scanner that fetches links changes nothing. Without an
// account with the invited e-mail the person sets a password here; with one, they sign in first and come back. A
// link used, expired, withdrawn or forged, or opened by another signed-in account, gets a page that says so.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: authStyles }];

export const meta: MetaFunction = () => [{ title: "Join a salon's team | Glow" }, { name: "robots", content: "noindex" }];

const TOKEN_SHAPE = /^[A-Za-z0-9._~-]{1,200}$/;

type Problem = { status: 403 | 404 | 409 | 410; message: string };

const otherAccount = (email: string) =>
  `This invitation is for ${maskEmail(email)}, and you are signed in to another Glow account. Sign out, then open the link again.`;

async function readInvitation(request: Request, token: string) {
  const look = TOKEN_SHAPE.test(token) ? await lookUpInvitation(token) : ({ kind: "unknown" } as const);
  if (look.kind !== "open") {
    const status = look.kind === "used" ? 409 : look.kind === "expired" ? 410 : 404;
    return { invitation: null, problem: { status, message: CLOSED_INVITATION[look.kind] } as Problem, signedIn: false };
  }
  const user = await getSessionUser(request);
  if (user && user.email !== look.email) return { invitation: null, problem: { status: 403, message: otherAccount(look.email) } as Problem, signedIn: true };
  return { invitation: look, problem: null, signedIn: user !== null };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const { invitation, problem, signedIn } = await readInvitation(request, token);
  if (problem) return data({ invitation: null, problem, signedIn, token: "" }, { status: problem.status });
  return data({ invitation: { ...invitation, role: ROLE_LABEL[invitation.role] }, problem: null, signedIn, token });
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const token = params.token ?? "";
  const formData = await readForm(request);
  const { invitation, problem, signedIn } = await readInvitation(request, token);
  if (problem) return data({ problem, result: null }, { status: problem.status });
  const submission = parseWithZod(formData, { schema: JoinSchema });
  if (submission.status !== "success") return data({ problem: null, result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const user = await getSessionUser(request);
  // Each form belongs to one case the page showed; sent in the other, it is refused and changes nothing.
  if (v.intent === "join" && !user) return data({ problem: null, result: submission.reply({ formErrors: ["Sign in first, then join."] }) }, { status: 403 });
  if (v.intent === "create" && (signedIn || invitation.accountExists)) {
    return data(
      { problem: null, result: submission.reply({ formErrors: ["A Glow account has this e-mail already: sign in to it to join."] }) },
      { status: 409 },
    );
  }
  try {
    const joined = await acceptInvitation(
      token,
      v.intent === "join"
        ? { kind: "signed-in", userId: user!.id }
        : { kind: "new-account", firstName: v.first_name, lastName: v.last_name, password: v.password },
    );
    const welcome = `Welcome to ${joined.businessName}'s team!`;
    const cookie = v.intent === "create" ? { "Set-Cookie": await createSession(joined.userId) } : undefined;
    return redirectWithSuccess("/vendor", welcome, { status: 303, headers: cookie });
  } catch (error) {
    const refused = refusalOf(error);
    return data({ problem: null, result: submission.reply({ formErrors: [refused.message] }) }, { status: refused.status });
  }
}

export default function JoinTeamPage() {
  const { invitation, problem: loaded, signedIn, token } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const problem = answer?.problem ?? loaded;
  const refused = answer?.result?.error;
  return (
    <div className="auth container">
      <section className="auth__panel card" aria-labelledby="join-title">
        {problem || !invitation ? (
          <>
            <h1 id="join-title">This invitation cannot be used</h1>
            <p role="alert">{problem?.message}</p>
            {problem?.status === 403 ? (
              <Form method="post" action="/logout">
                <button type="submit" className="btn btn--primary">
                  Sign out
                </button>
              </Form>
            ) : (
              <p>
                <Link to="/" className="btn btn--outline">
                  Go to Home
                </Link>
              </p>
            )}
          </>
        ) : (
          <>
            <h1 id="join-title">Join {invitation.businessName}</h1>
            <p>
              {invitation.businessName} invites <strong>{invitation.memberName}</strong> to its team on Glow as <strong>{invitation.role}</strong>.
            </p>
            <ErrorSummary errors={refused} />
            {signedIn ? (
              <Form method="post" className="form">
                <input type="hidden" name="intent" value="join" />
                <button type="submit" className="btn btn--primary">
                  Join the team
                </button>
              </Form>
            ) : invitation.accountExists ? (
              <>
                <p>{invitation.email} has a Glow account. Sign in to it, and you come back here to join.</p>
                <Link to={`/login?${new URLSearchParams({ redirectTo: `/team/join/${token}` })}`} className="btn btn--primary">
                  Sign in to join
                </Link>
              </>
            ) : (
              <Form method="post" className="form">
                <input type="hidden" name="intent" value="create" />
                <p>
                  Set up your account: you will sign in with <strong>{invitation.email}</strong>.
                </p>
                <label className="field">
                  <span className="field__label">First name</span>
                  <input type="text" name="first_name" className="input" required maxLength={50} autoComplete="given-name" />
                </label>
                <label className="field">
                  <span className="field__label">Last name</span>
                  <input type="text" name="last_name" className="input" required maxLength={50} autoComplete="family-name" />
                </label>
                <label className="field">
                  <span className="field__label">Password</span>
                  <input
                    type="password"
                    name="password"
                    className="input"
                    required
                    minLength={PASSWORD_MIN}
                    maxLength={PASSWORD_MAX}
                    autoComplete="new-password"
                    aria-describedby="join-password-hint"
                  />
                  <span id="join-password-hint" className="field__hint">
                    {PASSWORD_MIN}-{PASSWORD_MAX} characters, with uppercase and lowercase letters and a number.
                  </span>
                </label>
                <label className="field">
                  <span className="field__label">Password again</span>
                  <input type="password" name="password_confirmation" className="input" required maxLength={PASSWORD_MAX} autoComplete="new-password" />
                </label>
                <button type="submit" className="btn btn--primary">
                  Create account and join
                </button>
              </Form>
            )}
          </>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
