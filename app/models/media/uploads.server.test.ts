import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import exifr from "exifr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { loader as serveUpload } from "~/routes/uploads.$key";
import { pngClaiming, phoneJpeg } from "../../../tests/photos";
import { getRequest, TEST_ORIGIN } from "../../../tests/request";
import { startS3Server, type S3TestServer } from "../../../tests/s3-server";
import { createVendor } from "../../../tests/vendor";
import { getStore, setStoreForTests, type ObjectStore } from "./storage.server";
import { discardUploads, findUpload, IMAGE_MAX_BYTES, IMAGE_WIDTHS, fileOfBytes, sniff, storeUploads } from "./uploads.server";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...Buffer.from(p, "latin1")] : p)).concat(Array(16).fill(0)));
const file = fileOfBytes;
const keyOf = (p: string) => p.slice("/uploads/".length);

async function objectsOf(uploadKey: string) {
  const db = await getDb();
  return db.selectFrom("upload_objects").selectAll().where("upload_key", "=", uploadKey).orderBy("key").execute();
}

async function served(key: string, headers: Record<string, string> = {}) {
  return serveUpload({ request: new Request(`${TEST_ORIGIN}/uploads/${key}`, { headers }), params: { key }, context: {} });
}

/** Everything an EXIF reader finds in a file; undefined when it holds no metadata at all. */
const metadataIn = (data: Uint8Array) =>
  exifr
    .parse(Buffer.from(data), { tiff: true, exif: true, gps: true, xmp: true, iptc: true, icc: true, ifd1: true, mergeOutput: false })
    .catch(() => undefined);

let phone: Buffer;
beforeAll(async () => {
  // Sideways as a phone saves it (orientation 6), with camera, owner and GPS position in its EXIF.
  phone = await phoneJpeg({ orientation: 6 });
});

/** The checks every backend must pass: processing, metadata stripped in every stored and served variant, ranges, deletion. */
async function phonePhotoRoundTrip(store: ObjectStore) {
  const vendor = await createVendor(`photo${store.name}`);
  expect(phone.length).toBeGreaterThan(2_000_000);
  expect((await exifr.gps(phone))?.latitude).toBeCloseTo(6.4534, 3);

  const result = await storeUploads(vendor.vendorId, [file("IMG_2041.jpg", phone)]);
  expect(result.problems).toEqual([]);
  expect(result.saved).toHaveLength(1);
  const saved = result.saved[0]!;
  expect(saved.path).toMatch(/^\/uploads\/[A-Za-z0-9_-]{22}-640\.jpg$/);
  const objects = await objectsOf(saved.key);
  expect(objects.map((o) => o.content_type).sort()).toEqual(["image/jpeg", "image/webp", "image/webp", "image/webp", "image/webp"]);
  const token = saved.key.slice(0, 22);
  expect((await store.list()).filter((k) => k.startsWith(token))).toEqual([
    `${token}-1280.webp`,
    `${token}-160.webp`,
    `${token}-320.webp`,
    `${token}-640.jpg`,
    `${token}-640.webp`,
  ]);

  for (const o of objects) {
    const response = await served(o.key);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe(o.content_type);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const body = new Uint8Array(await response.arrayBuffer());
    expect(body.length).toBe(o.size_bytes);
    // No GPS, camera, owner or any other metadata survives, whatever reader looks.
    expect(await metadataIn(body)).toBeUndefined();
    expect(await exifr.gps(Buffer.from(body)).catch(() => undefined)).toBeUndefined();
    const meta = await sharp(body).metadata();
    expect([meta.exif, meta.xmp, meta.iptc, meta.icc]).toEqual([undefined, undefined, undefined, undefined]);
    expect(Buffer.from(body).includes("Home Owner")).toBe(false);
    // Turned upright: the 4000x3000 sideways picture is stored portrait, never wider than its width.
    const width = Number(/-(\d+)\./.exec(o.key)![1]);
    expect(meta.width).toBe(width);
    expect(Math.abs(meta.height! - (width * 4000) / 3000)).toBeLessThan(1.5);
  }
  const small = objects.find((o) => o.key.endsWith("-320.webp"))!;
  expect(small.size_bytes).toBeLessThan(40_000);
  expect(objects.find((o) => o.key.endsWith("-160.webp"))!.size_bytes).toBeLessThan(12_000);

  // Range requests answer from this backend too.
  const part = await served(small.key, { Range: "bytes=0-11" });
  expect(part.status).toBe(206);
  expect(part.headers.get("Content-Range")).toBe(`bytes 0-11/${small.size_bytes}`);
  expect(
    Buffer.from(await part.arrayBuffer())
      .subarray(8, 12)
      .toString("latin1"),
  ).toBe("WEBP");

  await discardUploads([saved.path]);
  expect((await store.list()).filter((k) => k.startsWith(token))).toEqual([]);
  expect(await objectsOf(saved.key)).toEqual([]);
  expect(await findUpload(saved.key)).toBeUndefined();
  expect((await served(small.key)).status).toBe(404);
}

/** Six photos whose 5th has a sound header but a cut-off body: four are stored before it fails, then all go. */
async function fifthOfSixCorrupt(store: ObjectStore) {
  const vendor = await createVendor(`corrupt${store.name}`);
  const photos = await Promise.all(
    [1, 2, 3, 4, 5, 6].map((n) =>
      sharp({ create: { width: 300, height: 200, channels: 3, background: { r: n * 40, g: 80, b: 120 } } })
        .png()
        .toBuffer(),
    ),
  );
  photos[4] = photos[4]!.subarray(0, Math.floor(photos[4]!.length / 2));
  const before = await store.list();
  const result = await storeUploads(
    vendor.vendorId,
    photos.map((p, i) => file(`photo${i + 1}.png`, p)),
  );
  expect(result).toEqual({ saved: [], problems: ["photo5.png could not be read as a picture"] });
  expect(await store.list()).toEqual(before);
  const db = await getDb();
  expect(await db.selectFrom("uploads").select("key").where("vendor_id", "=", vendor.vendorId).execute()).toEqual([]);
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

  test("a 4000 px phone JPEG with GPS EXIF is stored upright as small WebPs and a JPEG with no metadata (data folder)", async () => {
    expect(getStore().name).toBe("folder");
    await phonePhotoRoundTrip(getStore());
  });

  test("refused: over 5 MB, a decompression bomb, bytes that only look like a picture; nothing of the form is stored", async () => {
    const vendor = await createVendor("uploader");
    const big = new Uint8Array(IMAGE_MAX_BYTES + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const fake = bytes([0xff, 0xd8, 0xff, 0xe0], "not really a jpeg at all");
    const ok = await sharp({ create: { width: 800, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const before = await getStore().list();
    const result = await storeUploads(vendor.vendorId, [
      file("huge.jpg", big),
      file("bomb.png", await pngClaiming(30_000, 30_000)),
      file("wide.png", await pngClaiming(10_000, 6_000)),
      file("fake.jpg", fake),
      file("notes.txt", bytes("hello")),
      file("ok.png", ok),
    ]);
    expect(result.problems).toEqual([
      "huge.jpg is larger than 5 MB",
      "bomb.png has too many pixels (at most 50 megapixels)",
      "wide.png has too many pixels (at most 50 megapixels)",
      "fake.jpg could not be read as a picture",
      "notes.txt is not a JPEG, PNG, WebP, GIF, MP4 or WebM file",
    ]);
    // All or nothing: the good photo beside them is not stored either.
    expect(result.saved).toEqual([]);
    expect(await getStore().list()).toEqual(before);
    const db = await getDb();
    expect(await db.selectFrom("uploads").select("key").where("vendor_id", "=", vendor.vendorId).execute()).toEqual([]);

    const alone = await storeUploads(vendor.vendorId, [file("ok.png", ok)]);
    expect(alone.problems).toEqual([]);
    // A small original is never enlarged.
    const largest = await served(`${alone.saved[0]!.key.slice(0, 22)}-1280.webp`);
    expect((await sharp(Buffer.from(await largest.arrayBuffer())).metadata()).width).toBe(800);
    expect((await getStore().list()).filter((k) => !before.includes(k))).toHaveLength(IMAGE_WIDTHS.length + 1);
    await discardUploads(alone.saved.map((s) => s.path));
  });

  test("a video is re-written from its file (what is not media is zeroed, trailing bytes dropped) and answers range requests", async () => {
    const vendor = await createVendor("videos");
    const clip = fs.readFileSync("tests/fixtures/clip.mp4");
    const fake = bytes([0, 0, 0, 0x20], "ftypisom", "....moov....");
    const refused = await storeUploads(vendor.vendorId, [
      file("clip.mp4", clip),
      file("fake.mp4", fake),
      { ...fileOfBytes("long.webm", bytes([0x1a, 0x45, 0xdf, 0xa3])), size: 26 * 1024 * 1024, tooLarge: true },
    ]);
    expect(refused).toEqual({ saved: [], problems: ["fake.mp4 could not be read as an MP4 or WebM video", "long.webm is larger than 25 MB"] });
    // As a route hands it over: a temporary file, with HTML after the movie.
    const sent = path.join(os.tmpdir(), `glow-test-clip-${process.pid}.mp4`);
    fs.writeFileSync(sent, Buffer.concat([clip, Buffer.from("<html><script>alert(1)</script>")]));
    const result = await storeUploads(vendor.vendorId, [{ name: "clip.mp4", data: sent, head: clip.subarray(0, 64), size: fs.statSync(sent).size }]);
    fs.rmSync(sent);
    expect(result.saved[0]!.path).toMatch(/^\/uploads\/[A-Za-z0-9_-]{22}\.mp4$/);
    expect(result.saved[0]!.sizeBytes).toBe(clip.length);
    const whole = await served(keyOf(result.saved[0]!.path));
    expect(Buffer.compare(Buffer.from(await whole.arrayBuffer()), clip)).toBe(0);
    const part = await served(keyOf(result.saved[0]!.path), { Range: "bytes=4-11" });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Type")).toBe("video/mp4");
    expect(Buffer.from(await part.arrayBuffer()).toString("latin1")).toBe(clip.toString("latin1", 4, 12));
    expect((await served(keyOf(result.saved[0]!.path), { Range: "bytes=999999-" })).status).toBe(416);
    await discardUploads(result.saved.map((s) => s.path));
  });

  test("an upload that fails half-way (the store breaks) leaves no object and no row behind", async () => {
    const vendor = await createVendor("failing");
    const real = getStore();
    const before = await real.list();
    let puts = 0;
    setStoreForTests({
      ...real,
      async put(key, data, type) {
        if (++puts === 7) throw new Error("disk full");
        return real.put(key, data, type);
      },
    });
    try {
      const small = await sharp({ create: { width: 100, height: 80, channels: 3, background: "red" } })
        .jpeg()
        .toBuffer();
      // The first photo is stored whole (5 objects), the second fails on its second object: both go.
      await expect(storeUploads(vendor.vendorId, [file("a.jpg", small), file("b.jpg", Buffer.concat([small]))])).rejects.toThrow("disk full");
    } finally {
      setStoreForTests(real);
    }
    expect(await real.list()).toEqual(before);
    const db = await getDb();
    expect(await db.selectFrom("uploads").select("key").where("vendor_id", "=", vendor.vendorId).execute()).toEqual([]);
  });

  test("the 5th of 6 photos is corrupt: the four stored before it are deleted, nothing stays (data folder)", async () => {
    await fifthOfSixCorrupt(getStore());
  });

  test("unknown keys and path tricks are 404", async () => {
    expect((await served("../../etc/passwd")).status).toBe(404);
    expect((await serveUpload({ request: getRequest("/uploads/x"), params: { key: "x" }, context: {} })).status).toBe(404);
  });
});

describe("uploads in an S3-compatible store", () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3Server();
    setStoreForTests(s3.store);
  });
  afterAll(async () => {
    setStoreForTests(undefined);
    await s3?.stop();
  });

  test("the same phone photo round trip against a real S3 server: variants stored, no metadata served, ranges, deletion", async () => {
    expect(getStore().name).toBe("s3");
    await phonePhotoRoundTrip(getStore());
  });

  test("the 5th of 6 photos is corrupt: nothing stays in the bucket", async () => {
    expect(getStore().name).toBe("s3");
    await fifthOfSixCorrupt(getStore());
  });

  test("a video is stored from its file in the bucket and served with range requests", async () => {
    const vendor = await createVendor("s3video");
    const clip = fs.readFileSync("tests/fixtures/clip.webm");
    const sent = path.join(os.tmpdir(), `glow-test-clip-${process.pid}.webm`);
    fs.writeFileSync(sent, clip);
    const result = await storeUploads(vendor.vendorId, [{ name: "clip.webm", data: sent, head: clip.subarray(0, 64), size: clip.length }]);
    fs.rmSync(sent);
    const key = keyOf(result.saved[0]!.path);
    expect(await s3.store.list()).toContain(key);
    const part = await served(key, { Range: "bytes=0-3" });
    expect(part.status).toBe(206);
    expect([...Buffer.from(await part.arrayBuffer())]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect(Buffer.compare(Buffer.from(await (await served(key)).arrayBuffer()), clip)).toBe(0);
    await discardUploads(result.saved.map((s) => s.path));
    expect(await s3.store.list()).not.toContain(key);
  });
});
