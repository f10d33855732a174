import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { AUTH_TEXT } from "~/utils/auth-schemas";
import { lastResetToken } from "../../../tests/mail";
import { action } from "~/routes/auth.$call";
import type { AuthCall } from "./auth-api.server";
import { authMessage, httpAuthClient, inProcessAuthClient, type AuthClient } from "./auth-client.server";

// Both implementations of the auth client, and the one table that turns outcomes into the catalogue's words.

function listen(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      const close = () =>
        new Promise<void>((done) => {
          server.closeAllConnections();
          server.close(() => done());
        });
      resolve({ url: `http://127.0.0.1:${port}`, close });
    }),
  );
}

/** The app's own API route served over real HTTP: the contract an AUTH_API_URL backend speaks. */
function serveApi(): Promise<{ url: string; close: () => Promise<void> }> {
  return listen(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: Buffer.concat(chunks),
    });
    const response = await action({ request, params: { call: req.url!.split("/").pop() }, context: {} });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
}

const person = { first_name: "Kemi", last_name: "Ade", email: "kemi@example.com", password: "Passw0rd", password_confirmation: "Passw0rd" };

async function walkThrough(client: AuthClient, email: string) {
  const messages: (string | null)[] = [];
  const say = async (call: AuthCall, payload: Record<string, unknown>) => messages.push(authMessage(call, await client.call(call, payload)).message);
  await say("register", { ...person, email });
  await say("register", { ...person, email });
  await say("forgot_password", { email: `unknown-${email}` });
  await say("forgot_password", { email });
  const token = await lastResetToken(email);
  await say("reset_password", { email, token: "wrong", password: "Fresh1234", password_confirmation: "Fresh1234" });
  await say("reset_password", { email, token, password: "Fresh1234", password_confirmation: "Fresh1234" });
  return messages;
}

const expectedWalk = [
  AUTH_TEXT.registered,
  AUTH_TEXT.emailTaken,
  AUTH_TEXT.emailUnknown,
  null, // forgot succeeded: the page shows its own "Check your email" screen
  AUTH_TEXT.resetWrong,
  AUTH_TEXT.passwordChanged,
];

describe("the two implementations give the same messages", () => {
  let api: Awaited<ReturnType<typeof serveApi>>;
  beforeAll(async () => {
    api = await serveApi();
  });
  afterAll(async () => {
    await api.close();
  });

  test("in-process", async () => {
    expect(await walkThrough(inProcessAuthClient, "inproc@example.com")).toEqual(expectedWalk);
  });

  test("over HTTP to a backend that speaks the contract", async () => {
    expect(await walkThrough(httpAuthClient(api.url), "remote@example.com")).toEqual(expectedWalk);
  });
});

describe("an unreachable backend is 'No Server Response'", () => {
  test("a closed port", async () => {
    const closed = await listen(() => undefined);
    await closed.close();
    const client = httpAuthClient(closed.url);
    for (const call of ["register", "forgot_password", "reset_password"] as const) {
      const outcome = await client.call(call, { email: "a@example.com" });
      expect(outcome).toEqual({ status: null });
      expect(authMessage(call, outcome)).toEqual({ ok: false, message: AUTH_TEXT.noServerResponse });
    }
  });

  test("a backend that never answers (after the client's timeout)", async () => {
    const silent = await listen(() => undefined);
    try {
      expect(await httpAuthClient(silent.url, 200).call("register", person)).toEqual({ status: null });
    } finally {
      await silent.close();
    }
  });
});

describe("the error catalogue, in one place", () => {
  test.each([
    ["register", 201, true, AUTH_TEXT.registered],
    ["register", 200, true, AUTH_TEXT.registered],
    ["register", 422, false, AUTH_TEXT.emailTaken],
    ["register", 400, false, AUTH_TEXT.credentialsWrong],
    ["register", 500, false, null],
    ["register", 403, false, null],
    ["forgot_password", 200, true, null],
    ["forgot_password", 422, false, AUTH_TEXT.emailRequired],
    ["forgot_password", 404, false, AUTH_TEXT.emailUnknown],
    ["forgot_password", 500, false, AUTH_TEXT.loginFailed],
    ["forgot_password", 400, false, AUTH_TEXT.loginFailed],
    ["reset_password", 200, true, AUTH_TEXT.passwordChanged],
    ["reset_password", 422, false, AUTH_TEXT.resetWrong],
    ["reset_password", 500, false, AUTH_TEXT.loginFailed],
    ["reset_password", 404, false, AUTH_TEXT.loginFailed],
  ] as const)("%s, status %i", (call, status, ok, message) => {
    expect(authMessage(call, { status })).toEqual({ ok, message });
  });

  test("no response, for every call", () => {
    for (const call of ["register", "forgot_password", "reset_password"] as const) {
      expect(authMessage(call, { status: null }).message).toBe("No Server Response");
    }
  });

  test("a refusal for too many attempts says how long to wait", () => {
    expect(authMessage("register", { status: 429, retryAfterSeconds: 120 }).message).toBe("Too many attempts. Please wait 2 minutes and try again.");
  });
});
