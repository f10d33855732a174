import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/common";
import authStyles from "~/styles/auth.css";
import { assertSameOrigin, invariantResponse, readForm } from "~/utils/http.server";
import { confirmEmail, emailConfirmationUsable } from "~/models/accounts/email-confirmation.server";
import { redirectWithSuccess } from "~/utils/toast.server";

// /confirm-email/<token>: the link e-mailed to a new account (models/accounts/email-confirmation.server.ts).
// Opening it shows a button; the button (a POST) confirms, so a mail scanner that fetches links confirms nothing.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: authStyles }];

// The link is a secret: no search engine needs it.
export const meta: MetaFunction = () => [{ title: "Confirm your e-mail | Glow" }, { name: "robots", content: "noindex" }];

const TOKEN_SHAPE = /^[A-Za-z0-9._~-]{1,200}$/;
const NO_LONGER =
  "This link no longer works: it was used already, it expired, or a newer one replaced it. Sign in and send a new link from the page that asks for it.";

function tokenOf(params: LoaderFunctionArgs["params"]): string {
  const token = params.token ?? "";
  invariantResponse(TOKEN_SHAPE.test(token), NO_LONGER, 404);
  return token;
}

export async function loader({ params }: LoaderFunctionArgs) {
  const usable = await emailConfirmationUsable(tokenOf(params));
  return data({ problem: usable ? null : NO_LONGER }, { status: usable ? 200 : 404 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const token = tokenOf(params);
  await readForm(request);
  const userId = await confirmEmail(token);
  if (userId === null) return data({ problem: NO_LONGER }, { status: 404 });
  return redirectWithSuccess("/", "Your e-mail is confirmed. Thank you!", { status: 303 });
}

export default function ConfirmEmailPage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const problem = actionData?.problem ?? loaded.problem;
  return (
    <div className="auth container">
      <section className="auth__panel card" aria-labelledby="confirm-email-title">
        <h1 id="confirm-email-title">{problem ? "This link cannot confirm your e-mail" : "Confirm your e-mail"}</h1>
        {problem ? (
          <>
            <p role="alert">{problem}</p>
            <p>
              <Link to="/" className="btn btn--outline">
                Go to Home
              </Link>
            </p>
          </>
        ) : (
          <Form method="post" className="form">
            <p>Press the button to confirm that this e-mail address is yours.</p>
            <button type="submit" className="btn btn--primary btn--block">
              Confirm my e-mail
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
