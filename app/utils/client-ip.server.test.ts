import { expect, test } from "vitest";
import { clientIp } from "./client-ip.server";

const withForwarded = (value?: string) => new Request("http://localhost/", value === undefined ? {} : { headers: { "X-Forwarded-For": value } });

test("the address the load balancer appended (right-most), not what the client claimed (left)", () => {
  expect(clientIp(withForwarded("10.9.9.9, 203.0.113.7"))).toBe("203.0.113.7");
  expect(clientIp(withForwarded(" 198.51.100.2 "))).toBe("198.51.100.2");
  expect(clientIp(withForwarded("2001:db8::1"))).toBe("2001:db8::1");
});

test("no header, an empty entry or an absurd one count as the one direct client", () => {
  expect(clientIp(withForwarded())).toBe("direct");
  expect(clientIp(withForwarded("1.2.3.4,"))).toBe("direct");
  expect(clientIp(withForwarded("x".repeat(5000)))).toBe("direct");
});
