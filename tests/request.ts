// Builds requests the way a browser sends them, for calling loaders and actions directly.

export const TEST_ORIGIN = "http://localhost:3000";

export function formRequest(
  path: string,
  fields: Record<string, string | string[]>,
  init: { origin?: string | null; cookie?: string; ip?: string } = {},
): Request {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  }
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  const origin = init.origin === undefined ? TEST_ORIGIN : init.origin;
  if (origin) headers.set("Origin", origin);
  if (init.cookie) headers.set("Cookie", init.cookie);
  // The caller's address, as our server (server/app.mjs) names it from the socket.
  if (init.ip) headers.set("X-Glow-Client-Address", init.ip);
  return new Request(`${TEST_ORIGIN}${path}`, { method: "POST", body, headers });
}

export function getRequest(path: string, init: { cookie?: string } = {}): Request {
  const headers = new Headers();
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(`${TEST_ORIGIN}${path}`, { headers });
}

/** The cookie pairs a response sets, ready to send back as a Cookie header. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Calls a Remix action or loader and returns the Response, whether it was returned or thrown. */
export async function call(fn: () => Promise<unknown> | unknown): Promise<Response> {
  try {
    const result = await fn();
    if (result instanceof Response) return result;
    throw new Error(`expected a Response, got ${typeof result}`);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}
