import { getEnv } from "~/utils/env.server";
import { formatNaira } from "~/utils/money";
import { formatDate, formatTime } from "~/utils/time";
import type { Mail } from "~/models/messaging/mail.server";
import { manageUrl } from "./manage-link.server";
import type { AppointmentRow } from "./store.server";

// The e-mails (and vendor text messages) an appointment's transitions send: each names the appointment and links
// to it.

function mailLines(row: AppointmentRow, lines: string[]): string {
  return [
    ...lines.filter(Boolean),
    "",
    `Service: ${row.service_title}`,
    `Vendor: ${row.business_name}`,
    `Date: ${formatDate(row.starts_at)}`,
    `Time: ${formatTime(row.starts_at)}`,
    `Booking reference: ${row.ref}`,
    `Total: ${formatNaira(row.total_kobo)}`,
  ].join("\n");
}

/** Statuses of a visit someone can still reschedule or cancel: its messages carry the manage link. */
const MANAGEABLE = new Set(["requested", "confirmed", "held"]);

/**
 * What a customer is told about an appointment. About a visit still to come (booked, confirmed, accepted or
 * declined, moved, cancelled, paid for by a friend) the same notice also goes by WhatsApp or SMS as they agreed to;
 * after the visit has started (thanks, a missed visit, a reported problem) by e-mail only.
 */
export function customerMail(row: AppointmentRow, subject: string, lines: string[], now = new Date()): Mail {
  const link = `${getEnv().APP_URL}/user/appointment?ref=${row.ref}`;
  const ahead = Date.parse(row.starts_at) > now.getTime();
  const manage = MANAGEABLE.has(row.status) ? manageUrl(row.id) : null;
  return {
    to: row.customer_email,
    subject,
    text: `Hi ${row.customer_first_name},\n\n${mailLines(row, lines)}\n\nSee your appointment: ${link}${manage ? `\nReschedule or cancel without signing in: ${manage}` : ""}\n\nGlow`,
    ...(ahead
      ? {
          customerText: {
            userId: row.customer_id,
            vendorId: row.vendor_id,
            appointmentId: row.id,
            ref: row.ref,
            firstName: row.customer_first_name,
            summary: `${subject.replace(/ on [A-Z][a-z]{2} \d{1,2}, \d{4}$/, "")}, ${row.business_name}, ${formatDate(row.starts_at)} ${formatTime(row.starts_at)}`,
            manageUrl: manage,
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
    // Everything a vendor is e-mailed about also comes by text message when their switch is on.
    vendorText: { vendorId: row.vendor_id, text: `Glow: ${textMessage}. Ref ${row.ref}.`, appointmentId: row.id },
  };
}

/** A new booking (the moment a held order becomes a request, or is confirmed at once): both sides hear of it. */
export function bookedMails(row: AppointmentRow): Mail[] {
  const payment = row.payment_status === "paid" ? "Paid online" : "Pay to vendor at the appointment";
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
