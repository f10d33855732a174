// How many uploads this process reads at once: each may hold up to the largest upload in memory while it is read
// and processed, so parallel 49 MB posts (sign-up is open to vendors) would take the server's memory. Per vendor
// (429: the vendor waits for their own uploads) and in total (503: everyone waits a moment), with Retry-After.
// Counted in the process, like the memory it protects; with several app processes each has its own share.

export const UPLOADS_PER_VENDOR = 2;
export const TOTAL_UPLOADS = 4;
const RETRY_AFTER_SECONDS = 10;

const perVendor = new Map<number, number>();
let total = 0;

/** Takes a slot for one upload of `vendorId`, or throws the 429/503 Response; call the returned function once done. */
export function takeUploadSlot(vendorId: number): () => void {
  const own = perVendor.get(vendorId) ?? 0;
  const headers = { "Retry-After": String(RETRY_AFTER_SECONDS), "Content-Type": "text/plain; charset=utf-8" };
  if (own >= UPLOADS_PER_VENDOR) {
    throw new Response("You are already uploading files. Please wait until they are done, then try again.", { status: 429, headers });
  }
  if (total >= TOTAL_UPLOADS) {
    throw new Response("Glow is busy receiving other uploads. Please try again in a few seconds.", { status: 503, headers });
  }
  perVendor.set(vendorId, own + 1);
  total += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    total -= 1;
    const left = (perVendor.get(vendorId) ?? 1) - 1;
    if (left > 0) perVendor.set(vendorId, left);
    else perVendor.delete(vendorId);
  };
}
