/**
 * The address a request came from, for per-address rate limits. remix-serve hands routes no socket address, so
 * this reads the right-most X-Forwarded-For entry: the one the load balancer in front of the app servers appended
 * (DESIGN §8), which a client cannot forge. Without a proxy every request counts as one "direct" client, so
 * per-address limits become a shared limit there, and the per-e-mail limits still hold.
 */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get("X-Forwarded-For")?.slice(-512);
  const last = forwarded?.split(",").pop()?.trim();
  return last && last.length <= 64 ? last : "direct";
}
