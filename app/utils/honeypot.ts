// A field people never see and bots fill in (public forms). Shared by the component and the actions.

export const HONEYPOT_FIELD = "company_fax";
export const HONEYPOT_MESSAGE = "We couldn't accept this form. Please try again.";

export function isBotSubmission(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value !== "";
}
