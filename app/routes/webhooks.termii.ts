import type { ActionFunctionArgs } from "@remix-run/node";
import { applyReceipt, isTermiiSigned, readTermiiReceipt } from "~/models/messaging/delivery-receipts.server";
import { getEnv } from "~/utils/env.server";
import { readBounded } from "~/utils/http.server";

// POST /webhooks/termii: Termii's delivery reports for our text messages (docs/operations/messaging.md, "Delivery
// receipts"). Server to server, no session: the X-Termii-Signature (HMAC-SHA512 of the raw body with the account's
// secret key) proves it comes from Termii. A repeated or late report changes nothing.
const MAX_BODY = 16 * 1024;

const text = (body: string, status: number) => new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function action({ request }: ActionFunctionArgs) {
  const secret = getEnv().TERMII_SECRET_KEY;
  if (!secret) return text("Termii delivery reports are not configured.", 404);
  if (request.method !== "POST") return text("Method not allowed.", 405);
  const body = await readBounded(request, MAX_BODY);
  if (body === null) return text("Body too large.", 413);
  const raw = body.toString("utf8");
  if (!isTermiiSigned(secret, raw, request.headers.get("x-termii-signature"))) return text("Invalid signature.", 401);
  const receipt = readTermiiReceipt(raw);
  if (receipt === "malformed") return text("Not a delivery report.", 400);
  const outcome = receipt ? await applyReceipt(receipt) : "unchanged";
  return Response.json({ received: true, outcome });
}

export function loader() {
  return text("Method not allowed.", 405);
}
