import http from "node:http";
import zlib from "node:zlib";
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

/** A raw GET (no automatic decompression): status, headers and the bytes as sent. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

test("an anonymous page is sent compressed as the browser asks (brotli, else gzip), the same page in each", async ({ baseURL }) => {
  const url = `${baseURL}/search/hair`;
  const plain = await rawGet(url, { "Accept-Encoding": "identity" });
  expect(plain.status).toBe(200);
  expect(plain.headers["content-encoding"]).toBeUndefined();
  const html = plain.body.toString("utf8");
  expect(html).toContain("</html>");

  const br = await rawGet(url, { "Accept-Encoding": "gzip, deflate, br" });
  expect(br.headers["content-encoding"]).toBe("br");
  expect(br.headers["vary"]).toMatch(/Accept-Encoding/i);
  expect(zlib.brotliDecompressSync(br.body).toString("utf8")).toBe(html);
  expect(br.body.length).toBeLessThan(plain.body.length / 4);

  const gz = await rawGet(url, { "Accept-Encoding": "br;q=0, gzip" });
  expect(gz.headers["content-encoding"]).toBe("gzip");
  expect(zlib.gunzipSync(gz.body).toString("utf8")).toBe(html);
  expect(gz.headers["etag"]).toBe(br.headers["etag"]);
});
