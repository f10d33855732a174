import { cookieFor } from "./session";
import { call, formRequest, getRequest } from "./request";

// Calling Remix loaders and actions the way the browser does, for the booking routes' tests.

type Args = { request: Request; params: Record<string, string>; context: Record<string, never> };
type RouteFn = (args: Args) => Promise<unknown> | unknown;

/** The body of a `data(...)` result, or of a thrown/returned Response's JSON; with the status. */
export async function run<T = Record<string, unknown>>(
  fn: RouteFn,
  request: Request,
  params: Record<string, string> = {},
): Promise<{ status: number; body: T; response?: Response }> {
  try {
    const result = await fn({ request, params, context: {} });
    if (result instanceof Response) return { status: result.status, body: {} as T, response: result };
    const wrapped = result as { type?: string; data?: unknown; init?: { status?: number } | null };
    if (wrapped && wrapped.type === "DataWithResponseInit") return { status: wrapped.init?.status ?? 200, body: wrapped.data as T };
    return { status: 200, body: result as T };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, body: {} as T, response: error };
    throw error;
  }
}

export const get = (path: string, cookie?: string) => getRequest(path, cookie ? { cookie } : {});
export const post = (path: string, fields: Record<string, string | string[]>, cookie?: string) => formRequest(path, fields, cookie ? { cookie } : {});

/** The first form or field error of a conform reply. */
export function firstError(body: unknown): string | undefined {
  const error = (body as { result?: { error?: Record<string, string[] | null> } }).result?.error ?? {};
  return Object.values(error).flat().find(Boolean) ?? undefined;
}

export { call, cookieFor };
