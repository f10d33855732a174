import { expect, test } from "./fixtures";

// HTTP caching: anonymous pages that opt in are shared-cacheable with an ETag; a signed-in visitor's pages never are.
test.beforeEach(({}, info) => {
  test.skip(info.project.name !== "desktop-js", "HTTP-level: runs once");
});

test("an anonymous Home is publicly cacheable, revalidates with 304, and still runs its scripts under a hash CSP", async ({ page, request }) => {
  const first = await request.get("/", { headers: { Cookie: "" } });
  expect(first.status()).toBe(200);
  expect(first.headers()["cache-control"]).toMatch(/^public, max-age=60/);
  expect(first.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
  const etag = first.headers()["etag"]!;
  expect(etag).toMatch(/^W\//);
  const again = await request.get("/", { headers: { "If-None-Match": etag } });
  expect(again.status()).toBe(304);

  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/.test(m.text())) errors.push(m.text());
  });
  await page.goto("/");
  await expect.poll(() => page.evaluate(() => typeof (window as { __remixRouter?: unknown }).__remixRouter)).toBe("object");
  expect(errors).toEqual([]);
});

test("a signed-in visitor's page is private and carries a per-request nonce", async ({ page, signInAs }) => {
  await signInAs("customer@example.com");
  const response = await page.goto("/");
  expect(response!.headers()["cache-control"]).toBe("private, no-cache");
  expect(response!.headers()["etag"]).toBeUndefined();
  expect(response!.headers()["content-security-policy"]).toMatch(/'nonce-[A-Za-z0-9+/=]{20,}'/);
});

test("pages that do not opt in are private", async ({ request }) => {
  const response = await request.get("/login");
  expect(response.headers()["cache-control"]).toBe("private, no-cache");
});
