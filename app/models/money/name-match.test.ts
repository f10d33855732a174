import { describe, expect, test } from "vitest";
import { namesMatch, nameWords } from "./name-match";

describe("the account name must be the vendor's: surname and one other name, case and order ignored", () => {
  const ronke = { firstName: "Ronke", lastName: "Alabi" };

  test("matches in any order and case, with extra names, titles, punctuation and accents", () => {
    expect(namesMatch("RONKE ALABI", ronke)).toBe(true);
    expect(namesMatch("ALABI RONKE TEMITOPE", ronke)).toBe(true);
    expect(namesMatch("Mrs. Alabi, Ronke T.", ronke)).toBe(true);
    expect(namesMatch("ALÁBÍ RÓNKẸ", ronke)).toBe(true);
    expect(namesMatch("Adeyemi-Alabi Ronke", { firstName: "Ronke", lastName: "Adeyemi-Alabi" })).toBe(true);
  });

  test("does not match another person, a business name, or the surname alone", () => {
    expect(namesMatch("ALABI FUNMILAYO", ronke)).toBe(false);
    expect(namesMatch("RONKE OKAFOR", ronke)).toBe(false);
    expect(namesMatch("RONKE'S BEAUTY LOUNGE", ronke)).toBe(false);
    expect(namesMatch("ALABI", ronke)).toBe(false);
    expect(namesMatch("RONKEALABI", ronke)).toBe(false);
    expect(namesMatch("", ronke)).toBe(false);
    expect(namesMatch("RONKE ALABI", { firstName: "", lastName: "Alabi" })).toBe(false);
  });

  test("the words of a name", () => {
    expect(nameWords("Chief (Mrs) Ọláòlúwa  ADE-BAYO")).toEqual(["olaoluwa", "ade", "bayo"]);
  });
});
