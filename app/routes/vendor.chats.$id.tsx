import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "@remix-run/react";
import * as z from "~/utils/zod";
import { ChatThread, MessageSchema } from "~/components/chat-thread";
import { GeneralErrorBoundary } from "~/components/common";
import { assertSameOrigin, invariantResponse, readForm, rowIdFromUrl } from "~/utils/http.server";
import { NO_CONVERSATION, openVendorThread, sendMessage, setPinned } from "~/models/messaging/conversations.server";
import { requireVendor } from "~/http/session.server";
import { refusalOf } from "~/http/refusal.server";

// /vendor/chats/{id}: one conversation of this vendor. Opening it marks it read; the vendor replies, pins or
// unpins it. Another vendor's conversation is a 404, by link or by POST.

const VendorChatSchema = z.discriminatedUnion("intent", [MessageSchema, z.object({ intent: z.enum(["pin", "unpin"]) })]);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "messages");
  // Reading is what this page is for: opening the conversation records that the vendor has seen it.
  const thread = await openVendorThread({ vendorId: vendor.vendorId, userId: vendor.id }, rowIdFromUrl(params.id, NO_CONVERSATION));
  invariantResponse(thread, NO_CONVERSATION, 404);
  return data({ thread });
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const vendor = await requireVendor(request, "messages");
  const id = rowIdFromUrl(params.id, NO_CONVERSATION);
  const submission = parseWithZod(await readForm(request), { schema: VendorChatSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const back = new URL(request.url);
  const here = `/vendor/chats/${id}${back.search}#latest`;
  if (submission.value.intent === "send") {
    let sent: boolean;
    try {
      sent = await sendMessage({ conversationId: id, sender: { userId: vendor.id, vendorId: vendor.vendorId }, body: submission.value.body });
    } catch (error) {
      const refusal = refusalOf(error);
      return data({ result: submission.reply({ fieldErrors: { body: [refusal.message] } }) }, { status: refusal.status, headers: refusal.headers });
    }
    invariantResponse(sent, NO_CONVERSATION, 404);
    return redirect(here, { status: 303 });
  }
  const changed = await setPinned(vendor.vendorId, id, submission.value.intent === "pin");
  invariantResponse(changed, NO_CONVERSATION, 404);
  return redirect(here, { status: 303 });
}

export default function VendorConversation() {
  const { thread } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ChatThread
      thread={thread}
      lastResult={actionData?.result}
      back={
        <Link to="/vendor/chats" className="thread__back">
          <span aria-hidden="true">←</span>
          <span className="visually-hidden">All messages</span>
        </Link>
      }
      headerActions={
        <Form method="post" className="inline-form thread__pin">
          <input type="hidden" name="intent" value={thread.pinned ? "unpin" : "pin"} />
          <button type="submit" className="btn btn--outline btn--small" aria-pressed={thread.pinned}>
            {thread.pinned ? "Unpin" : "Pin"}
          </button>
        </Form>
      }
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
