import { describe, expect, it } from "vitest";
import { keepRenderedPage, renderedPage, renderKey } from "./page-cache.server";

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
  it("give back the very bytes that were kept", () => {
    const body = new TextEncoder().encode("<!DOCTYPE html><p>₦5,000</p>");
    keepRenderedPage("k1", { body, etag: 'W/"1"', headers: {} });
    expect(new TextDecoder().decode(renderedPage("k1")!.body)).toBe("<!DOCTYPE html><p>₦5,000</p>");
    expect(renderedPage("no such key")).toBeUndefined();
  });
});
