import crypto from "node:crypto";

/** A URL-safe random token of `bytes` random bytes (default 256 bits). */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString("base64url");
}

// A document's CSP nonce: 128 random bits, standard base64. Taken from a pool the kernel's random source fills 4 KB
// at a time, one call per 256 pages instead of one per page (a hundredth of a signed-in page's CPU, in the profile
// of docs/performance.md). Each nonce is still 16 bytes of that source, never reused.
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let taken = 0;

export function pageNonce(): string {
  if (taken + 16 > pool.length) {
    pool = crypto.randomBytes(POOL_BYTES);
    taken = 0;
  }
  taken += 16;
  return pool.toString("base64", taken - 16, taken);
}

export function sha256(text: string): string {
  return crypto.createHash("sha256").update(text).digest("hex");
}

// Booking references avoid look-alike characters so they can be read out over the phone.
const REF_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export function bookingRef(): string {
  let out = "GLW-";
  for (const byte of crypto.randomBytes(6)) out += REF_ALPHABET[byte % REF_ALPHABET.length];
  return out;
}

export function sixDigitCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
}
