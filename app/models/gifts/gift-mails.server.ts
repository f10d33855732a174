import type { Mail } from "~/models/messaging/mail.server";
import { formatNaira } from "~/utils/money";
import { formatDate } from "~/utils/time";
import { whatsappChatUrl, whatsappShareUrl } from "~/utils/whatsapp-links";
import { printGiftCode } from "~/utils/gift-code.server";

// The e-mails of a paid gift: the recipient's voucher (its code and link), the buyer's "it is paid" with a "Share on
// WhatsApp" link that carries the voucher, and the receipt of whoever paid. The code is written here in full and
// nowhere else (the gift keeps its hash).

interface PaidGift {
  kind: "card" | "voucher";
  service_title: string | null;
  amount_kobo: number;
  business_name: string;
  buyer_name: string;
  buyer_email: string | null;
  recipient_name: string;
  recipient_email: string | null;
  recipient_phone: string | null;
  message: string | null;
  expires_at: string | null;
  paid_at: string | null;
}

export const voucherUrl = (appUrl: string, code: string) => `${appUrl}/gift/${printGiftCode(code)}`;

/** "a ₦10,000 gift card" or "a voucher for Knotless braids" */
export function giftLabel(gift: { kind: "card" | "voucher"; service_title: string | null; amount_kobo: number }): string {
  return gift.kind === "voucher" ? `a voucher for ${gift.service_title}` : `a ${formatNaira(gift.amount_kobo)} gift card`;
}

/** The text the buyer shares (WhatsApp) and the recipient reads. */
export function giftShareText(gift: PaidGift, code: string, appUrl: string): string {
  return [
    `${gift.recipient_name}, ${gift.buyer_name} gave you ${giftLabel(gift)} at ${gift.business_name} on Glow.`,
    gift.message ? `"${gift.message}"` : null,
    `Code: ${printGiftCode(code)}, valid until ${formatDate(gift.expires_at!)}.`,
    `Your voucher: ${voucherUrl(appUrl, code)}`,
  ]
    .filter(Boolean)
    .join("\n");
}

export function giftMails(gift: PaidGift, code: string, paid: { byName: string; payerEmail: string | null; how: string }, appUrl: string): Mail[] {
  const mails: Mail[] = [];
  const expiry = `${formatDate(gift.expires_at!)} (until the end of that day, Lagos time)`;
  const share = giftShareText(gift, code, appUrl);
  if (gift.recipient_email)
    mails.push({
      to: gift.recipient_email,
      subject: `${gift.buyer_name} gave you ${giftLabel(gift)} at ${gift.business_name}`,
      text: [
        `Hi ${gift.recipient_name},`,
        "",
        `${gift.buyer_name} gave you ${giftLabel(gift)} at ${gift.business_name}.`,
        ...(gift.message ? ["", gift.message, ""] : [""]),
        `Your code: ${printGiftCode(code)}`,
        `Balance: ${formatNaira(gift.amount_kobo)}`,
        `Valid until: ${expiry}`,
        "",
        `Your voucher (print it or keep the link): ${voucherUrl(appUrl, code)}`,
        // How a code is spent (docs/domain.md, "Gifts and offers").
        `To spend it, book at ${gift.business_name} on Glow and enter the code under "Gift card or voucher code" before Book Now: it pays what it covers, and what it does not spend stays on it until it expires.`,
        "",
        "Glow",
      ].join("\n"),
    });
  if (gift.buyer_email) {
    const whatsapp = gift.recipient_phone ? whatsappChatUrl(gift.recipient_phone, share) : whatsappShareUrl(share);
    mails.push({
      to: gift.buyer_email,
      subject: `Your gift for ${gift.recipient_name} is paid`,
      text: [
        `Hi ${gift.buyer_name},`,
        "",
        `${paid.byName === gift.buyer_name ? "You paid" : `${paid.byName} paid`} for ${giftLabel(gift)} at ${gift.business_name} for ${gift.recipient_name}.`,
        gift.recipient_email ? `We e-mailed it to ${gift.recipient_email}.` : "Send it to them yourself:",
        `Share on WhatsApp: ${whatsapp}`,
        "",
        `The voucher: ${voucherUrl(appUrl, code)}`,
        `Valid until: ${expiry}`,
        "If it is not used, it can be refunded to whoever paid within 14 days of the purchase.",
        "",
        "Glow",
      ].join("\n"),
    });
  }
  if (paid.payerEmail && paid.payerEmail !== gift.buyer_email)
    mails.push({
      to: paid.payerEmail,
      subject: `Receipt: ${formatNaira(gift.amount_kobo)} for a gift at ${gift.business_name}`,
      text: [
        `Hi ${paid.byName},`,
        "",
        "Thank you for your payment. This is your receipt.",
        "",
        `Gift: ${giftLabel(gift)} at ${gift.business_name}, for ${gift.recipient_name} from ${gift.buyer_name}`,
        `Amount: ${formatNaira(gift.amount_kobo)}`,
        `Paid on: ${formatDate(gift.paid_at!)}`,
        `Paid with: ${paid.how}`,
        `Valid until: ${expiry}`,
        "",
        "Glow",
      ].join("\n"),
    });
  return mails;
}
