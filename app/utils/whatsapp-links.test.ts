import { describe, expect, test } from "vitest";
import { payLinkMessage } from "~/components/booking-parts";
import { whatsappChatUrl, whatsappShareUrl } from "./whatsapp-links";

// wa.me links carry their text as one percent-encoded parameter: whatever the text holds, WhatsApp gets it as typed.

const HOSTILE = "Braids & Twists #1? 50% off = ₦7,500\nLine two 💇🏾‍♀️ a+b=c/d 'quote' \"dq\" <b>";

describe("WhatsApp links", () => {
  test("share: &, #, ?, newlines, emoji and ₦ arrive unchanged and cannot end the text or the URL early", () => {
    const url = new URL(whatsappShareUrl(HOSTILE));
    expect(url.origin).toBe("https://wa.me");
    expect(url.pathname).toBe("/");
    expect(url.hash).toBe("");
    expect([...url.searchParams.keys()]).toEqual(["text"]);
    expect(url.searchParams.get("text")).toBe(HOSTILE);
    const raw = whatsappShareUrl(HOSTILE);
    expect(raw).not.toMatch(/[&#\s]|\?.*\?/);
    expect(raw).toContain("%E2%82%A6"); // ₦ as UTF-8
    expect(raw).toContain("%0A"); // the newline
  });

  test("chat: the number as digits only, the text as for sharing", () => {
    const url = new URL(whatsappChatUrl("+2348029876543", `About my booking GLW-ABC123: ${HOSTILE}`));
    expect(url.pathname).toBe("/2348029876543");
    expect(url.searchParams.get("text")).toBe(`About my booking GLW-ABC123: ${HOSTILE}`);
  });

  test("the payment link's message names the service, the salon, the amount and the link", () => {
    const text = payLinkMessage({ url: "http://localhost:3000/pay/abc", serviceTitle: "Braids & Co #1", businessName: "Ronke's", amountKobo: 750_000 });
    expect(text).toBe("Please help me pay for my Braids & Co #1 at Ronke's on Glow (₦7,500):\nhttp://localhost:3000/pay/abc");
    expect(new URL(whatsappShareUrl(text)).searchParams.get("text")).toBe(text);
  });
});
