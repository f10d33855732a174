import { describe, expect, test } from "vitest";
import { outcome } from "../../tests/loader";
import { action, loader } from "./services.services_by_categories";

const post = (body: string, headers: Record<string, string> = { "Content-Type": "application/json" }) =>
  outcome(() =>
    action({
      request: new Request("http://localhost:3000/services/services_by_categories", { method: "POST", body, headers }),
      params: {},
      context: {},
    }),
  );

describe("POST /services/services_by_categories", () => {
  test("category_id 1 (men) gives { data: [...] } of the men's active services", async () => {
    const r = await post(JSON.stringify({ category_id: 1 }));
    expect(r.status).toBe(200);
    expect(r.data.data.length).toBeGreaterThan(10);
    expect(r.data.data[0]).toEqual({
      id: expect.any(Number),
      title: expect.any(String),
      img: expect.stringMatching(/^\/img\//),
      location: expect.stringMatching(/, /),
      price: expect.stringMatching(/^₦[\d,]+$/),
      price_kobo: expect.any(Number),
      rating: expect.any(Number),
      rating_count: expect.any(Number),
      vendor: expect.any(String),
      url: expect.stringMatching(/^\/details\/\d+$/),
    });
    expect((await post(JSON.stringify({ category_id: "2" }))).status).toBe(200);
  });

  test("bad input is a 4xx with a message, never a 500", async () => {
    expect((await post("{not json")).status).toBe(400);
    expect((await post(JSON.stringify({}))).status).toBe(422);
    expect((await post(JSON.stringify({ category_id: "men" }))).status).toBe(422);
    expect((await post(JSON.stringify({ category_id: -1 }))).status).toBe(422);
    expect((await post(JSON.stringify({ category_id: 1.5 }))).status).toBe(422);
    expect((await post(JSON.stringify([1]))).status).toBe(422);
    expect((await post("null")).status).toBe(422);
    const unknown = await post(JSON.stringify({ category_id: 999 }));
    expect(unknown.status).toBe(404);
    expect(unknown.data).toEqual({ error: "There is no category with that id." });
    expect((await post("category_id=1", { "Content-Type": "application/x-www-form-urlencoded" })).status).toBe(415);
    expect((await post(JSON.stringify({ category_id: 1, pad: "x".repeat(5000) }))).status).toBe(413);
    expect((await post(JSON.stringify({ category_id: 1 }), { "Content-Type": "application/json", Origin: "https://evil.example" })).status).toBe(403);
    expect((await outcome(() => loader())).status).toBe(405);
  });

  // Found by tests/e2e/hostile.spec.ts: a chunked body (no Content-Length) over the limit got a connection reset,
  // not the 413: cancelling the body's stream destroys the socket under remix-serve.
  test("a body that grows past the limit is answered 413 without cancelling the request's stream", async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode(`{"category_id":"${"1".repeat(600)}`));
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = new Request("http://localhost:3000/services/services_by_categories", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json" },
      duplex: "half",
    } as RequestInit);
    expect((await outcome(() => action({ request, params: {}, context: {} }))).status).toBe(413);
    expect(cancelled).toBe(false);
  });
});
