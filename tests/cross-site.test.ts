/// <reference types="vite/client" />
import { describe, expect, test } from "vitest";
import { call, formRequest } from "./request";

// DESIGN §7: a cross-site POST to any action is refused with 403. remix-serve runs no middleware before an action,
// so each action calls assertSameOrigin first; this test holds every route module of the app to that, including
// routes added later.

const routeModules = import.meta.glob<{ action?: (args: unknown) => unknown }>(
  ["/app/routes/**/*.{ts,tsx}", "!/app/routes/**/*.test.{ts,tsx}", "!/app/routes/**/*.server.{ts,tsx}", "!/app/routes/**/schema.ts"],
);

// Server-to-server endpoints are not reached by browsers and prove who calls them another way.
const notForBrowsers: Record<string, string> = {
  "/app/routes/webhooks.paystack.ts": "Paystack calls it; every event is authenticated by its HMAC-SHA512 signature",
};

describe("every action refuses a cross-site POST", () => {
  test("there are actions to check", () => {
    expect(Object.keys(routeModules).length).toBeGreaterThan(5);
  });

  for (const [file, load] of Object.entries(routeModules)) {
    test(file, async () => {
      const { action } = await load();
      if (!action || notForBrowsers[file]) return;
      // `null` (a sandboxed frame, a redirect from another site) and unparsable origins are other sites too.
      for (const origin of ["https://evil.example", "null", "foo", "http://[::1"]) {
        const request = formRequest("/anything", { email: "csrf@example.com" }, { origin });
        const response = await call(() => action({ request, params: {}, context: {} }));
        expect(response.status, origin).toBe(403);
      }
    });
  }
});
