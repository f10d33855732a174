// Where sign-in and sign-up lead back to. Book Now sends a signed-out customer to /login with the booking page
// (service, day and time in its query) as `redirectTo`; that address travels through sign-up too, so a new
// customer lands on step 1 with their choice kept.

/** True when the address is the booking page (step 1), which the account pages then say they continue. */
export function continuesBooking(redirectTo: string): boolean {
  return redirectTo === "/booking" || redirectTo.startsWith("/booking?");
}

/** `path` with `redirectTo` in its query, or `path` alone when there is none. */
export function withRedirect(path: string, redirectTo: string): string {
  return redirectTo ? `${path}?${new URLSearchParams({ redirectTo })}` : path;
}

export const BOOKING_LEAD = {
  login: "Sign in to continue your booking: the service, day and time you chose are kept.",
  register: "Create your account to continue your booking: the service, day and time you chose are kept, and you sign in next.",
} as const;
