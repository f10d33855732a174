/// <reference types="vite/client" />
import { describe, expect, test } from "vitest";
import { call, formRequest } from "./request";

// A cross-site POST to any action is refused with 403 (docs/architecture.md). remix-serve runs no middleware before
// an action, so each action calls assertSameOrigin first; this test holds every route module of the app that has an
// action to that, including routes added later. Modules without an action get no test (there is nothing to check).

type RouteModule = { action?: (args: unknown) => unknown };
const routeModules = import.meta.glob<RouteModule>(
  ["/app/routes/**/*.{ts,tsx}", "!/app/routes/**/*.test.{ts,tsx}", "!/app/routes/**/*.server.{ts,tsx}", "!/app/routes/**/schema.ts"],
  { eager: true },
);

// Server-to-server endpoints are not reached by browsers and prove who calls them another way.
const notForBrowsers: Record<string, string> = {
  "/app/routes/webhooks.paystack.ts": "Paystack calls it; every event is authenticated by its HMAC-SHA512 signature",
  "/app/routes/webhooks.termii.ts": "Termii calls it; every delivery report is authenticated by its HMAC-SHA512 signature",
  "/app/routes/webhooks.whatsapp.ts": "Meta calls it; every status callback is authenticated by its X-Hub-Signature-256 (the app secret)",
};

const actions = Object.entries(routeModules).flatMap(([file, { action }]) => (action && !notForBrowsers[file] ? [{ file, action }] : []));

describe("every action refuses a cross-site POST", () => {
  test("there are actions to check, and every exempt module exists and has one", () => {
    expect(actions.length).toBeGreaterThan(5);
    for (const file of Object.keys(notForBrowsers)) expect(routeModules[file]?.action, file).toBeTypeOf("function");
  });

  for (const { file, action } of actions) {
    test(file, async () => {
      // `null` (a sandboxed frame, a redirect from another site) and unparsable origins are other sites too.
      for (const origin of ["https://evil.example", "null", "foo", "http://[::1"]) {
        const request = formRequest("/anything", { email: "csrf@example.com" }, { origin });
        const response = await call(() => action({ request, params: {}, context: {} }));
        expect(response.status, origin).toBe(403);
      }
    });
  }
});
