import { afterEach, beforeEach, expect, test } from "vitest";
import { clientIp, forwardedFor } from "./client-ip.server";

const request = (headers: Record<string, string> = {}) => new Request("http://localhost/", { headers });
const own = globalThis as unknown as { __glowOwnServer?: { trustProxy: number } };

const asSetUp = own.__glowOwnServer;
beforeEach(() => {
  delete own.__glowOwnServer;
});
afterEach(() => {
  own.__glowOwnServer = asSetUp;
  delete process.env.TRUST_PROXY;
});

test("under our own server: the address the server worked out, never a client's X-Forwarded-For", () => {
  own.__glowOwnServer = { trustProxy: 0 };
  expect(clientIp(request({ "X-Glow-Client-Address": "203.0.113.7", "X-Forwarded-For": "10.9.9.9" }))).toBe("203.0.113.7");
  expect(clientIp(request({ "X-Forwarded-For": "10.9.9.9" }))).toBe("unknown");
});

test("under the stock server without a trusted proxy, X-Forwarded-For is a client's claim: one shared client", () => {
  expect(clientIp(request({ "X-Forwarded-For": "10.9.9.9, 203.0.113.7" }))).toBe("direct");
  expect(clientIp(request({ "X-Glow-Client-Address": "203.0.113.7" }))).toBe("direct");
});

test("behind TRUST_PROXY proxies, the entry the outermost trusted proxy appended", () => {
  process.env.TRUST_PROXY = "1";
  expect(clientIp(request({ "X-Forwarded-For": "10.9.9.9, 203.0.113.7" }))).toBe("203.0.113.7");
  process.env.TRUST_PROXY = "2";
  expect(clientIp(request({ "X-Forwarded-For": "10.9.9.9, 203.0.113.7, 192.0.2.1" }))).toBe("203.0.113.7");
});

test("an empty, missing or absurd entry is no address", () => {
  expect(forwardedFor("1.2.3.4,", 1)).toBeUndefined();
  expect(forwardedFor("x".repeat(5000), 1)).toBeUndefined();
  expect(forwardedFor("1.2.3.4", 2)).toBeUndefined();
  expect(forwardedFor("a b", 1)).toBeUndefined();
  expect(forwardedFor(" 2001:db8::1 ", 1)).toBe("2001:db8::1");
});
