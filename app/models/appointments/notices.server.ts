import { getEnv } from "~/utils/env.server";
import { formatNaira } from "~/utils/money";
import { formatDate, formatTime } from "~/utils/time";
import type { Mail } from "~/models/messaging/mail.server";
import { manageUrl } from "./manage-link.server";
import type { AppointmentRow } from "./store.server";
import { stylistOf } from "./views";

// The e-mails (and vendor text messages) an appointment's transitions send: each names the appointment and links
// to it.

function mailLines(row: AppointmentRow, lines: string[]): string {
  return [
    ...lines.filter(Boolean),
    "",
    `Service: ${row.service_title}`,
    `Vendor: ${row.business_name}`,
    ...(stylistOf(row) ? [`Stylist: ${stylistOf(row)}`] : []),
    `Date: ${formatDate(row.starts_at)}`,
    `Time: ${formatTime(row.starts_at)}`,
    `Booking reference: ${row.ref}`,
    `Total: ${formatNaira(row.total_kobo)}`,
  ].join("\n");
}

/** "Dec 17 11:00 am": the date and time in a phone message, where every character counts (one SMS page). */
export function shortWhen(startsAt: string): string {
  return `${formatDate(startsAt).replace(/, \d{4}$/, "")} ${formatTime(startsAt)}`;
}

/**
 * A notice's subject as a phone message says it, the time first (what a cut SMS must keep): "Confirmed: Knotless
 * Box Braids on Dec 17, 2026" becomes "Confirmed: Dec 17 11:00 am, Knotless Box Braids, Ronke's Beauty Lounge".
 */
function phoneSummary(subject: string, row: AppointmentRow): string {
  const plain = subject.replace(/ on [A-Z][a-z]{2} \d{1,2}, \d{4}$/, "");
  const split = plain.indexOf(": ");
  const [what, rest] = split > 0 ? [plain.slice(0, split), `, ${plain.slice(split + 2)}`] : [plain, ""];
  return `${what}: ${shortWhen(row.starts_at)}${rest}, ${row.business_name}`;
}

/**
 * What a customer is told about an appointment. About a visit still to come (booked, confirmed, accepted or
 * declined, moved, cancelled, paid for by a friend) the same notice also goes by WhatsApp or SMS as they agreed to;
 * after the visit has started (thanks, a missed visit, a reported problem) by e-mail only.
 */
export function customerMail(row: AppointmentRow, subject: string, lines: string[], now = new Date()): Mail {
  const link = `${getEnv().APP_URL}/user/appointment?ref=${row.ref}`;
  const ahead = Date.parse(row.starts_at) > now.getTime();
  return {
    to: row.customer_email,
    subject,
    text: `Hi ${row.customer_first_name},\n\n${mailLines(row, lines)}\n\nSee your appointment: ${link}\n\nGlow`,
    ...(ahead
      ? {
          customerText: {
            userId: row.customer_id,
            vendorId: row.vendor_id,
            appointmentId: row.id,
            ref: row.ref,
            firstName: row.customer_first_name,
            summary: phoneSummary(subject, row),
            // Sent only if the visit can still be changed once the transition is written (customer-texts.server.ts).
            manageUrl: manageUrl(row.id),
          },
        }
      : {}),
  };
}

export function vendorMail(row: AppointmentRow, subject: string, lines: string[], textMessage = `${subject} at ${formatTime(row.starts_at)}`): Mail {
  const link = `${getEnv().APP_URL}/vendor/appointment?q=${row.ref}`;
  return {
    to: row.vendor_email,
    subject,
    text: `Hello ${row.business_name},\n\n${mailLines(row, lines)}\n\nOpen it in your dashboard: ${link}\n\nGlow`,
    // Everything a vendor is e-mailed about also comes by WhatsApp or text message as they chose (vendor-texts.server.ts).
    vendorText: {
      vendorId: row.vendor_id,
      text: `Glow: ${textMessage}. Ref ${row.ref}.`,
      summary: `${textMessage}, booking ${row.ref}`,
      link,
      appointmentId: row.id,
    },
  };
}

/** A new booking (the moment a held order becomes a request, or is confirmed at once): both sides hear of it. */
export function bookedMails(row: AppointmentRow): Mail[] {
  const paid =
    row.payment_method === "gift"
      ? row.gift_kobo > 0
        ? "Paid with a gift card"
        : "Nothing to pay (promo code)"
      : row.payment_status === "paid"
        ? "Paid online"
        : "Pay to vendor at the appointment";
  // What gifts covered is said beside the rest (docs/domain.md, "Gifts and offers").
  const gifted = row.gift_kobo > 0 && row.payment_method !== "gift" ? `${paid} (${formatNaira(row.gift_kobo)} covered by a gift card)` : paid;
  // A promo code's discount is said too (docs/domain.md, "Promo codes"): the salon sees what it gave.
  const payment = row.promo_kobo > 0 ? `${gifted}; ${formatNaira(row.promo_kobo)} off with promo code ${row.promo_code}` : gifted;
  if (row.status === "confirmed") {
    return [
      customerMail(row, `Confirmed: ${row.service_title} on ${formatDate(row.starts_at)}`, [
        `Your booking with ${row.business_name} is confirmed. See you then!`,
        `Payment: ${payment}`,
      ]),
      vendorMail(row, `New booking: ${row.service_title} on ${formatDate(row.starts_at)}`, [
        `${row.customer_first_name} ${row.customer_last_name} has booked ${row.service_title}. It was accepted automatically and is under Upcoming.`,
        `Payment: ${payment}`,
      ]),
    ];
  }
  return [
    customerMail(row, `Booking received: ${row.service_title} on ${formatDate(row.starts_at)}`, [
      `Thank you for booking with ${row.business_name}. We'll e-mail you as soon as they confirm.`,
      `Payment: ${payment}`,
    ]),
    vendorMail(row, `New booking request: ${row.service_title} on ${formatDate(row.starts_at)}`, [
      `${row.customer_first_name} ${row.customer_last_name} has booked ${row.service_title}. Please accept or decline it under New Request.`,
      `Payment: ${payment}`,
    ]),
  ];
}
