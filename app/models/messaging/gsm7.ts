// Text messages are written to fit one page: 160 characters of the GSM-7 alphabet. One character outside it ("₦",
// an emoji, a Yoruba tone mark, a curly apostrophe) turns the whole message into UCS-2, 70 characters a page, and
// every page is paid for. So naira amounts are written "NGN", look-alikes are replaced by their GSM-7 letters, the
// rest is dropped, and a message is cut in its wording, never in its links (docs/domain.md, Notifications).

export const SMS_PAGE = 160;

const BASIC = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/** Written with an escape, so they count twice. */
const EXTENDED = "^{}\\[~]|€\f";

const LOOK_ALIKES: [RegExp, string][] = [
  [/₦\s?/g, "NGN "],
  [/[‘’‚‛′]/g, "'"],
  [/[“”„‟″]/g, '"'],
  [/[‐‑‒–—―]/g, "-"],
  [/…/g, "..."],
  [/[\u00a0\u2000-\u200b\u202f\u205f\u3000]/g, " "],
];

/** Whether every character is in GSM-7 (basic or extension). */
export function isGsm7(text: string): boolean {
  for (const ch of text) if (!BASIC.includes(ch) && !EXTENDED.includes(ch)) return false;
  return true;
}

/** Pages-worth of GSM-7 units: the extension characters take two. */
export function gsm7Length(text: string): number {
  let n = 0;
  for (const ch of text) n += EXTENDED.includes(ch) ? 2 : 1;
  return n;
}

/** The text in GSM-7: "NGN" for "₦", look-alikes replaced, accents taken off, anything else dropped, spaces collapsed. */
export function toGsm7(text: string): string {
  let out = text;
  for (const [pattern, replacement] of LOOK_ALIKES) out = out.replace(pattern, replacement);
  let kept = "";
  for (const ch of out) {
    if (BASIC.includes(ch) || EXTENDED.includes(ch)) kept += ch;
    else {
      const bare = ch.normalize("NFD").replace(/\p{M}/gu, "");
      if (bare !== ch && isGsm7(bare)) kept += bare;
    }
  }
  return kept.replace(/\s+/g, " ").trim();
}

/**
 * One SMS page: `head` (the wording, cut with "..." when it must be) then `tail` (links and the reference, kept
 * whole). Both go through toGsm7 first.
 */
export function fitSms(head: string, tail = ""): string {
  const end = toGsm7(tail);
  const room = SMS_PAGE - (end ? gsm7Length(end) + 1 : 0);
  let start = toGsm7(head);
  if (gsm7Length(start) > room) {
    const chars = Array.from(start);
    while (chars.length > 0 && gsm7Length(chars.join("")) > room - 3) chars.pop();
    start = `${chars.join("").trimEnd()}...`;
  }
  return end ? `${start} ${end}` : start;
}
