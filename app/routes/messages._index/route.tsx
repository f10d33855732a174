import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useLoaderData } from "@remix-run/react";
import * as z from "~/utils/zod";
import { ChatList } from "~/components/chat-thread";
import { GeneralErrorBoundary } from "~/components/common";
import { assertSameOrigin, invariantResponse, readForm } from "~/utils/http.server";
import { getSessionUser, requireUser } from "~/http/session.server";
import { listCustomerConversations, openConversation, vendorToMessage } from "~/models/messaging/conversations.server";
import { redirectWithError } from "~/utils/toast.server";
import { rowId } from "~/utils/row-id";
import styles from "~/styles/messages.css";

// /messages: the customer's conversations with vendors. POST /messages with a vendorId ('Message Stylist' on a
// service page) opens the conversation with that vendor, starting it if needed, and goes to it.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Messages | Glow" }, { name: "robots", content: "noindex" }];

const StartSchema = z.object({ vendorId: z.coerce.number().pipe(rowId("Choose a stylist to message")) });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // ?vendor= is where sign-in brings back someone who chose 'Message Stylist' while signed out.
  const vendorParam = new URL(request.url).searchParams.get("vendor");
  const parsed = StartSchema.safeParse({ vendorId: vendorParam });
  const startWith = vendorParam && parsed.success ? ((await vendorToMessage(parsed.data.vendorId)) ?? null) : null;
  return data({ conversations: await listCustomerConversations(user.id), startWith });
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const formData = await readForm(request);
  const parsed = StartSchema.safeParse({ vendorId: formData.get("vendorId") });
  invariantResponse(parsed.success, "Choose a stylist to message.", 400);
  // Signed out: sign in first, then come back to a page that offers to start this very conversation.
  const user = await getSessionUser(request);
  if (!user) throw redirect(`/login?${new URLSearchParams({ redirectTo: `/messages?vendor=${parsed.data.vendorId}` })}`, { status: 303 });
  const result = await openConversation(user.id, parsed.data.vendorId);
  if (!result.ok) {
    invariantResponse(result.reason !== "no-vendor", "We couldn't find that stylist.", 404);
    return redirectWithError("/messages", "That's your own business: customers message you from your services.", { status: 303 });
  }
  return redirect(`/messages/${result.conversationId}#latest`, { status: 303 });
}

export default function CustomerMessages() {
  const { conversations, startWith } = useLoaderData<typeof loader>();
  return (
    <section className="page container messages-page">
      <h1>Messages</h1>
      {startWith ? (
        <Form method="post" className="card messages-start">
          <input type="hidden" name="vendorId" value={startWith.id} />
          <p>Start a conversation with {startWith.name}?</p>
          <button type="submit" className="btn btn--primary">
            Message {startWith.name}
          </button>
        </Form>
      ) : null}
      {conversations.length === 0 ? (
        <div className="card empty">
          <img src="/img/empty.svg" alt="" width={160} height={120} />
          <p>No messages yet. Use 'Message Stylist' on a service to ask a vendor anything.</p>
        </div>
      ) : (
        <div className="card">
          <ChatList items={conversations} hrefFor={(id) => `/messages/${id}#latest`} label="Your conversations" />
        </div>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
