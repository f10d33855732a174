// Phone numbers are stored in one form, E.164 ("+2348031234567"), whatever way they were typed: 0803 123 4567,
// +234 803 123 4567, 234-803-123-4567 and (0803) 123-4567 are the same number. A Nigerian number must be a mobile
// one (the 070, 080, 081, 090 and 091 ranges: 0 then [789][01] then 8 digits), since what Glow sends to it is text
// messages; a number of another country is taken in international form, "+" (or 00) then its country code, 8 to
// 15 digits in all, as E.164 allows (its country's own plan is not checked: docs/operations/messaging.md).

export const PHONE_MESSAGE = "Enter a Nigerian mobile number, e.g. 0803 123 4567, or an international one starting with +";
export const PHONE_MAX = 25;

/** The number in E.164, or null when it is neither a Nigerian mobile number nor an international one. */
export function normalisePhone(input: string): string | null {
  if (input.length > PHONE_MAX) return null;
  const compact = input.replace(/[\s().-]/g, "");
  const international = /^(?:\+|00)(\d+)$/.exec(compact);
  const digits = international ? international[1]! : compact;
  if (!/^\d+$/.test(digits)) return null;
  // Nigerian: 0803..., 234803..., +234803..., and the common +234 0803... (the trunk 0 kept after the code).
  const national = digits.startsWith("234") ? digits.slice(3).replace(/^0(?=\d{10}$)/, "") : !international && digits.startsWith("0") ? digits.slice(1) : null;
  if (national !== null) return /^[789][01]\d{8}$/.test(national) ? `+234${national}` : null;
  if (!international) return null;
  return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
}

/** Whether a stored number is Nigerian (text messages go only to these: Termii's route is Nigeria's). */
export function isNigerianMobile(e164: string): boolean {
  return /^\+234[789][01]\d{8}$/.test(e164);
}

/** A stored number as people read it: "0803 123 4567" for a Nigerian one, E.164 otherwise. */
export function displayPhone(stored: string): string {
  if (!isNigerianMobile(stored)) return stored;
  const n = `0${stored.slice(4)}`;
  return `${n.slice(0, 4)} ${n.slice(4, 7)} ${n.slice(7)}`;
}
