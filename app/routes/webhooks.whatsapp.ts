import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import crypto from "node:crypto";
import { applyReceipt, isWhatsAppSigned, readWhatsAppReceipts } from "~/models/messaging/delivery-receipts.server";
import { plainText as text, readSignedWebhook } from "~/http/webhook.server";
import { getEnv } from "~/utils/env.server";

// /webhooks/whatsapp: the WhatsApp Cloud API's status callbacks for our template messages (docs/operations/messaging.md,
// "Delivery receipts"). GET is Meta's one-time check when the URL is registered (it echoes hub.challenge when
// hub.verify_token is ours); POST carries statuses, signed with the app secret (X-Hub-Signature-256). Repeated or
// late statuses change nothing.
const MAX_BODY = 64 * 1024;

export async function action({ request }: ActionFunctionArgs) {
  const secret = getEnv().WHATSAPP_APP_SECRET ?? "";
  const read = await readSignedWebhook(request, {
    configured: secret !== "",
    provider: "WhatsApp's callbacks",
    maxBody: MAX_BODY,
    signed: (raw) => isWhatsAppSigned(secret, raw, request.headers.get("x-hub-signature-256")),
  });
  if ("refusal" in read) return read.refusal;
  const receipts = readWhatsAppReceipts(read.raw);
  if (receipts === "malformed") return text("Not a WhatsApp callback.", 400);
  const outcomes = [];
  for (const receipt of receipts) outcomes.push(await applyReceipt(receipt));
  return Response.json({ received: true, outcomes });
}

export function loader({ request }: LoaderFunctionArgs) {
  const token = getEnv().WHATSAPP_VERIFY_TOKEN;
  if (!token) return text("WhatsApp callbacks are not configured.", 404);
  const params = new URL(request.url).searchParams;
  const given = params.get("hub.verify_token") ?? "";
  const challenge = params.get("hub.challenge") ?? "";
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  const same = a.length === b.length && crypto.timingSafeEqual(a, b);
  if (params.get("hub.mode") !== "subscribe" || !same || !/^[\w-]{1,100}$/.test(challenge)) return text("Verification failed.", 403);
  return text(challenge, 200);
}
