import { describe, expect, it } from "vitest";
import zlib from "node:zlib";
import { compressed, keepRenderedPage, renderedPage, renderKey } from "./page-cache.server";

describe("renderKey", () => {
  it("is the same for the same URL and equal data, whether or not the objects are the same ones", () => {
    const data = { root: { menu: ["Men", "Women"] }, "routes/_index": { popular: [{ id: 1, title: "Braids" }] } };
    const copy = structuredClone(data);
    expect(renderKey("http://x/", data)).toBe(renderKey("http://x/", data));
    expect(renderKey("http://x/", copy)).toBe(renderKey("http://x/", data));
  });

  it("differs when any route's data, the route, or the URL differs", () => {
    const base = renderKey("http://x/", { root: { a: 1 }, "routes/_index": { b: 2 } });
    expect(renderKey("http://x/", { root: { a: 1 }, "routes/_index": { b: 3 } })).not.toBe(base);
    expect(renderKey("http://x/", { root: { a: 1 }, "routes/other": { b: 2 } })).not.toBe(base);
    expect(renderKey("http://x/?page=2", { root: { a: 1 }, "routes/_index": { b: 2 } })).not.toBe(base);
    expect(renderKey("http://x/", { root: { a: 1 }, "routes/_index": null })).not.toBe(base);
  });
});

describe("the kept pages", () => {
  it("give back the very bytes that were kept, and compressed forms that decode to them", async () => {
    const html = "<!DOCTYPE html><p>₦5,000</p>".repeat(50);
    const body = new TextEncoder().encode(html);
    keepRenderedPage("k1", { body, ...(await compressed(body)), etag: 'W/"1"', headers: {} });
    const page = renderedPage("k1")!;
    expect(new TextDecoder().decode(page.body)).toBe(html);
    expect(zlib.brotliDecompressSync(page.br).toString("utf8")).toBe(html);
    expect(zlib.gunzipSync(page.gzip).toString("utf8")).toBe(html);
    expect(page.br.byteLength).toBeLessThan(body.byteLength / 5);
    expect(renderedPage("no such key")).toBeUndefined();
  });
});
