import { describe, expect, test } from "vitest";
import { cookieFor, get, run } from "../../tests/booking-routes";
import { loader } from "./vendor.chats";

describe("GET /vendor/chats", () => {
  // Found by tests/e2e/hostile.spec.ts on PostgreSQL: a NUL in the search reached the database, which answered
  // with an error (a 500).
  test("control characters in the search are dropped, not sent to the database", async () => {
    const page = await run<{ q: string }>(loader, get(`/vendor/chats?q=${encodeURIComponent("Ire\u0000ti\u0007")}`, await cookieFor("vendor@example.com")));
    expect(page.status).toBe(200);
    expect(page.body.q).toBe("Ire ti");
  });
});
