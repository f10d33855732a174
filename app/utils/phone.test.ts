import { describe, expect, test } from "vitest";
import { displayPhone, isNigerianMobile, normalisePhone } from "./phone";

// One form for every phone number stored: E.164.

describe("phone numbers", () => {
  test("a Nigerian mobile number in every usual spelling is stored alike", () => {
    for (const typed of [
      "08031234567",
      "0803 123 4567",
      "+234 803 123 4567",
      "234803 123 4567",
      "2348031234567",
      "+2348031234567",
      "(0803) 123-4567",
      "+234 0803 123 4567",
      "00234 803 123 4567",
    ]) {
      expect(normalisePhone(typed)).toBe("+2348031234567");
    }
    expect(normalisePhone("0906 123 4567")).toBe("+2349061234567");
    expect(normalisePhone("0701 123 4567")).toBe("+2347011234567");
  });

  test("a number of another country is taken in international form only", () => {
    expect(normalisePhone("+44 7700 900123")).toBe("+447700900123");
    expect(normalisePhone("+1 (415) 555-0100")).toBe("+14155550100");
    expect(normalisePhone("0044 7700 900123")).toBe("+447700900123");
  });

  test("anything else is refused: not a mobile range, wrong lengths, letters, a leading 0 country code, too long", () => {
    for (const bad of [
      "",
      "12345",
      "0123",
      "01 234 5678",
      "0803123456",
      "080312345678",
      "+234 1 234 5678",
      "0803-CALL-ME",
      "+0 123 4567 890",
      "+1 234",
      "+1234567890123456",
      "1".repeat(5000),
    ]) {
      expect(normalisePhone(bad)).toBeNull();
    }
  });

  test("shown as people read them; Nigerian numbers are told apart", () => {
    expect(displayPhone("+2348031234567")).toBe("0803 123 4567");
    expect(displayPhone("+447700900123")).toBe("+447700900123");
    expect(isNigerianMobile("+2348031234567")).toBe(true);
    expect(isNigerianMobile("+447700900123")).toBe(false);
  });
});
