import crypto from "node:crypto";
import { getDb, type Executor } from "~/db/db.server";
import { getEnv } from "~/utils/env.server";
import { getCustomerAppointment } from "./lists.server";
import { rowById, type AppointmentRow } from "./store.server";

// The manage link in every message about a visit to come: /manage/{token}. Whoever holds it sees that one visit and
// may reschedule or cancel it under the vendor's policy, without signing in (a reminder is read on a phone where
// the person may not be signed in). The token is the appointment's id signed with SESSION_SECRET (a forged one is
// refused); it dies when the visit ends (checked when it is used), so an old message opens nothing.

// 72 bits of HMAC: no one guesses that online, and the link stays short enough for one SMS page with the rest.
const SIGNATURE_LENGTH = 12;

function signature(id: number): string {
  return crypto.createHmac("sha256", getEnv().SESSION_SECRET).update(`manage:${id}`).digest("base64url").slice(0, SIGNATURE_LENGTH);
}

export function manageToken(appointmentId: number): string {
  return `${appointmentId}.${signature(appointmentId)}`;
}

export function manageUrl(appointmentId: number): string {
  return `${getEnv().APP_URL}/manage/${manageToken(appointmentId)}`;
}

/** The appointment id a token names, or null when the token is not one of ours. */
export function readManageToken(token: string): number | null {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{12})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  return crypto.timingSafeEqual(Buffer.from(signature(id)), Buffer.from(match[2]!)) ? id : null;
}

/** The visit a manage link opens: null when the token is forged, the appointment gone, or the visit has ended. */
export async function managedAppointment(db: Executor, token: string, now = new Date()): Promise<AppointmentRow | null> {
  const id = readManageToken(token);
  if (id === null) return null;
  const row = await rowById(db, id).catch(() => undefined);
  if (!row || Date.parse(row.ends_at) <= now.getTime()) return null;
  return row;
}

/** The visit a manage link opens, as the customer's own appointment page reads it; null as managedAppointment. */
export async function managedVisit(token: string, now = new Date()) {
  const row = await managedAppointment(await getDb(), token, now);
  return row ? ((await getCustomerAppointment(row.customer_id, row.ref, now)) ?? null) : null;
}
