// The customer's choice of who does the service, as a URL or form carries it (`member`): "any" or nothing is anyone
// available; a row id names a member. Pure, so a page may import it too.

/** null: anyone available; a number: that member; undefined: not a choice at all (refused beside the picker). */
export function readMemberInput(input: string | null | undefined): number | null | undefined {
  if (input === null || input === undefined || input === "" || input === "any") return null;
  if (!/^\d{1,10}$/.test(input)) return undefined;
  const id = Number(input);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** What a customer reads when the member they named does not take bookings for the service (or is someone else's). */
export const MEMBER_NOT_OFFERED = "That team member does not take bookings for this service. Please choose another, or anyone available.";
