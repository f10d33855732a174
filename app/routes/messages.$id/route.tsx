import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { ChatThread, MessageSchema } from "~/components/chat-thread";
import { GeneralErrorBoundary } from "~/components/common";
import { assertSameOrigin, invariantResponse, readForm, rowIdFromUrl } from "~/utils/http.server";
import { NO_CONVERSATION, openCustomerThread, sendMessage } from "~/models/messaging/conversations.server";
import { requireUser } from "~/http/session.server";
import { refusalOf } from "~/http/refusal.server";
import styles from "~/styles/messages.css";
import { hasConfirmedEmail } from "~/models/system/confirmed-email.server";
import { ConfirmEmailNotice } from "~/components/confirm-email-notice";

// /messages/{id}: a customer's conversation with a vendor. Only the customer of the conversation reads or writes
// here (the vendor answers from /vendor/chats); anyone else gets a 404.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Messages | Glow" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // Reading is what this page is for: opening the conversation records that the customer has seen it.
  const thread = await openCustomerThread(user.id, rowIdFromUrl(params.id, NO_CONVERSATION));
  invariantResponse(thread, NO_CONVERSATION, 404);
  return data({ thread, emailConfirmed: await hasConfirmedEmail(user.id) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const id = rowIdFromUrl(params.id, NO_CONVERSATION);
  const submission = parseWithZod(await readForm(request), { schema: MessageSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  let sent: boolean;
  try {
    sent = await sendMessage({ conversationId: id, sender: { userId: user.id }, body: submission.value.body });
  } catch (error) {
    const refusal = refusalOf(error);
    return data({ result: submission.reply({ fieldErrors: { body: [refusal.message] } }) }, { status: refusal.status, headers: refusal.headers });
  }
  invariantResponse(sent, NO_CONVERSATION, 404);
  return redirect(`/messages/${id}#latest`, { status: 303 });
}

export default function CustomerConversation() {
  const { thread, emailConfirmed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="page container messages-page">
      <h1 className="visually-hidden">Messages</h1>
      {emailConfirmed ? null : <ConfirmEmailNotice redirectTo={`/messages/${thread.id}`} blocks="send messages" />}
      <div className="card">
        <ChatThread
          thread={thread}
          lastResult={actionData?.result}
          back={
            <Link to="/messages" className="thread__back">
              <span aria-hidden="true">←</span>
              <span className="visually-hidden">All messages</span>
            </Link>
          }
        />
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
