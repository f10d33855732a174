import type { AppointmentStatus } from "~/db/schema";
import { formatNaira } from "~/utils/money";

// An appointment as a calendar file (RFC 5545), for the customer's "Add to calendar".

/**
 * A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped; every line break (CRLF, a lone CR or LF)
 * becomes the two characters \n; other control characters, which TEXT does not allow, are dropped. A lone CR in a
 * service title otherwise ended the line and let the title write its own calendar lines.
 */
export const icsText = (value: string) =>
  value
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n/g, "\\n")
    // eslint-disable-next-line no-control-regex -- removing the control characters is the point
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");
const icsInstant = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/** Lines longer than 75 octets continue on the next line after a space, never splitting a character. */
export function fold(line: string): string {
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // The first line holds 75 octets; a continuation line's leading space takes one of its 75.
    if (octets + size > (lines.length === 0 ? 75 : 74)) {
      lines.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join("\r\n ");
}

export function calendarFile(
  a: {
    ref: string;
    starts_at: string;
    ends_at: string;
    status: AppointmentStatus;
    service_title: string;
    business_name: string;
    /** The stylist, when the vendor is a team (app/models/appointments/store.server.ts); absent or null: none named. */
    member_name?: string | null;
    place: string;
    total_kobo: number;
  },
  now: Date = new Date(),
): string {
  const status =
    a.status === "confirmed" ? "CONFIRMED" : a.status === "cancelled" || a.status === "declined" || a.status === "expired" ? "CANCELLED" : "TENTATIVE";
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Glow//Bookings//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${a.ref}@glow`,
    `DTSTAMP:${icsInstant(now.toISOString())}`,
    `DTSTART:${icsInstant(a.starts_at)}`,
    `DTEND:${icsInstant(a.ends_at)}`,
    `SUMMARY:${icsText(`${a.service_title}${a.member_name ? ` with ${a.member_name}` : ""} at ${a.business_name}`)}`,
    `LOCATION:${icsText(a.place)}`,
    `DESCRIPTION:${icsText(`Booking reference ${a.ref}. Total ${formatNaira(a.total_kobo)}.`)}`,
    `STATUS:${status}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ]
    .map(fold)
    .join("\r\n")
    .concat("\r\n");
}
