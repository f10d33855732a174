import { describe, expect, test } from "vitest";
import { loader as serveUpload } from "~/routes/uploads.$key";
import { getRequest, TEST_ORIGIN } from "../../tests/request";
import { createVendor } from "../../tests/vendor";
import { discardUploads, findUpload, IMAGE_MAX_BYTES, receiveUploads, sniff } from "./uploads.server";

const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...Buffer.from(p, "latin1")] : p)).concat(Array(16).fill(0)));

function multipart(files: { name: string; type: string; data: Uint8Array<ArrayBuffer> }[], fields: Record<string, string> = {}) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const f of files) body.append("files", new File([f.data], f.name, { type: f.type }));
  return new Request(`${TEST_ORIGIN}/vendor/services/create`, { method: "POST", body });
}

describe("uploads", () => {
  test("the type comes from the first bytes, never from the name or the browser's claim", () => {
    expect(sniff(bytes([0xff, 0xd8, 0xff, 0xe0]))).toMatchObject({ kind: "image", contentType: "image/jpeg" });
    expect(sniff(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a]))).toMatchObject({ kind: "image", contentType: "image/png" });
    expect(sniff(bytes("GIF89a"))).toMatchObject({ contentType: "image/gif" });
    expect(sniff(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))).toMatchObject({ contentType: "image/webp" });
    expect(sniff(bytes([0, 0, 0, 0x20], "ftypisom"))).toMatchObject({ kind: "video", contentType: "video/mp4" });
    expect(sniff(bytes([0x1a, 0x45, 0xdf, 0xa3]))).toMatchObject({ kind: "video", contentType: "video/webm" });
    expect(sniff(bytes("<svg xmlns='http://www.w3.org/2000/svg'>"))).toBeNull();
    expect(sniff(bytes("<!doctype html><script>"))).toBeNull();
    expect(sniff(bytes("RIFF", [1, 2, 3, 4], "WAVEfmt "))).toBeNull();
  });

  test("an image over 5 MB is refused and nothing of it is kept; a good one beside it is stored", async () => {
    const vendor = await createVendor("uploader");
    const big = new Uint8Array(IMAGE_MAX_BYTES + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const small = bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a]);
    const form = await receiveUploads(multipart([{ name: "huge.jpg", type: "image/jpeg", data: big }, { name: "ok.png", type: "image/png", data: small }], { id: "7" }), vendor.vendorId, ["files"]);
    expect(form.fields.get("id")).toBe("7");
    expect(form.problems).toEqual(["huge.jpg is larger than 5 MB"]);
    expect(form.saved).toHaveLength(1);
    const stored = await findUpload(form.saved[0]!.key);
    expect(stored).toMatchObject({ contentType: "image/png", sizeBytes: small.length });

    // Range requests (video players seek with them) get the right slice.
    const part = await serveUpload({ request: new Request(`${TEST_ORIGIN}${form.saved[0]!.path}`, { headers: { Range: "bytes=1-3" } }), params: { key: form.saved[0]!.key }, context: {} });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 1-3/${small.length}`);
    expect(Buffer.from(await part.arrayBuffer()).toString("latin1")).toBe("PNG");

    await discardUploads([form.saved[0]!.path]);
    expect(await findUpload(form.saved[0]!.key)).toBeUndefined();
    expect((await serveUpload({ request: getRequest(form.saved[0]!.path), params: { key: form.saved[0]!.key }, context: {} })).status).toBe(404);
  });

  test("a body that is not a multipart form is refused", async () => {
    const vendor = await createVendor("notmultipart");
    const request = new Request(`${TEST_ORIGIN}/vendor/services/create`, { method: "POST", body: "id=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    await expect(receiveUploads(request, vendor.vendorId, ["files"])).rejects.toMatchObject({ status: 415 });
  });
});
