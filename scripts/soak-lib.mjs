// The counting helpers of the soak (scripts/soak.mjs), kept apart so that tests/soak-lib.test.ts can check them
// without running a soak: what the server acknowledged against what the database holds, and whether resident memory
// stayed flat after the warm-up.

/**
 * @typedef {{ ref: string, customerId: number, paid: boolean, cancelled: boolean, accepted: boolean }} BookingAck
 * @typedef {{ ref: string, customer_id: number, status: string, payment_status: string }} BookingRow
 */

/**
 * Acknowledged bookings against the database's rows for the soak's customers: an acknowledged booking missing or in
 * another state is lost; a row nobody was told about, or two rows for one ref, is a duplicated (or unacknowledged) write.
 * @param {BookingAck[]} acks
 * @param {BookingRow[]} rows
 * @returns {{ lost: string[], wrongState: string[], unacknowledged: string[], duplicated: string[] }}
 */
export function compareBookings(acks, rows) {
  const byRef = new Map();
  const duplicated = [];
  for (const row of rows) {
    if (byRef.has(row.ref)) duplicated.push(row.ref);
    byRef.set(row.ref, row);
  }
  const acked = new Set(acks.map((a) => a.ref));
  const lost = [];
  const wrongState = [];
  for (const ack of acks) {
    const row = byRef.get(ack.ref);
    if (!row || row.customer_id !== ack.customerId) {
      lost.push(ack.ref);
      continue;
    }
    const problems = [];
    if (ack.cancelled && row.status !== "cancelled") problems.push(`status ${row.status}, cancelled`);
    if (!ack.cancelled && ack.accepted && row.status !== "confirmed") problems.push(`status ${row.status}, accepted`);
    if (ack.paid && row.payment_status !== "paid" && row.payment_status !== "refunded") problems.push(`payment ${row.payment_status}, paid`);
    if (problems.length) wrongState.push(`${ack.ref}: ${problems.join("; ")}`);
  }
  const unacknowledged = rows.filter((r) => !acked.has(r.ref)).map((r) => r.ref);
  return { lost, wrongState, unacknowledged, duplicated };
}

/**
 * Messages acknowledged (303) against those stored, per conversation: fewer stored is a lost write, more a duplicate.
 * @param {Map<number, number>} acked conversation id -> messages the server acknowledged
 * @param {{ conversation_id: number, n: number }[]} stored the soak customers' messages, counted per conversation
 */
export function compareMessages(acked, stored) {
  const counts = new Map(stored.map((r) => [Number(r.conversation_id), Number(r.n)]));
  const lost = [];
  const duplicated = [];
  for (const id of new Set([...acked.keys(), ...counts.keys()])) {
    const sent = acked.get(id) ?? 0;
    const found = counts.get(id) ?? 0;
    if (found < sent) lost.push(`${id}: ${sent} sent, ${found} stored`);
    if (found > sent) duplicated.push(`${id}: ${sent} sent, ${found} stored`);
  }
  return { lost, duplicated };
}

/**
 * Whether memory stayed flat after the warm-up: the mean of the last tenth of the run within `tolerance` of the mean
 * of its third tenth (for the 10-minute soak: the last minute against the third). Each sample: { at: ms since the
 * start, mb }. For several processes, call it once each.
 * @param {{ at: number, mb: number }[]} samples
 * @param {number} runMs
 */
export function memoryFlat(samples, runMs, tolerance = 0.1) {
  const tenth = runMs / 10;
  const mean = (from, to) => {
    const inside = samples.filter((s) => s.at >= from && s.at < to).map((s) => s.mb);
    return inside.length ? inside.reduce((a, b) => a + b, 0) / inside.length : NaN;
  };
  const third = mean(2 * tenth, 3 * tenth);
  const last = mean(9 * tenth, runMs + 1);
  const change = (last - third) / third;
  return { third, last, change, flat: Number.isFinite(change) && Math.abs(change) <= tolerance };
}

/**
 * Statuses counted, and the 5xx among them.
 * @param {number[]} statuses
 */
export function statusCounts(statuses) {
  /** @type {Record<number, number>} */
  const counts = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  const serverErrors = statuses.filter((s) => s >= 500).length;
  return { counts, serverErrors };
}
