import { describe, expect, test } from "vitest";
import { fitSms, gsm7Length, isGsm7, SMS_PAGE, toGsm7 } from "./gsm7";

// A text message is one 160-character GSM-7 page: "NGN" for "₦", nothing that would switch it to UCS-2.

describe("GSM-7 fitting", () => {
  test("naira is written NGN; look-alikes become GSM-7; accents outside GSM-7 come off (é stays: it is in it); emoji go", () => {
    expect(toGsm7("Total ₦7,500")).toBe("Total NGN 7,500");
    expect(toGsm7("Ronke’s “Lounge” – 10…")).toBe('Ronke\'s "Lounge" - 10...');
    expect(toGsm7("Ọlá Adébáyọ̀ 💇🏾‍♀️ booked")).toBe("Ola Adébayo booked");
    expect(isGsm7(toGsm7("₦ 😀 ẹ ñ ü €"))).toBe(true);
  });

  test("extension characters count twice", () => {
    expect(gsm7Length("a€[b]")).toBe(8);
  });

  test("a long message is cut in its wording, never in its tail (links), and fits one page", () => {
    const tail = "Ref GLW-ABC123 Manage: http://localhost:3000/manage/12.abcdefghijklmnop Stop: http://localhost:3000/stop/5s.abcdefghijkl";
    const text = fitSms(`Glow: Confirmed: ${"Very long service name ".repeat(10)} at ₦7,500.`, tail);
    expect(gsm7Length(text)).toBeLessThanOrEqual(SMS_PAGE);
    expect(text.endsWith(tail)).toBe(true);
    expect(text).toMatch(/^Glow: Confirmed: Very long.*\.\.\. Ref GLW-ABC123/);
    expect(isGsm7(text)).toBe(true);
  });

  test("a short message is left whole", () => {
    expect(fitSms("Glow: New booking at 10:00 am. Ref GLW-ABC123.")).toBe("Glow: New booking at 10:00 am. Ref GLW-ABC123.");
  });
});
