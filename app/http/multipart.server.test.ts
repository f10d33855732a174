import fs from "node:fs";
import { describe, expect, test } from "vitest";
import { TEST_ORIGIN } from "../../tests/request";
import { type MultipartForm, type MultipartLimits, receivedDir, SNIFF_BYTES, withMultipart } from "./multipart.server";

// The multipart reader: files go to temporary files as they arrive (never whole in memory), and every temporary
// file is deleted once the route is done, however it ends (docs/decisions/035-streamed-uploads.md).

const limits: MultipartLimits = { fileFields: ["files"], maxFiles: 2, fileMaxBytes: 100, requestMaxBytes: 1_000 };

function formData(files: { name: string; data: Uint8Array }[], fields: Record<string, string> = {}) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const f of files) body.append("files", new File([new Uint8Array(f.data)], f.name));
  return body;
}

const multipart = (files: { name: string; data: Uint8Array }[], fields: Record<string, string> = {}) =>
  new Request(`${TEST_ORIGIN}/vendor/services/create`, { method: "POST", body: formData(files, fields) });

/** A multipart request whose body arrives `size` bytes at a time, as a slow connection delivers it. */
async function inPieces(body: FormData, size: number): Promise<Request> {
  const encoded = new Response(body);
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += size) controller.enqueue(bytes.slice(at, at + size));
      controller.close();
    },
  });
  return new Request(`${TEST_ORIGIN}/vendor/services/create`, {
    method: "POST",
    body: stream,
    headers: { "Content-Type": encoded.headers.get("Content-Type")! },
    duplex: "half",
  } as RequestInit);
}

/** The temporary files left in this worker's folder. */
const leftOver = () => (fs.existsSync(receivedDir()) ? fs.readdirSync(receivedDir()) : []);

/** Reads the form and returns what the route saw: each file's kept bytes (read from its temporary file). */
async function read(request: Request | Promise<Request>, options = limits) {
  let seen: MultipartForm | undefined;
  const kept = await withMultipart(await request, options, async (form) => {
    seen = form;
    return form.files.map((f) => (typeof f.data === "string" ? fs.readFileSync(f.data) : Buffer.from(f.data)));
  });
  return { form: seen!, kept };
}

describe("withMultipart", () => {
  test("hands over fields, and files in temporary files; a file past its cap keeps only its head; files past the count are skipped", async () => {
    const { form, kept } = await read(
      multipart(
        [
          { name: "a.jpg", data: new Uint8Array(50).fill(1) },
          { name: "b.jpg", data: new Uint8Array(300).fill(2) },
          { name: "c.jpg", data: new Uint8Array(5) },
        ],
        { id: "7" },
      ),
    );
    expect(form.fields.get("id")).toBe("7");
    expect(form.files.map((f) => [f.name, f.size, typeof f.data, f.head.length, f.tooLarge])).toEqual([
      ["a.jpg", 50, "string", 50, false],
      ["b.jpg", 300, "object", 64, true],
    ]);
    expect(kept[0]).toEqual(Buffer.alloc(50, 1));
    expect(kept[1]).toEqual(Buffer.alloc(64, 2));
    expect(form.skipped).toEqual(["c.jpg"]);
    // Deleted once the route was done with them.
    expect(fs.existsSync(form.files[0]!.data as string)).toBe(false);
    expect(leftOver()).toEqual([]);
  });

  test("a part whose first bytes are refused keeps only those bytes, whatever its size; an accepted one is kept whole", async () => {
    const accepts = (head: Uint8Array) => head[0] === 0xff;
    const { form, kept } = await read(
      multipart([
        { name: "notes.txt", data: new Uint8Array(90).fill(0x41) },
        { name: "photo.jpg", data: new Uint8Array(80).fill(0xff) },
      ]),
      { ...limits, accepts },
    );
    expect(form.files.map((f) => [f.name, f.size, typeof f.data])).toEqual([
      ["notes.txt", 90, "object"],
      ["photo.jpg", 80, "string"],
    ]);
    expect(kept.map((k) => k.length)).toEqual([SNIFF_BYTES, 80]);
    expect(leftOver()).toEqual([]);
  });

  test("a refused part sent in many chunks keeps its first bytes only, and nothing of it is written", async () => {
    const accepts = (head: Uint8Array) => head[0] === 0xff;
    const text = new Uint8Array(20_000).map((_, i) => 0x41 + (i % 26));
    const { form, kept } = await read(inPieces(formData([{ name: "notes.txt", data: text }]), 1_000), {
      ...limits,
      fileMaxBytes: 30_000,
      requestMaxBytes: 40_000,
      accepts,
    });
    expect(form.files[0]!.size).toBe(20_000);
    expect(typeof form.files[0]!.data).toBe("object");
    expect(Buffer.compare(kept[0]!, Buffer.from(text.subarray(0, SNIFF_BYTES)))).toBe(0);
    expect(Buffer.compare(Buffer.from(form.files[0]!.head), Buffer.from(text.subarray(0, SNIFF_BYTES)))).toBe(0);
    expect(leftOver()).toEqual([]);
  });

  test("a large file arrives in many chunks and is written whole, byte for byte", async () => {
    const big = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 7) % 251);
    const { kept } = await read(multipart([{ name: "clip.mp4", data: big }]), { ...limits, fileMaxBytes: big.length, requestMaxBytes: big.length + 1_000 });
    expect(Buffer.compare(kept[0]!, Buffer.from(big))).toBe(0);
    expect(leftOver()).toEqual([]);
  });

  test("a body that is not a multipart form is 415; one over the limit is 413 whatever its length claims, and leaves no file", async () => {
    const plain = new Request(`${TEST_ORIGIN}/x`, { method: "POST", body: "id=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    await expect(read(plain)).rejects.toMatchObject({ status: 415 });
    await expect(read(multipart([{ name: "a.jpg", data: new Uint8Array(1_500) }]), { ...limits, fileMaxBytes: 2_000 })).rejects.toMatchObject({
      status: 413,
    });
    expect(leftOver()).toEqual([]);
  });

  test("when the route fails, its temporary files are deleted all the same", async () => {
    let file = "";
    const failing = withMultipart(multipart([{ name: "a.jpg", data: new Uint8Array(50) }]), limits, async (form) => {
      file = form.files[0]!.data as string;
      expect(fs.existsSync(file)).toBe(true);
      throw new Error("the database went away");
    });
    await expect(failing).rejects.toThrow("the database went away");
    expect(fs.existsSync(file)).toBe(false);
    expect(leftOver()).toEqual([]);
  });

  test("a client that goes away mid-body: the route is never called and what was written is deleted", async () => {
    // The body as the server hands it on when the connection closes: the signal aborted, then the stream ended early.
    const whole = new Uint8Array(await new Response(formData([{ name: "a.jpg", data: new Uint8Array(600).fill(3) }])).arrayBuffer());
    const type = new Response(formData([])).headers.get("Content-Type")!;
    const boundary = new TextDecoder().decode(whole.subarray(2, whole.indexOf(13)));
    const controller = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(whole.subarray(0, 400));
        setTimeout(() => {
          controller.abort();
          stream.close();
        }, 50);
      },
    });
    const request = new Request(`${TEST_ORIGIN}/vendor/services/create`, {
      method: "POST",
      body,
      signal: controller.signal,
      headers: { "Content-Type": type.replace(/boundary=.*/, `boundary=${boundary}`) },
      duplex: "half",
    } as RequestInit);
    let called = false;
    await expect(
      withMultipart(request, { ...limits, fileMaxBytes: 1_000 }, async () => {
        called = true;
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect(called).toBe(false);
    expect(leftOver()).toEqual([]);
  });
});
