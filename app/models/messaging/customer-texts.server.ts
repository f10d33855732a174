import type { Executor } from "~/db/db.server";
import { getEnv } from "~/utils/env.server";
import { isNigerianMobile } from "~/utils/phone";
import { getConsents, optOutUrl } from "./consent.server";
import { queueSms } from "./sms.server";
import { queueWhatsApp, type WhatsAppTemplate } from "./whatsapp.server";

// What a customer is told by phone about their appointment, beside the e-mail (which always goes): by WhatsApp
// when they agreed to it, else by SMS when they agreed to that; WhatsApp falls back to SMS (when agreed) if the
// template cannot be delivered. Nothing without consent, nothing without a number. Every message carries its
// channel's opt-out link. An SMS comes from the sender ID "Glow", so its text does not repeat the name: one page
// (160 characters) holds the wording, the reference and both links. (docs/domain.md, Notifications and consent.)

export interface CustomerText {
  userId: number;
  vendorId: number;
  appointmentId: number;
  ref: string;
  firstName: string;
  /** What happened, in a few words: "Confirmed: Knotless braids at Ronke's, Nov 28, 2026 10:00 am". */
  summary: string;
  /** The manage link; left out when, after the change this message tells of, the visit can no longer be changed. */
  manageUrl: string | null;
  /** A reminder's parts (the reminder template); absent for other notices. */
  reminder?: { service: string; business: string; when: string };
}

/** Statuses of a visit that can still be rescheduled or cancelled (through the manage link). */
const MANAGEABLE = ["held", "requested", "confirmed"];

export async function queueCustomerText(db: Executor, text: CustomerText, now = new Date()): Promise<"whatsapp" | "sms" | null> {
  // Read in the transaction of the change, after it: a cancelled or declined visit gets no manage link.
  const visit = await db.selectFrom("appointments").select("status").where("id", "=", text.appointmentId).executeTakeFirst();
  const t = { ...text, manageUrl: visit && MANAGEABLE.includes(visit.status) ? text.manageUrl : null };
  const user = await db.selectFrom("users").select("phone").where("id", "=", t.userId).executeTakeFirst();
  if (!user?.phone) return null;
  const consents = await getConsents(db, t.userId);
  const about = { userId: t.userId, vendorId: t.vendorId, appointmentId: t.appointmentId };
  const smsTail = (stop: string) => [`Ref ${t.ref}`, t.manageUrl ? `Manage: ${t.manageUrl}` : "", `Stop: ${stop}`].filter(Boolean).join(" ");
  const sms = consents.sms.given && isNigerianMobile(user.phone) ? { to: user.phone, text: `${t.summary}.`, tail: smsTail(optOutUrl(t.userId, "sms")) } : null;
  if (consents.whatsapp.given) {
    const stop = optOutUrl(t.userId, "whatsapp");
    // A template's parameters may not be empty: with nothing to manage, the link is the appointment's page.
    const link = t.manageUrl ?? `${getEnv().APP_URL}/user/appointment?ref=${t.ref}`;
    const [template, params]: [WhatsAppTemplate, string[]] = t.reminder
      ? ["appointment_reminder", [t.firstName, t.reminder.service, t.reminder.business, t.reminder.when, t.ref, link, stop]]
      : ["appointment_update", [t.firstName, t.summary, t.ref, link, stop]];
    const text = `Hi ${t.firstName}, ${t.summary}. Booking reference ${t.ref}. ${t.manageUrl ? "Manage it" : "See it"}: ${link} Stop WhatsApp messages: ${stop}`;
    await queueWhatsApp(db, { to: user.phone, template, params, text, fallback: sms, ...about }, now);
    return "whatsapp";
  }
  if (sms) {
    await queueSms(db, { ...sms, ...about }, now);
    return "sms";
  }
  return null;
}
