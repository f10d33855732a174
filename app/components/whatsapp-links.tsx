import { whatsappChatUrl, whatsappShareUrl } from "~/utils/whatsapp-links";

// WhatsApp's plain links (app/utils/whatsapp-links.ts): they open WhatsApp (or its web page) with the text typed in;
// nothing is sent until the person presses send, and they work with JavaScript off.

export function ShareOnWhatsApp({ text, label = "Share on WhatsApp", className = "btn btn--outline" }: { text: string; label?: string; className?: string }) {
  return (
    <a className={className} href={whatsappShareUrl(text)} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  );
}

export function ChatOnWhatsApp({ phone, text, className = "btn btn--outline" }: { phone: string; text: string; className?: string }) {
  return (
    <a className={className} href={whatsappChatUrl(phone, text)} target="_blank" rel="noopener noreferrer">
      Chat on WhatsApp
    </a>
  );
}
