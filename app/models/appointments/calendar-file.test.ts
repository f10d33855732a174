import { expect, test } from "vitest";
import { calendarFile, fold, icsText } from "./calendar-file.server";

const appointment = (service_title: string) => ({
  ref: "GLW-ABC123",
  starts_at: "2026-12-01T09:00:00.000Z",
  ends_at: "2026-12-01T10:00:00.000Z",
  status: "confirmed" as const,
  service_title,
  business_name: "Ada's; Salon, Lekki\\Ikoyi",
  place: "12 Admiralty Way\nLekki",
  total_kobo: 1_500_000,
});

/** The file's logical lines (RFC 5545 unfolding: CRLF followed by a space joins). */
const unfolded = (ics: string) => ics.replace(/\r\n /g, "").split("\r\n").slice(0, -1);

test("a hostile title cannot write calendar lines of its own: CR, LF and CRLF are escaped, controls dropped", () => {
  for (const title of ["Mal Cut\rEND:VEVENT\rBEGIN:VEVENT\rSUMMARY:Free", "Mal Cut\nEND:VEVENT", "Mal Cut\r\nEND:VCALENDAR", "Cut\u0000\u0007\u001b[2J"]) {
    const ics = calendarFile(appointment(title), new Date("2026-11-24T12:00:00Z"));
    // Only CRLF ends a line: no lone CR or LF anywhere.
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = unfolded(ics);
    expect(lines.filter((l) => l === "BEGIN:VEVENT" || l === "END:VEVENT")).toEqual(["BEGIN:VEVENT", "END:VEVENT"]);
    expect(lines.filter((l) => l.startsWith("SUMMARY:"))).toHaveLength(1);
    // eslint-disable-next-line no-control-regex -- the check is that no control character is left
    expect(ics).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/);
  }
  const lines = unfolded(calendarFile(appointment("Mal Cut\rEND:VEVENT"), new Date()));
  expect(lines).toContain("SUMMARY:Mal Cut\\nEND:VEVENT at Ada's\\; Salon\\, Lekki\\\\Ikoyi");
  expect(lines).toContain("LOCATION:12 Admiralty Way\\nLekki");
});

test("escaping per RFC 5545: backslash, semicolon, comma, line breaks", () => {
  expect(icsText("a\\b;c,d\r\ne\rf\ng")).toBe("a\\\\b\\;c\\,d\\ne\\nf\\ng");
});

test("long lines fold at 75 octets without splitting a character, and unfold to the original", () => {
  const line = "SUMMARY:" + "Braids é 💇🏾‍♀️ ".repeat(20);
  const folded = fold(line);
  for (const part of folded.split("\r\n")) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
  expect(folded.replace(/\r\n /g, "")).toBe(line);
  expect(folded).not.toContain("\uFFFD");
  const ics = calendarFile(appointment("x".repeat(300)), new Date());
  for (const part of ics.split("\r\n")) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
});
