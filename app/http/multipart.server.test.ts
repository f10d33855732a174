import { describe, expect, test } from "vitest";
import { TEST_ORIGIN } from "../../tests/request";
import { readMultipart, SNIFF_BYTES } from "./multipart.server";

const limits = { fileFields: ["files"], maxFiles: 2, fileMaxBytes: 100, requestMaxBytes: 1_000 };

function multipart(files: { name: string; data: Uint8Array }[], fields: Record<string, string> = {}) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const f of files) body.append("files", new File([new Uint8Array(f.data)], f.name));
  return new Request(`${TEST_ORIGIN}/vendor/services/create`, { method: "POST", body });
}

describe("readMultipart", () => {
  test("hands over fields and files as bytes; a file past its cap keeps only its head; files past the count are skipped", async () => {
    const form = await readMultipart(
      multipart(
        [
          { name: "a.jpg", data: new Uint8Array(50).fill(1) },
          { name: "b.jpg", data: new Uint8Array(300).fill(2) },
          { name: "c.jpg", data: new Uint8Array(5) },
        ],
        { id: "7" },
      ),
      limits,
    );
    expect(form.fields.get("id")).toBe("7");
    expect(form.files.map((f) => [f.name, f.size, f.bytes.length, f.tooLarge])).toEqual([
      ["a.jpg", 50, 50, false],
      ["b.jpg", 300, 64, true],
    ]);
    expect(form.skipped).toEqual(["c.jpg"]);
  });

  test("a part whose first bytes are refused keeps only those bytes, whatever its size; an accepted one is kept whole", async () => {
    const accepts = (head: Uint8Array) => head[0] === 0xff;
    const form = await readMultipart(
      multipart([
        { name: "notes.txt", data: new Uint8Array(90).fill(0x41) },
        { name: "photo.jpg", data: new Uint8Array(80).fill(0xff) },
      ]),
      { ...limits, accepts },
    );
    expect(form.files.map((f) => [f.name, f.size, f.bytes.length])).toEqual([
      ["notes.txt", 90, SNIFF_BYTES],
      ["photo.jpg", 80, 80],
    ]);
  });

  test("a body that is not a multipart form is 415; one over the limit is 413 whatever its length claims", async () => {
    const plain = new Request(`${TEST_ORIGIN}/x`, { method: "POST", body: "id=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    await expect(readMultipart(plain, limits)).rejects.toMatchObject({ status: 415 });
    await expect(readMultipart(multipart([{ name: "a.jpg", data: new Uint8Array(1_500) }]), limits)).rejects.toMatchObject({ status: 413 });
  });
});
