import { DomainError, type RefusalCode } from "~/models/refusal";

// The one place where a domain refusal (app/models/refusal.ts) becomes an HTTP status: a route that calls a domain
// function which may refuse catches what it throws with `refusalOf`, and answers with the sentence and the status
// (docs/architecture.md, "Refusals").

const STATUS = { invalid: 400, "not-found": 404, conflict: 409, "too-many": 429, forbidden: 403, unavailable: 503 } as const satisfies Record<
  RefusalCode,
  number
>;

export type RefusalStatus = (typeof STATUS)[RefusalCode];

export function statusOf(code: RefusalCode): RefusalStatus {
  return STATUS[code];
}

export interface Refusal {
  code: RefusalCode;
  /** The sentence the person reads, as the domain wrote it. */
  message: string;
  status: RefusalStatus;
  field: string | null;
  /** Headers the answer carries: Retry-After for "too-many". */
  headers: Record<string, string>;
}

/**
 * The refusal in a caught error, with the status its page answers. Anything that is not a DomainError (a bug, a lost
 * database, a thrown Response) is rethrown untouched, so a route's `catch` never swallows it.
 */
export function refusalOf(error: unknown): Refusal {
  if (!(error instanceof DomainError)) throw error;
  const headers: Record<string, string> = error.retryAfterSeconds === null ? {} : { "Retry-After": String(error.retryAfterSeconds) };
  return { code: error.code, message: error.message, status: statusOf(error.code), field: error.field, headers };
}
