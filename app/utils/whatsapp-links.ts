// WhatsApp's click-to-chat links (wa.me): free, no API, plain links that work with JavaScript off; the person
// still presses send. The number is international without "+" or a trunk 0; the text is one query parameter,
// percent-encoded as UTF-8, so "&", "#", "?", newlines, emoji and "₦" arrive as typed (docs/domain.md, Notifications).

/** "Share on WhatsApp": WhatsApp opens with `text` and lets the person choose whom to send it to. */
export function whatsappShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** "Chat on WhatsApp" with one number (stored E.164), `text` typed in for the person to send. */
export function whatsappChatUrl(e164: string, text: string): string {
  return `https://wa.me/${e164.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}
