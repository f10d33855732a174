import crypto from "node:crypto";
import { sha256 } from "~/utils/random.server";

// Gift codes (docs/domain.md, "Gifts and offers"): 16 characters of an alphabet without look-alikes (no 0/O, 1/I/L),
// about 79 bits, so the stored SHA-256 cannot be reversed by listing codes. Read case-insensitively, with or without
// the dashes and spaces it is printed with (ABCD-EFGH-JKMN-PQRS).

export const GIFT_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const GIFT_CODE_LENGTH = 16;

export function newGiftCode(): string {
  let out = "";
  // Rejection sampling keeps every letter equally likely (256 is not a multiple of 31).
  while (out.length < GIFT_CODE_LENGTH) {
    for (const byte of crypto.randomBytes(GIFT_CODE_LENGTH)) {
      if (byte < 248 && out.length < GIFT_CODE_LENGTH) out += GIFT_CODE_ALPHABET[byte % GIFT_CODE_ALPHABET.length];
    }
  }
  return out;
}

/** The code as stored and compared, or null when it cannot be one (wrong length or letters). */
export function normaliseGiftCode(input: string): string | null {
  if (input.length > 40) return null;
  const code = input.toUpperCase().replace(/[\s-]/g, "");
  if (code.length !== GIFT_CODE_LENGTH) return null;
  for (const ch of code) if (!GIFT_CODE_ALPHABET.includes(ch)) return null;
  return code;
}

export const hashGiftCode = (code: string) => sha256(`gift:${code}`);

/** ABCD-EFGH-JKMN-PQRS */
export function printGiftCode(code: string): string {
  return code.match(/.{1,4}/g)!.join("-");
}
