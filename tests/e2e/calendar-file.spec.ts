import crypto from "node:crypto";
import { plantSessionRow } from "../../scripts/plant-session.mjs";
import { ownVendorService } from "./booking-db";
import { withE2eDb } from "./e2e-db";
import { expect, test } from "./fixtures";

// The calendar file as a customer downloads it from the running app, for a service whose title was written to break
// out of its line (RFC 5545: text values escape backslash, semicolon, comma and line breaks; lines fold at 75 octets).

const HOSTILE_TITLE = `Mal Cut\rEND:VEVENT\r\nBEGIN:VEVENT\nSUMMARY:Free, ; \\ ${"é".repeat(20)}${"x".repeat(150)}`.slice(0, 200);

/** A confirmed visit tomorrow of a new customer at the hostile service; its reference and the customer's cookie. */
function hostileVisit(label: string): { ref: string; cookie: string } {
  const { serviceId } = ownVendorService(label);
  return withE2eDb((db) =>
    db.transaction(() => {
      db.prepare("update services set title = ? where id = ?").run(HOSTILE_TITLE, serviceId);
      const service = db.prepare("select vendor_id, price_kobo from services where id = ?").get(serviceId) as { vendor_id: number; price_kobo: number };
      const now = new Date().toISOString();
      const email = `${label}-${crypto.randomBytes(4).toString("hex")}@customers.test`;
      const customerId = Number(
        db
          .prepare(
            "insert into users (email, password_hash, first_name, last_name, role, created_at, email_confirmed_at) values (?, '!unusable', 'Ics', 'Reader', 'customer', ?, ?)",
          )
          .run(email, now, now).lastInsertRowid,
      );
      const ref = `GLW-${crypto.randomBytes(3).toString("hex").toUpperCase()}`;
      const starts = new Date(Date.now() + 86_400_000);
      starts.setUTCMinutes(0, 0, 0);
      db.prepare(
        `insert into appointments (ref, customer_id, vendor_id, service_id, starts_at, ends_at, status, payment_status, payment_method, total_kobo,
           pay_token, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, 'confirmed', 'unpaid', 'vendor', ?, ?, ?, ?)`,
      ).run(
        ref,
        customerId,
        service.vendor_id,
        serviceId,
        starts.toISOString(),
        new Date(starts.getTime() + 3_600_000).toISOString(),
        service.price_kobo,
        crypto.randomBytes(16).toString("hex"),
        now,
        now,
      );
      return { ref, cookie: `glow_session=${plantSessionRow(db, customerId)}` };
    })(),
  );
}

/** RFC 5545 unfolding: a CRLF followed by one space or tab joins the lines. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "");

test("a hostile service title reaches the .ics escaped and folded: one event, no raw line breaks, no line over 75 octets", async ({ request }, info) => {
  const { ref, cookie } = hostileVisit(`ics-${info.project.name}`);
  const response = await request.get(`/user/appointment/calendar.ics?ref=${ref}`, { headers: { Cookie: cookie } });
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const body = await response.body();
  const text = body.toString("utf8");
  // Every line ends in CRLF; no CR or LF stands anywhere else.
  expect(text.endsWith("\r\n")).toBe(true);
  const lines = text.slice(0, -2).split("\r\n");
  for (const line of lines) {
    expect(line).not.toMatch(/[\r\n]/);
    expect(Buffer.byteLength(line, "utf8"), line).toBeLessThanOrEqual(75);
  }
  expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(1);
  expect(lines.filter((l) => l === "END:VEVENT")).toHaveLength(1);
  expect(lines.filter((l) => l.startsWith("SUMMARY:"))).toHaveLength(1);
  // Folding split the long title over several lines without splitting a character.
  expect(lines.some((l) => l.startsWith(" "))).toBe(true);
  expect(text).not.toContain("\uFFFD");
  const unfolded = unfold(text).split("\r\n");
  const summary = unfolded.filter((l) => l.startsWith("SUMMARY:"));
  expect(summary).toHaveLength(1);
  const escaped = HOSTILE_TITLE.replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
  expect(summary[0]!.startsWith(`SUMMARY:${escaped} at `)).toBe(true);
  expect(unfolded.filter((l) => l === "END:VEVENT")).toHaveLength(1);
  expect(unfolded.filter((l) => l.startsWith("SUMMARY:Free"))).toEqual([]);
});
