import type { Executor } from "~/db/db.server";
import { getEnv } from "~/utils/env.server";
import { getConsents, optOutUrl } from "./consent.server";
import { queueSms } from "./sms.server";
import { queueWhatsApp } from "./whatsapp.server";

// What a vendor is told by phone beside the e-mail (new booking, a request to answer, a change, a cancellation, a
// message from a customer): by WhatsApp when the vendor gave a WhatsApp number and agreed to WhatsApp messages on
// their profile, falling back to a text message when "Text-message notifications" is on, as a customer's WhatsApp
// falls back to SMS; by text message alone when only that switch is on. The e-mail always goes. Every WhatsApp
// message carries the opt-out link (docs/domain.md, Notifications and consent).

export interface VendorText {
  vendorId: number;
  /** The text message, one GSM-7 page: "Glow: New booking request ... Ref GLW-..." */
  text: string;
  /** What happened, for the WhatsApp template: "New booking request: Knotless braids, Nov 28 10:00 am". */
  summary?: string;
  /** The page in the dashboard it is about. */
  link?: string;
  appointmentId?: number | null;
}

export async function queueVendorText(db: Executor, message: VendorText, now = new Date()): Promise<"whatsapp" | "sms" | null> {
  const vendor = await db
    .selectFrom("vendors")
    .innerJoin("users", "users.id", "vendors.user_id")
    .select(["vendors.sms_notifications", "vendors.whatsapp_phone", "users.phone", "users.id as user_id", "users.first_name"])
    .where("vendors.id", "=", message.vendorId)
    .executeTakeFirst();
  if (!vendor) return null;
  const about = { userId: vendor.user_id, vendorId: message.vendorId, appointmentId: message.appointmentId ?? null };
  // queueSms itself refuses a number that is not a Nigerian mobile one.
  const sms = vendor.sms_notifications === 1 && vendor.phone ? { to: vendor.phone, text: message.text } : null;
  if (vendor.whatsapp_phone && (await getConsents(db, vendor.user_id)).whatsapp.given) {
    const summary = message.summary ?? message.text.replace(/^Glow: /, "").replace(/\.$/, "");
    // A template's parameters may not be empty: without a page of its own, the link is the dashboard.
    const link = message.link ?? `${getEnv().APP_URL}/vendor`;
    const stop = optOutUrl(vendor.user_id, "whatsapp");
    const text = `Hi ${vendor.first_name}, ${summary}. Open it: ${link} Stop WhatsApp messages: ${stop}`;
    await queueWhatsApp(
      db,
      { to: vendor.whatsapp_phone, template: "vendor_update", params: [vendor.first_name, summary, link, stop], text, fallback: sms, ...about },
      now,
    );
    return "whatsapp";
  }
  if (sms) return (await queueSms(db, { ...sms, ...about }, now)) ? "sms" : null;
  return null;
}
