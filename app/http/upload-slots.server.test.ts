import { describe, expect, test } from "vitest";
import { TOTAL_UPLOADS, UPLOADS_PER_VENDOR, takeUploadSlot } from "./upload-slots.server";

// Uploads held in memory at once are capped per vendor (429) and in total (503), each with Retry-After, so parallel
// large posts cannot take the server's memory (docs/security.md, "Uploads").

async function refusal(fn: () => unknown): Promise<Response> {
  try {
    fn();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("upload slots", () => {
  test("one vendor past its share gets 429, everyone past the total 503, both with Retry-After; a released slot is free again", async () => {
    const held = Array.from({ length: UPLOADS_PER_VENDOR }, () => takeUploadSlot(1));
    const own = await refusal(() => takeUploadSlot(1));
    expect(own.status).toBe(429);
    expect(Number(own.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await own.text()).toMatch(/You are already uploading/);

    for (let v = 2; held.length < TOTAL_UPLOADS; v++) held.push(takeUploadSlot(v));
    const busy = await refusal(() => takeUploadSlot(999));
    expect(busy.status).toBe(503);
    expect(Number(busy.headers.get("Retry-After"))).toBeGreaterThan(0);

    held.shift()!();
    const again = takeUploadSlot(1);
    for (const release of [...held, again]) release();
    // Released twice changes nothing: the counts never go below zero.
    again();
    const all = Array.from({ length: UPLOADS_PER_VENDOR }, () => takeUploadSlot(1));
    expect((await refusal(() => takeUploadSlot(1))).status).toBe(429);
    for (const release of all) release();
  });
});
