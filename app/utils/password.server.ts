import crypto from "node:crypto";
import { promisify } from "node:util";

// Passwords are hashed with scrypt, a memory-hard KDF built into Node (no native add-on to install).
// The stored form carries its parameters so they can be raised later without breaking old hashes:
//   scrypt$N$r$p$salt(base64)$hash(base64)

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;

const KEY_LENGTH = 32;
// 2^15 x 8 x 128 bytes = 32 MiB and ~60 ms per hash on the target machines. Tests use a cheaper cost.
const COST = process.env.NODE_ENV === "test" ? 2 ** 12 : 2 ** 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

/** A stored value that no password matches: for seeded accounts nobody signs in to. */
export const UNUSABLE_PASSWORD = "!unusable";

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, {
    N: COST,
    r: BLOCK_SIZE,
    p: PARALLELISM,
    maxmem: 64 * 1024 * 1024,
  });
  return ["scrypt", COST, BLOCK_SIZE, PARALLELISM, salt.toString("base64"), hash.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, n, r, p, saltText, hashText] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hashText, "base64");
  const actual = await scrypt(password, Buffer.from(saltText, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}
