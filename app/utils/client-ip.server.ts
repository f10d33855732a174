/**
 * The address a request came from, for per-address rate limits and logs.
 *
 * Under our own server (server/app.mjs) it is the socket's peer, or, behind TRUST_PROXY proxies, the address the
 * outermost trusted proxy saw; the server puts it in a header of its own after dropping any copy a client sent.
 * Under the stock remix-serve (`npm run serve:plain`) nobody sets that header, so a client could: there we read
 * X-Forwarded-For the same way, counting TRUST_PROXY entries from the right (the ones our proxies appended), and
 * without a trusted proxy every request counts as one "direct" client.
 */
export const CLIENT_ADDRESS_HEADER = "x-glow-client-address";

const own = globalThis as unknown as { __glowOwnServer?: { trustProxy: number } };

export function clientIp(request: Request): string {
  if (own.__glowOwnServer) return plausible(request.headers.get(CLIENT_ADDRESS_HEADER)) ?? "unknown";
  return forwardedFor(request.headers.get("X-Forwarded-For"), trustProxyHops()) ?? "direct";
}

/** The address `hops` proxies in: the hops-th entry from the right of X-Forwarded-For (none when hops is 0). */
export function forwardedFor(header: string | null, hops: number): string | undefined {
  if (!header || hops < 1) return undefined;
  const entries = header.slice(-2048).split(",");
  return plausible(entries[entries.length - hops]?.trim());
}

function plausible(address: string | null | undefined): string | undefined {
  return address && address.length <= 64 && /^[0-9A-Za-z.:%_-]+$/.test(address) ? address : undefined;
}

function trustProxyHops(): number {
  const hops = Number(process.env.TRUST_PROXY ?? "0");
  return Number.isInteger(hops) && hops >= 0 && hops <= 10 ? hops : 0;
}
