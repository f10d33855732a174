import { describe, expect, test } from "vitest";
import { startPasswordReset, verifyCredentials } from "~/models/accounts/auth.server";
import { getSessionUser } from "~/http/session.server";
import { AUTH_TEXT } from "~/utils/auth-schemas";
import { formMessages, run } from "../../../tests/action";
import { lastResetToken } from "../../../tests/mail";
import { formRequest, getRequest } from "../../../tests/request";
import { cookieFor } from "../../../tests/session";
import { action as forgotAction } from "../reset.request/route";
import { action, loader } from "./route";

const newPassword = { password: "Brand1234", password_confirmation: "Brand1234" };
const reset = (token: string, fields: Record<string, string>, cookie?: string) =>
  run(() => action({ request: formRequest(`/reset/${token}`, fields, { cookie }), params: { token }, context: {} }));

/** The forgot step as a browser makes it: returns the remembered-e-mail cookie and the e-mailed token. */
async function forgot(email: string) {
  const outcome = await run(() => forgotAction({ request: formRequest("/reset/request", { email }), params: {}, context: {} }));
  return { cookie: outcome.cookies, token: await lastResetToken(email) };
}

describe("POST /reset/{token}", () => {
  test("with the remembered e-mail: the password changes, sessions end, and 'Password Changed' follows", async () => {
    const session = await cookieFor("customer@example.com");
    const { cookie, token } = await forgot("customer@example.com");
    expect((await run(() => loader({ request: getRequest(`/reset/${token}`, { cookie }), params: { token }, context: {} }))).data).toEqual({
      email: "customer@example.com",
    });
    const outcome = await reset(token, newPassword, cookie);
    expect(outcome.status).toBe(303);
    expect(outcome.location).toBe("/reset/changed");
    expect(outcome.headers.getSetCookie().join()).toMatch(/glow_reset=; Max-Age=0/);
    expect(await verifyCredentials("customer@example.com", "Brand1234")).not.toBeNull();
    expect(await getSessionUser(getRequest("/", { cookie: session }))).toBeNull();
    // The link is single use.
    const again = await reset(token, { ...newPassword, email: "customer@example.com" });
    expect(formMessages(again)[""]).toEqual([AUTH_TEXT.resetWrong]);
  });

  test("opened on another device: the page asks for the e-mail, and a wrong one is 'Either you Email or Token is wrong'", async () => {
    await startPasswordReset("vendor@example.com");
    const token = await lastResetToken("vendor@example.com");
    expect((await run(() => loader({ request: getRequest(`/reset/${token}`), params: { token }, context: {} }))).data).toEqual({ email: null });
    const missing = await reset(token, newPassword);
    expect(missing.status).toBe(400);
    expect(formMessages(missing)).toMatchObject({ email: [AUTH_TEXT.invalidEmail] });
    const wrong = await reset(token, { ...newPassword, email: "customer@example.com" });
    expect(wrong.status).toBe(422);
    expect(formMessages(wrong)[""]).toEqual([AUTH_TEXT.resetWrong]);
    expect((await reset(token, { ...newPassword, email: "vendor@example.com" })).location).toBe("/reset/changed");
  });

  test("the password rule and the confirmation are checked before anything is sent", async () => {
    const { cookie, token } = await forgot("admin@example.com");
    expect(formMessages(await reset(token, { password: "brand1234", password_confirmation: "brand1234" }, cookie))).toMatchObject({
      password: [AUTH_TEXT.passwordMix],
    });
    expect(formMessages(await reset(token, { password: "Brand1234", password_confirmation: "Brand12345" }, cookie))).toMatchObject({
      password_confirmation: [AUTH_TEXT.passwordMatch],
    });
    expect(await verifyCredentials("admin@example.com", "Admin1234")).not.toBeNull();
  });

  test("a made-up token is refused; a malformed one is 404", async () => {
    const made = await reset("x".repeat(43), { ...newPassword, email: "admin@example.com" });
    expect(formMessages(made)[""]).toEqual([AUTH_TEXT.resetWrong]);
    const odd = "<script>";
    expect((await run(() => loader({ request: getRequest(`/reset/${encodeURIComponent(odd)}`), params: { token: odd }, context: {} }))).status).toBe(404);
    expect((await reset("y".repeat(300), newPassword)).status).toBe(404);
  });
});
