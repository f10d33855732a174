// Calls a Remix loader or action the way the server does and returns what a browser would get: the status,
// the data (for `data(...)` results), the headers, or the thrown/returned Response.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the data of any loader without naming its type
export interface Outcome<T = any> {
  status: number;
  data: T;
  headers: Headers;
  response?: Response;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as Outcome's
export async function outcome<T = any>(fn: () => Promise<unknown> | unknown): Promise<Outcome<T>> {
  let result: unknown;
  try {
    result = await fn();
  } catch (error) {
    // A loader throws a Response, or data(...) with a status for its error boundary (a 410's similar services).
    if (error instanceof Response || (error && typeof error === "object" && (error as { type?: string }).type === "DataWithResponseInit")) result = error;
    else throw error;
  }
  if (result instanceof Response) {
    const type = result.headers.get("Content-Type") ?? "";
    const body = type.includes("json") ? await result.clone().json() : type.startsWith("text/") ? await result.clone().text() : undefined;
    return { status: result.status, data: body as T, headers: result.headers, response: result };
  }
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: T; init: ResponseInit | null };
    return { status: init?.status ?? 200, data, headers: new Headers(init?.headers) };
  }
  return { status: 200, data: result as T, headers: new Headers() };
}
