import { recentMessages } from "~/models/messaging/preview.server";
import { getEnv } from "~/utils/env.server";

// GET /dev/mail.json: [{ channel, to, subject, text, createdAt }], newest first: e-mails (`to` the address) and
// WhatsApp and SMS messages (`to` the phone number, E.164), as they would be sent. Only with MAIL_PREVIEW=true.
export async function loader() {
  if (!getEnv().MAIL_PREVIEW) return new Response("Not found", { status: 404 });
  return Response.json(await recentMessages(), { headers: { "Cache-Control": "no-store" } });
}
