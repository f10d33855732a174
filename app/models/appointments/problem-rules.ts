// Reported-problem rules the pages need too (the form's limits); the rest is in models/appointments/problems.server.ts.

export const PROBLEM_REASON_MIN_LENGTH = 5;
export const PROBLEM_REASON_MAX_LENGTH = 500;
