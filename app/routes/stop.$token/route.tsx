import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/common";
import { optOut, readOptOutToken, type ConsentChannel } from "~/models/messaging/consent.server";
import authStyles from "~/styles/auth.css";
import { assertSameOrigin, readForm } from "~/utils/http.server";

// /stop/{token}: the opt-out link in every WhatsApp and SMS message (models/messaging/consent.server.ts). It works
// without signing in and without JavaScript. Opening it asks; the button (a POST) withdraws the consent, so a link
// preview or a scanner that fetches it changes nothing. The token can only withdraw the one consent it names.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: authStyles }];

export const meta: MetaFunction = () => [{ title: "Stop messages | Glow" }, { name: "robots", content: "noindex" }];

const NOT_VALID = "This link is not a Glow opt-out link. To change what Glow sends you, sign in and open your profile.";

const WHAT: Record<ConsentChannel, string> = {
  whatsapp: "WhatsApp messages about your appointments",
  sms: "text messages (SMS) about your appointments",
  marketing: "news and offers",
};

function channelOf(params: LoaderFunctionArgs["params"]): ConsentChannel {
  const named = readOptOutToken(params.token ?? "");
  if (!named) throw new Response(NOT_VALID, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return named.channel;
}

export async function loader({ params }: LoaderFunctionArgs) {
  return data({ what: WHAT[channelOf(params)] }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ params, request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  channelOf(params);
  await readForm(request);
  const channel = await optOut(params.token ?? "");
  if (!channel) throw new Response(NOT_VALID, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return data({ stopped: WHAT[channel] });
}

export default function StopPage() {
  const { what } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  return (
    <div className="auth container">
      <section className="auth__panel card" aria-labelledby="stop-title">
        {done ? (
          <>
            <h1 id="stop-title">Stopped</h1>
            <p role="status">Glow will send you no more {done.stopped}. E-mails about your own appointments still come.</p>
            <p>
              You can change your choices at any time on <Link to="/user/profile">your profile</Link>.
            </p>
          </>
        ) : (
          <>
            <h1 id="stop-title">Stop messages</h1>
            <p>Stop {what} from Glow?</p>
            <Form method="post" className="form">
              <button type="submit" className="btn btn--primary">
                Yes, stop them
              </button>
            </Form>
          </>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <ErrorPanel title="This link doesn't work" text={NOT_VALID} /> }} />;
}
