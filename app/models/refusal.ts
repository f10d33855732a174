// How the domain says no (docs/architecture.md, "Refusals"): a rule that refuses throws a DomainError with a code
// and the sentence the person reads. The code says what kind of no it is; app/http/refusal.server.ts alone turns it
// into an HTTP status. Pure (no `.server`), so tests and components may read the codes.

/** The kinds of refusal, by meaning. */
export const REFUSAL_CODES = [
  /** The request breaks a rule: a value out of bounds, or a step the record's state or its time does not allow. */
  "invalid",
  /** What the request names does not exist for this person (someone else's record is refused exactly alike). */
  "not-found",
  /** The request was sound, but the record is in a state that excludes it now: another change came first, or it is
   *  already done. Reloading shows why. */
  "conflict",
  /** The person has done this too often just now (a rate limit): the sentence says how long to wait. */
  "too-many",
  /** The person may not do this yet: a step of their own comes first (confirming their e-mail). */
  "forbidden",
  /** A provider the step needs (the payment service) cannot be reached now: nothing changed, trying later may work. */
  "unavailable",
] as const;

export type RefusalCode = (typeof REFUSAL_CODES)[number];

export class DomainError extends Error {
  /** The form field the sentence belongs beside, where a form shows it there (Book Now's time or address). */
  readonly field: string | null;
  /** For "too-many": how many seconds until it may be tried again (the Retry-After header). */
  readonly retryAfterSeconds: number | null;

  constructor(
    readonly code: RefusalCode,
    message: string,
    options: { field?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = "DomainError";
    this.field = options.field ?? null;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
  }
}
