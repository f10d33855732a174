import { readBounded } from "~/utils/http.server";

// What every provider's webhook does before reading a word (webhooks.paystack, .termii, .whatsapp): refuse when the
// provider is not configured (404), anything but POST (405), a body over its limit (413), and a body whose signature
// is not the provider's (401). Server to server: no session and no Origin; the signature is the proof.

export const plainText = (body: string, status: number) => new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** The raw body of a signed webhook, or the refusal to answer with. */
export async function readSignedWebhook(
  request: Request,
  options: { configured: boolean; provider: string; maxBody: number; signed: (raw: string) => boolean },
): Promise<{ raw: string } | { refusal: Response }> {
  if (!options.configured) return { refusal: plainText(`${options.provider} is not configured.`, 404) };
  if (request.method !== "POST") return { refusal: plainText("Method not allowed.", 405) };
  const body = await readBounded(request, options.maxBody);
  if (body === null) return { refusal: plainText("Body too large.", 413) };
  const raw = body.toString("utf8");
  if (!options.signed(raw)) return { refusal: plainText("Invalid signature.", 401) };
  return { raw };
}
