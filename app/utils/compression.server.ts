import { promisify } from "node:util";
import zlib from "node:zlib";

// Documents compressed in one pass, off the main thread (throughput).
//
// Every browser sends Accept-Encoding. remix-serve's compression middleware compressed React's stream of small
// chunks one by one, which cost more CPU than rendering the page (anonymous Home 1.2 ms uncompressed, 5.0 ms as
// brotli; signed-in Home 8 and 16.8 ms). So entry.server sends each document whole and already compressed, and the
// middleware leaves an encoded body alone.

export type Encoding = "br" | "gzip";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * `body` compressed. "kept" is for a shared page compressed once and sent many times (brotli 6: Home is 9.1 KB
 * against quality 4's 10 KB, for 1.5 ms once); "once" for a person's page, compressed per request at the quality
 * the middleware used (brotli 4, gzip 6).
 */
export async function compress(body: Uint8Array, encoding: Encoding, use: "kept" | "once"): Promise<Uint8Array<ArrayBuffer>> {
  const out =
    encoding === "br"
      ? await brotli(body, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: use === "kept" ? 6 : 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
        })
      : await gzip(body, { level: use === "kept" ? 9 : 6 });
  return new Uint8Array(out);
}

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, else none (a q of 0 refuses one). */
export function pickEncoding(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    const weight = params.find((p) => p.startsWith("q="));
    // A weight that is not a number makes the entry unusable, not a full "yes".
    const value = weight === undefined ? 1 : /^q=(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(weight) ? Number(weight.slice(2)) : NaN;
    if (name && Number.isFinite(value)) q.set(name, value);
  }
  const weightOf = (name: string) => q.get(name) ?? q.get("*") ?? 0;
  const [br, gz] = [weightOf("br"), weightOf("gzip")];
  if (br > 0 && br >= gz) return "br";
  return gz > 0 ? "gzip" : null;
}
