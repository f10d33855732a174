import crypto from "node:crypto";

/** A URL-safe random token of `bytes` random bytes (default 256 bits). */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString("base64url");
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
