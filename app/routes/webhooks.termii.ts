import type { ActionFunctionArgs } from "@remix-run/node";
import { applyReceipt, isTermiiSigned, readTermiiReceipt } from "~/models/messaging/delivery-receipts.server";
import { plainText as text, readSignedWebhook } from "~/http/webhook.server";
import { getEnv } from "~/utils/env.server";

// POST /webhooks/termii: Termii's delivery reports for our text messages (docs/operations/messaging.md, "Delivery
// receipts"). Server to server, no session: the X-Termii-Signature (HMAC-SHA512 of the raw body with the account's
// secret key) proves it comes from Termii. A repeated or late report changes nothing.
const MAX_BODY = 16 * 1024;

export async function action({ request }: ActionFunctionArgs) {
  const secret = getEnv().TERMII_SECRET_KEY ?? "";
  const read = await readSignedWebhook(request, {
    configured: secret !== "",
    provider: "Termii's delivery reports",
    maxBody: MAX_BODY,
    signed: (raw) => isTermiiSigned(secret, raw, request.headers.get("x-termii-signature")),
  });
  if ("refusal" in read) return read.refusal;
  const receipt = readTermiiReceipt(read.raw);
  if (receipt === "malformed") return text("Not a delivery report.", 400);
  const outcome = receipt ? await applyReceipt(receipt) : "unchanged";
  return Response.json({ received: true, outcome });
}

export function loader() {
  return text("Method not allowed.", 405);
}
