import { recentMail } from "~/models/messaging/mail.server";
import { getEnv } from "~/utils/env.server";

// GET /dev/mail.json: [{ to, subject, text, createdAt }], newest first. Only with MAIL_PREVIEW=true.
export async function loader() {
  if (!getEnv().MAIL_PREVIEW) return new Response("Not found", { status: 404 });
  return Response.json(await recentMail(), { headers: { "Cache-Control": "no-store" } });
}
