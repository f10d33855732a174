import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { data, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { GeneralErrorBoundary } from "~/components/common";
import { getEnv } from "~/utils/env.server";
import { invariantResponse } from "~/utils/http.server";
import { recentMessages } from "~/models/messaging/preview.server";
import { formatDate, formatTime } from "~/utils/time";
import authStyles from "~/styles/auth.css";

// GET /dev/mail: the messages the app has sent (e-mails, and WhatsApp and SMS as they would go), newest first. Only
// with MAIL_PREVIEW=true.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: authStyles }];

export const meta: MetaFunction = () => [{ title: "Sent messages | Glow (development)" }, { name: "robots", content: "noindex" }];

export async function loader() {
  invariantResponse(getEnv().MAIL_PREVIEW, "Not found", 404);
  return data({ mails: await recentMessages() }, { headers: { "Cache-Control": "no-store" } });
}

// Links in a message become clickable; URLs end at whitespace, so the pattern is a single linear class.
const URL_IN_TEXT = /(https?:\/\/\S+)/;

function Linkified({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_IN_TEXT).map((part, i) => (
        <Fragment key={i}>{i % 2 === 1 ? <a href={part}>{part}</a> : part}</Fragment>
      ))}
    </>
  );
}

const CHANNEL = { email: "E-mail:", sms: "SMS:", whatsapp: "WhatsApp:" } as const;

export default function DevMailPage() {
  const { mails } = useLoaderData<typeof loader>();
  return (
    <section className="page container dev-mail" aria-labelledby="dev-mail-title">
      <h1 id="dev-mail-title">Sent messages</h1>
      <p className="notice">
        Development preview (MAIL_PREVIEW=true): the latest {mails.length} e-mails, WhatsApp and SMS messages, newest first. Also as{" "}
        <a href="/dev/mail.json">JSON</a>.
      </p>
      {mails.length === 0 ? <p>No messages yet.</p> : null}
      <ol className="dev-mail__list">
        {mails.map((m, i) => (
          <li key={`${m.createdAt}-${i}`} className="card dev-mail__item">
            <h2>
              <span className="dev-mail__channel">{CHANNEL[m.channel]}</span> {m.subject}
            </h2>
            <p className="dev-mail__meta">
              To <strong>{m.to}</strong> · {formatDate(m.createdAt)} {formatTime(m.createdAt)}
            </p>
            <pre className="dev-mail__text">
              <Linkified text={m.text} />
            </pre>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
