import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { call, cookiesFrom, formRequest, getRequest } from "../../../tests/request";
import { loader as rootLoader } from "~/root";
import { action } from "./route";

const countSubscribers = async (email: string) => (await (await getDb()).selectFrom("newsletter").select("email").where("email", "=", email).execute()).length;

// The root loader is where the flash toast is read: this follows the redirect as a browser would.
async function toastAfter(response: Response) {
  const cookie = cookiesFrom(response);
  const result = (await rootLoader({ request: getRequest("/", { cookie }), params: {}, context: {} })) as unknown as {
    data: { toast?: { type: string; message: string } };
  };
  return result.data.toast;
}

describe("POST /newsletter", () => {
  test("subscribes, redirects back (303) and sets a success toast for the next page", async () => {
    const response = await call(() =>
      action({ request: formRequest("/newsletter", { email: "Ada@Example.com", redirectTo: "/main/men" }), params: {}, context: {} }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/main/men#newsletter");
    expect(await toastAfter(response)).toMatchObject({ type: "success", message: expect.stringMatching(/^Thanks for subscribing/) });
    expect(await countSubscribers("ada@example.com")).toBe(1);
  });

  test("a repeated address gets the same answer as a new one (nobody learns who is subscribed), and is stored once", async () => {
    const first = await call(() => action({ request: formRequest("/newsletter", { email: "twice@example.com" }), params: {}, context: {} }));
    const again = await call(() => action({ request: formRequest("/newsletter", { email: "TWICE@example.com" }), params: {}, context: {} }));
    const [a, b] = [await toastAfter(first), await toastAfter(again)];
    expect({ type: b?.type, message: b?.message }).toEqual({ type: a?.type, message: a?.message });
    expect(b?.message).toMatch(/^Thanks for subscribing/);
    expect(again.status).toBe(first.status);
    expect(again.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(await countSubscribers("twice@example.com")).toBe(1);
  });

  test("one address may subscribe 10 times an hour; the 11th changes nothing and says to wait", async () => {
    for (let i = 0; i < 10; i++) {
      await call(() => action({ request: formRequest("/newsletter", { email: `probe${i}@example.com` }, { ip: "198.51.100.40" }), params: {}, context: {} }));
    }
    const refused = await call(() =>
      action({ request: formRequest("/newsletter", { email: "probe-last@example.com" }, { ip: "198.51.100.40" }), params: {}, context: {} }),
    );
    expect(await toastAfter(refused)).toMatchObject({ type: "error", message: expect.stringMatching(/^Too many attempts/) });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await countSubscribers("probe-last@example.com")).toBe(0);
    // Another address is not affected.
    await call(() => action({ request: formRequest("/newsletter", { email: "probe-last@example.com" }, { ip: "198.51.100.41" }), params: {}, context: {} }));
    expect(await countSubscribers("probe-last@example.com")).toBe(1);
  });

  test("an invalid address changes nothing and says 'Invalid email address'", async () => {
    const before = (await (await getDb()).selectFrom("newsletter").select("email").execute()).length;
    const response = await call(() => action({ request: formRequest("/newsletter", { email: "not-an-email" }), params: {}, context: {} }));
    expect(response.status).toBe(303);
    expect(await toastAfter(response)).toMatchObject({ type: "error", message: "Invalid email address" });
    expect(await (await getDb()).selectFrom("newsletter").select("email").execute()).toHaveLength(before);
  });

  test("an off-site redirectTo is ignored", async () => {
    const response = await call(() =>
      action({ request: formRequest("/newsletter", { email: "x@example.com", redirectTo: "//evil.example/" }), params: {}, context: {} }),
    );
    expect(response.headers.get("Location")).toBe("/#newsletter");
  });

  // Found by tests/e2e/hostile.spec.ts: an emoji or a DEL in redirectTo reached the Location header, which the
  // server cannot send, and the answer was a 500.
  test("a redirectTo that is not percent-encoded ASCII is ignored", async () => {
    for (const redirectTo of ["/😀", "/\u007f", "/caf\u00e9", "/a b", "/\u2028"]) {
      const response = await call(() => action({ request: formRequest("/newsletter", { email: "not-an-email", redirectTo }), params: {}, context: {} }));
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/#newsletter");
    }
    const encoded = await call(() =>
      action({
        request: formRequest("/newsletter", { email: "not-an-email", redirectTo: "/search/caf%C3%A9?location=Lekki%20Phase" }),
        params: {},
        context: {},
      }),
    );
    expect(encoded.headers.get("Location")).toBe("/search/caf%C3%A9?location=Lekki%20Phase#newsletter");
  });

  test("a cross-site POST is refused with 403 and changes nothing", async () => {
    const response = await call(() =>
      action({ request: formRequest("/newsletter", { email: "csrf@example.com" }, { origin: "https://evil.example" }), params: {}, context: {} }),
    );
    expect(response.status).toBe(403);
    expect(await countSubscribers("csrf@example.com")).toBe(0);
  });

  test("a body that is not a form is refused with 415", async () => {
    const request = new Request("http://localhost:3000/newsletter", {
      method: "POST",
      body: JSON.stringify({ email: "j@example.com" }),
      headers: { "Content-Type": "application/json" },
    });
    const response = await call(() => action({ request, params: {}, context: {} }));
    expect(response.status).toBe(415);
    expect(await countSubscribers("j@example.com")).toBe(0);
  });
});
