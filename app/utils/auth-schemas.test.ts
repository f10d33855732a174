import { describe, expect, test } from "vitest";
import {
  AUTH_TEXT,
  fieldMessages,
  ForgotSchema,
  LoginSchema,
  nameProblem,
  passwordProblem,
  RegisterSchema,
  registerEntryValid,
  ResetSchema,
} from "./auth-schemas";

const valid = {
  first_name: "Tolu",
  last_name: "Adebayo",
  email: "tolu@example.com",
  password: "Passw0rd",
  password_confirmation: "Passw0rd",
};

describe("names: letters, spaces, commas, periods, apostrophes and hyphens", () => {
  test.each(["Ada", "O'Neil", "Mary-Jane", "St. John", "Smith, Jr.", "ADEBAYO", "adebayo", "A", "Adéwálé", "Ọlá", "D’Angelo"])("accepts %s", (name) => {
    expect(nameProblem(name)).toBeNull();
  });

  test("a digit anywhere says 'Numbers not allowed'", () => {
    for (const name of ["Ada1", "1", "Ad3la", "Tolu 2"]) expect(nameProblem(name)).toBe(AUTH_TEXT.numbersNotAllowed);
  });

  test("other characters say 'Letters, hyphens, apostrophe allowed'", () => {
    for (const name of ["Ada!", "Ada_B", "@da", "Ada/Tolu", "<b>"]) expect(nameProblem(name)).toBe(AUTH_TEXT.nameCharacters);
  });

  test("a digit with another bad character still says 'Numbers not allowed' (one message at a time)", () => {
    expect(nameProblem("Ada_1")).toBe(AUTH_TEXT.numbersNotAllowed);
    const result = RegisterSchema.safeParse({ ...valid, first_name: "Ada_1" });
    expect(result.error?.issues.filter((i) => i.path[0] === "first_name").map((i) => i.message)).toEqual([AUTH_TEXT.numbersNotAllowed]);
  });

  test("names are trimmed, required, and at most 50 characters", () => {
    expect(RegisterSchema.parse({ ...valid, first_name: "  Tolu  " }).first_name).toBe("Tolu");
    expect(fieldMessages(RegisterSchema, { ...valid, first_name: "   " }).first_name).toBe("Enter your first name");
    expect(fieldMessages(RegisterSchema, { ...valid, last_name: undefined }).last_name).toBe("Enter your last name");
    expect(nameProblem("a".repeat(50))).toBeNull();
    expect(nameProblem("a".repeat(51))).toMatch(/At most 50/);
  });
});

describe("passwords: 8-24 characters with an upper-case letter, a lower-case letter and a digit", () => {
  test("length edges: 7 and 25 fail, 8 and 24 pass", () => {
    expect(passwordProblem("Abcdef1")).toBe(AUTH_TEXT.passwordLength);
    expect(passwordProblem("Abcdefg1")).toBeNull();
    expect(passwordProblem("Abcdefg1".padEnd(24, "x"))).toBeNull();
    expect(passwordProblem("Abcdefg1".padEnd(25, "x"))).toBe(AUTH_TEXT.passwordLength);
    expect(passwordProblem("")).toBe(AUTH_TEXT.passwordLength);
  });

  test("each missing kind of character says 'Must include uppercase, lowercase letters and a number'", () => {
    for (const password of ["abcdefg1", "ABCDEFG1", "Abcdefgh", "12345678"]) expect(passwordProblem(password)).toBe(AUTH_TEXT.passwordMix);
  });

  test("the confirmation must match: 'Must match the first password input field'", () => {
    expect(fieldMessages(RegisterSchema, { ...valid, password_confirmation: "Passw0rd!" }).password_confirmation).toBe(AUTH_TEXT.passwordMatch);
    expect(fieldMessages(ResetSchema, { password: "Passw0rd", password_confirmation: "passw0rd" }).password_confirmation).toBe(AUTH_TEXT.passwordMatch);
    // The mismatch shows even while another field is still wrong (the hint appears as soon as it applies).
    expect(fieldMessages(RegisterSchema, { ...valid, first_name: "1", password_confirmation: "x" }).password_confirmation).toBe(AUTH_TEXT.passwordMatch);
    expect(fieldMessages(ResetSchema, { password: "Passw0rd", password_confirmation: "Passw0rd" })).toEqual({});
  });
});

describe("the forms' schemas", () => {
  test("sign-up accepts the spec's payload, defaults to a customer account and lower-cases the e-mail", () => {
    const value = RegisterSchema.parse({ ...valid, email: "Tolu@Example.com" });
    expect(value).toMatchObject({ email: "tolu@example.com", account_type: "customer" });
    expect(RegisterSchema.parse({ ...valid, account_type: "vendor", business_name: "Tolu's Place" }).account_type).toBe("vendor");
    expect(RegisterSchema.safeParse({ ...valid, account_type: "admin" }).success).toBe(false);
  });

  test("the sign-up button waits for a valid first name, last name and e-mail only", () => {
    expect(registerEntryValid({ first_name: "Tolu", last_name: "Adebayo", email: "tolu@example.com" })).toBe(true);
    expect(registerEntryValid({ first_name: "Tolu", last_name: "Adebayo", email: "tolu@example" })).toBe(false);
    expect(registerEntryValid({ first_name: "T0lu", last_name: "Adebayo", email: "tolu@example.com" })).toBe(false);
    expect(registerEntryValid({ first_name: "Tolu", email: "tolu@example.com" })).toBe(false);
  });

  test("forgot and login need an address; reset's e-mail is optional (the server may remember it)", () => {
    expect(fieldMessages(ForgotSchema, { email: "x" }).email).toBe(AUTH_TEXT.invalidEmail);
    expect(fieldMessages(ForgotSchema, {})).toEqual({ email: AUTH_TEXT.invalidEmail });
    expect(LoginSchema.safeParse({ email: "tolu@example.com", password: "anything" }).success).toBe(true);
    expect(ResetSchema.safeParse({ password: "Passw0rd", password_confirmation: "Passw0rd" }).success).toBe(true);
    expect(fieldMessages(ResetSchema, { email: "nope", password: "Passw0rd", password_confirmation: "Passw0rd" })).toEqual({ email: AUTH_TEXT.invalidEmail });
  });
});
