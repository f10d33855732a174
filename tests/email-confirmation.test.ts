import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { openConversation } from "~/models/messaging/conversations.server";
import { action as registerAction } from "~/routes/register/route";
import { action as confirmAction, loader as confirmLoader } from "~/routes/confirm-email.$token/route";
import { action as resendAction } from "~/routes/confirm-email._index/route";
import { action as paymentAction } from "~/routes/payment._index/route";
import { action as messageAction } from "~/routes/messages.$id/route";
import { featuredService, freshOpenDay, hold, mailsTo, vendorBySlug } from "./booking";
import { outcome } from "./loader";
import { formRequest, getRequest } from "./request";
import { cookieFor } from "./session";

// A new account confirms its e-mail (a single-use link, stored hashed) before it can hold a "Pay to vendor"
// booking or message a salon; paying online needs no confirmation; sign-up keeps its flow (docs/security.md).

const PASSWORD = "Passw0rd";

async function signUp(email: string) {
  const fields = { first_name: "Tobi", last_name: "New", email, password: PASSWORD, password_confirmation: PASSWORD };
  const answer = await outcome(() => registerAction({ request: formRequest("/register", fields), params: {}, context: {} }));
  expect(answer.status).toBe(303);
  expect(answer.headers.get("Location") ?? answer.response?.headers.get("Location")).toBe("/login");
  const user = await (await getDb()).selectFrom("users").select(["id", "email_confirmed_at"]).where("email", "=", email).executeTakeFirstOrThrow();
  return { ...user, cookie: await cookieFor(email) };
}

const linkIn = async (email: string) => {
  const mail = (await mailsTo(email)).filter((m) => m.subject === "Confirm your e-mail for Glow").at(-1);
  return /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
};

async function heldOrder(customerId: number) {
  const service = await featuredService();
  return hold(customerId, service.id, freshOpenDay((await vendorBySlug()).open_days), 10);
}

const payToVendor = (ref: string, cookie: string) =>
  outcome(() => paymentAction({ request: formRequest("/payment", { order: ref, method: "vendor" }, { cookie }), params: {}, context: {} }));

describe("e-mail confirmation", () => {
  test("a new account cannot book with Pay to vendor nor message until it opens its link; then it can, and the link works once", async () => {
    const user = await signUp("tobi.new@example.com");
    expect(user.email_confirmed_at).toBeNull();
    const token = await linkIn("tobi.new@example.com");
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // Stored hashed: the token itself is nowhere in the database.
    const rows = await (await getDb()).selectFrom("email_confirmations").select("token_hash").where("user_id", "=", user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token!);

    const { ref } = await heldOrder(user.id);
    const refused = await payToVendor(ref, user.cookie);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.data)).toContain("Please confirm your e-mail address first");
    const appointment = await (await getDb()).selectFrom("appointments").select("status").where("ref", "=", ref).executeTakeFirstOrThrow();
    expect(appointment.status).toBe("held");

    const opened = await openConversation(user.id, (await vendorBySlug()).id);
    if (!opened.ok) throw new Error("no conversation");
    const id = opened.conversationId;
    const message = await outcome(() =>
      messageAction({
        request: formRequest(`/messages/${id}`, { intent: "send", body: "Hello" }, { cookie: user.cookie }),
        params: { id: String(id) },
        context: {},
      }),
    );
    expect(message.status).toBe(403);

    // The link: a GET shows the button and changes nothing; the POST confirms; a second use is refused.
    const page = await outcome(() => confirmLoader({ request: getRequest(`/confirm-email/${token}`), params: { token: token! }, context: {} }));
    expect(page.status).toBe(200);
    expect(
      (await (await getDb()).selectFrom("users").select("email_confirmed_at").where("id", "=", user.id).executeTakeFirstOrThrow()).email_confirmed_at,
    ).toBeNull();
    const confirmed = await outcome(() => confirmAction({ request: formRequest(`/confirm-email/${token}`, {}), params: { token: token! }, context: {} }));
    expect(confirmed.status).toBe(303);
    const again = await outcome(() => confirmAction({ request: formRequest(`/confirm-email/${token}`, {}), params: { token: token! }, context: {} }));
    expect(again.status).toBe(404);

    expect((await payToVendor(ref, user.cookie)).status).toBe(303);
  });

  test("send the link again: a new link replaces the old one, a few times an hour", async () => {
    const user = await signUp("ada.again@example.com");
    const first = await linkIn("ada.again@example.com");
    const resend = () =>
      outcome(() => resendAction({ request: formRequest("/confirm-email", { redirectTo: "/messages" }, { cookie: user.cookie }), params: {}, context: {} }));
    expect((await resend()).status).toBe(303);
    const second = await linkIn("ada.again@example.com");
    expect(second).not.toBe(first);
    const old = await outcome(() => confirmAction({ request: formRequest(`/confirm-email/${first}`, {}), params: { token: first! }, context: {} }));
    expect(old.status).toBe(404);
    expect((await resend()).status).toBe(303);
    expect((await resend()).status).toBe(303);
    expect((await resend()).status).toBe(429);
  });
});
