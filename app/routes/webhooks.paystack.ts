import type { ActionFunctionArgs } from "@remix-run/node";
import { queueProviderEvent } from "~/models/booking/reconcile.server";
import { isValidSignature, readWebhookEvent } from "~/models/money/paystack.server";
import { getEnv } from "~/utils/env.server";
import { readBounded } from "~/utils/http.server";
import { log } from "~/utils/log.server";

// POST /webhooks/paystack: Paystack's server tells us about charges and transfers. No session and no Origin (server
// to server): the HMAC-SHA512 signature of the raw body is what proves it comes from Paystack. The answer comes at
// once: the event is recorded (once, however often it is delivered) and its work queued for background work, so a
// slow database or provider never makes Paystack wait or retry.
const MAX_BODY = 64 * 1024;

const text = (body: string, status: number) => new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function action({ request }: ActionFunctionArgs) {
  const secret = getEnv().PAYSTACK_SECRET_KEY;
  if (!secret) return text("Paystack is not configured.", 404);
  if (request.method !== "POST") return text("Method not allowed.", 405);
  const body = await readBounded(request, MAX_BODY);
  if (body === null) return text("Body too large.", 413);
  const raw = body.toString("utf8");
  if (!isValidSignature(secret, raw, request.headers.get("x-paystack-signature"))) return text("Invalid signature.", 401);
  const event = readWebhookEvent(raw);
  if (event) {
    const queued = await queueProviderEvent(event);
    log.info("paystack webhook", { event: event.eventId, reference: event.reference, queued });
  }
  return Response.json({ received: true });
}

export function loader() {
  return text("Method not allowed.", 405);
}
