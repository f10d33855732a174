import { expect, test } from "vitest";
import { readBounded, readForm } from "./http.server";

/** A POST whose body arrives in chunks with no Content-Length, as a chunked upload does. */
function chunkedPost(type: string, chunks: number, chunkBytes: number, counter: { pulled: number }) {
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= chunks) return controller.close();
      counter.pulled++;
      controller.enqueue(new TextEncoder().encode("a=" + "x".repeat(chunkBytes - 3) + "&"));
    },
  });
  return new Request("http://localhost/newsletter", { method: "POST", body, headers: { "Content-Type": type }, duplex: "half" } as RequestInit);
}

test("a chunked form over the limit is refused with 413 once the limit is passed, not read whole", async () => {
  const counter = { pulled: 0 };
  const refusal = await readForm(chunkedPost("application/x-www-form-urlencoded", 10_000, 16 * 1024, counter)).catch((r: unknown) => r);
  expect(refusal).toBeInstanceOf(Response);
  expect((refusal as Response).status).toBe(413);
  // 64 KB limit, 16 KB chunks: the fifth chunk passes it; the stream may have buffered one more, no more.
  expect(counter.pulled).toBeLessThanOrEqual(7);
});

test("a chunked form within the limit is read", async () => {
  const form = await readForm(chunkedPost("application/x-www-form-urlencoded", 2, 1024, { pulled: 0 }));
  expect(form.get("a")).toMatch(/^x+$/);
});

test("a declared Content-Length over the limit is refused before reading", async () => {
  const request = new Request("http://localhost/", { method: "POST", body: "a=1", headers: { "Content-Length": String(10 * 1024 * 1024) } });
  expect(await readBounded(request, 1024)).toBeNull();
});
