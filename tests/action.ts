import type { SubmissionResult } from "@conform-to/react";
import { loader as rootLoader } from "~/root";
import { cookiesFrom, getRequest } from "./request";

// Runs a loader or action the way Remix does and says what the browser would get: a redirect (with its cookies),
// a thrown error response, or the page again with `data(...)` (single fetch's DataWithResponseInit).

export interface Outcome<D = unknown> {
  status: number;
  headers: Headers;
  location: string | null;
  data: D | undefined;
  /** The response's cookies, ready to send back as a Cookie header. */
  cookies: string;
}

function fromResponse(response: Response): Outcome<never> {
  return { status: response.status, headers: response.headers, location: response.headers.get("Location"), data: undefined, cookies: cookiesFrom(response) };
}

export async function run<D = { result: SubmissionResult<string[]> }>(fn: () => Promise<unknown> | unknown): Promise<Outcome<D>> {
  try {
    const value = await fn();
    if (value instanceof Response) return fromResponse(value);
    if (value && typeof value === "object" && (value as { type?: unknown }).type === "DataWithResponseInit") {
      const { data, init } = value as { data: D; init: ResponseInit | null };
      const headers = new Headers(init?.headers);
      return { status: init?.status ?? 200, headers, location: null, data, cookies: "" };
    }
    return { status: 200, headers: new Headers(), location: null, data: value as D, cookies: "" };
  } catch (error) {
    if (error instanceof Response) return fromResponse(error);
    throw error;
  }
}

/** The messages a failed form submission shows: form-level ("") and per field. */
export function formMessages(outcome: Outcome<{ result: SubmissionResult<string[]> }>): Record<string, string[] | null> {
  return (outcome.data?.result.error ?? {}) as Record<string, string[] | null>;
}

/** The flash toast the next page shows, read by the root loader as a browser following the redirect would. */
export async function toastAfter(cookies: string): Promise<{ type: string; message: string } | undefined> {
  const result = (await rootLoader({ request: getRequest("/", { cookie: cookies }), params: {}, context: {} })) as unknown as {
    data: { toast?: { type: string; message: string } };
  };
  return result.data.toast;
}
