import crypto from "node:crypto";
import fs from "node:fs";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { getDb } from "~/db/db.server";
import { FALLBACK_WIDTH, WEBP_WIDTHS as IMAGE_WIDTHS } from "~/utils/picture-widths";
import { randomToken } from "~/utils/random.server";
import { NotAVideo } from "./container.server";
import { checkVideo, remuxVideo } from "./remux.server";
import { type ByteRange, getStore } from "./storage.server";

// Gallery uploads: a file's type is decided by its first bytes (never by the name or the browser's claim).
// A photo is decoded (with a pixel limit), turned upright, stripped of all metadata and re-encoded as a few WebP
// widths plus one JPEG; the original is not kept (docs/decisions/010-photo-processing.md). A video's container is
// re-written (models/media/remux.server.ts): its media as sent, anything else zeroed, trailing bytes dropped. Bytes go to the object store (models/media/storage.server.ts), metadata to the database.
// Routes read the multipart body (app/http/multipart.server.ts) into temporary files and hand them here by path, so
// neither reading nor processing holds a whole upload in memory (docs/decisions/035-streamed-uploads.md).

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 25 * 1024 * 1024;
export const FILES_PER_REQUEST = 6;
export const REQUEST_MAX_BYTES = FILES_PER_REQUEST * IMAGE_MAX_BYTES + VIDEO_MAX_BYTES;
/** 50 megapixels: every phone camera's full size, and a ceiling on the memory one decode may take (~200 MB). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** The WebP widths stored for every photo (pages pick one with srcset), and the JPEG's for browsers without WebP. */
export { FALLBACK_WIDTH, WEBP_WIDTHS as IMAGE_WIDTHS } from "~/utils/picture-widths";

export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"];
export const VIDEO_TYPES = ["video/mp4", "video/webm"];

interface Sniffed {
  kind: "image" | "video";
  contentType: string;
  ext: string;
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The file's real type from its magic bytes; null for anything we do not accept (SVG, HTML, executables...). */
export function sniff(head: Uint8Array): Sniffed | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: "image", contentType: "image/jpeg", ext: "jpg" };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: "image", contentType: "image/png", ext: "png" };
  if (startsWith(head, ascii("GIF87a")) || startsWith(head, ascii("GIF89a"))) return { kind: "image", contentType: "image/gif", ext: "gif" };
  if (startsWith(head, ascii("RIFF")) && startsWith(head, ascii("WEBP"), 8)) return { kind: "image", contentType: "image/webp", ext: "webp" };
  if (startsWith(head, ascii("ftyp"), 4)) return { kind: "video", contentType: "video/mp4", ext: "mp4" };
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return { kind: "video", contentType: "video/webm", ext: "webm" };
  return null;
}

/** An object key as the app makes them: a random 22-character token, for photos a width, then the format. */
export const KEY_PATTERN = /^[A-Za-z0-9_-]{22}(?:-\d{3,4})?\.(?:jpg|png|gif|webp|mp4|webm)$/;

/** A file as a route received it. */
export interface IncomingFile {
  name: string;
  /** Its bytes: the path of a file holding them (uploads), or the bytes themselves (the seed, tests). */
  data: string | Uint8Array;
  /** Its first bytes, which tell its type (all that is kept of a file refused by them or over the reader's cap). */
  head: Uint8Array;
  /** Its whole size as sent. */
  size: number;
  tooLarge?: boolean;
}

/** A file held in memory, as the seed and tests have them. */
export const fileOfBytes = (name: string, bytes: Uint8Array): IncomingFile => ({ name, data: bytes, head: bytes.subarray(0, 64), size: bytes.length });

export interface SavedUpload {
  key: string;
  kind: "image" | "video";
  /** The address it is served at (for a photo, its JPEG; pages derive the WebP widths from it). */
  path: string;
  sizeBytes: number;
  /** SHA-256 of the bytes as sent: the same file sent twice is recognised. */
  contentHash: string;
}

export interface StoreResult {
  saved: SavedUpload[];
  /** One message per refused file, e.g. "photo.heic is not a JPEG, PNG, WebP, GIF, MP4 or WebM file". */
  problems: string[];
}

interface StoredObject {
  key: string;
  /** Its bytes, or the path of a file holding them. */
  data: Uint8Array | string;
  sizeBytes: number;
  contentType: string;
}

/** A refusal the vendor can act on; anything else thrown while processing is our fault. */
class RefusedFile extends Error {}

const NOT_ACCEPTED = "is not a JPEG, PNG, WebP, GIF, MP4 or WebM file";

// libvips keeps the results of recent operations (up to 50 MB) in case they are asked for again; every upload is a
// new file, so nothing is ever asked for again and the cache only holds memory after the uploads are done.
sharp.cache(false);

const DECODE_OPTIONS = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" as const, animated: false };

/** Reads a photo's header only (no pixel is decoded): refuses a decompression bomb or a header that is not a picture. */
async function checkImageHeader(data: string | Uint8Array, label: string): Promise<void> {
  let meta: Metadata;
  try {
    meta = await sharp(data, DECODE_OPTIONS).metadata();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new RefusedFile(`${label} has too many pixels (at most 50 megapixels)`);
    throw new RefusedFile(`${label} could not be read as a picture`);
  }
  if (!meta.width || !meta.height) throw new RefusedFile(`${label} could not be read as a picture`);
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new RefusedFile(`${label} has too many pixels (at most 50 megapixels)`);
  if (Math.max(meta.width / meta.height, meta.height / meta.width) > MAX_SIDE_RATIO) throw new RefusedFile(`${label} ${TOO_THIN}`);
}

/**
 * WebP holds at most 16,383 pixels a side: a photo kept 1,280 wide may be at most 12.8 times as tall, and a strip
 * of 1 x 30,000 pixels is no photo of a service. Refused from the header, before any decoding.
 */
const MAX_SIDE_RATIO = 10;
const TOO_THIN = "is too tall or too wide to show (one side at most 10 times the other)";

/**
 * Decodes a photo (refusing more than MAX_INPUT_PIXELS before any pixel is decoded), applies its EXIF orientation
 * and re-encodes it without any metadata: sharp writes none unless asked (no EXIF, GPS, XMP, IPTC or ICC).
 */
export async function processImage(
  token: string,
  data: string | Uint8Array,
  label: string,
): Promise<{ objects: StoredObject[]; width: number; height: number }> {
  const options = DECODE_OPTIONS;
  await checkImageHeader(data, label);
  let base: { data: Buffer; info: OutputInfo };
  try {
    // One decode, to the largest width we keep; the smaller widths are made from these pixels.
    // From the file's path libvips reads the file itself: the compressed upload is never a Buffer of ours.
    base = await sharp(data, options)
      .autoOrient()
      .resize({ width: IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1], withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new RefusedFile(`${label} could not be read as a picture`);
  }
  const { width, height, channels } = base.info;
  const pixels = () => sharp(base.data, { raw: { width, height, channels } });
  const objects: StoredObject[] = [];
  try {
    for (const w of IMAGE_WIDTHS) {
      const webp = await pixels().resize({ width: w, withoutEnlargement: true }).webp({ quality: 72, effort: 4 }).toBuffer();
      objects.push({ key: `${token}-${w}.webp`, data: webp, sizeBytes: webp.length, contentType: "image/webp" });
    }
    const jpeg = await pixels()
      .resize({ width: FALLBACK_WIDTH, withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 75, mozjpeg: true })
      .toBuffer();
    objects.push({ key: `${token}-${FALLBACK_WIDTH}.jpg`, data: jpeg, sizeBytes: jpeg.length, contentType: "image/jpeg" });
  } catch {
    // A picture that decoded but that the encoders refuse is the file's, not ours: the same refusal as a bad header.
    throw new RefusedFile(`${label} could not be made into a web picture`);
  }
  return { objects, width, height };
}

/** A container that does not parse is the file's fault: refused like a picture that does not decode. */
const refuseVideo = (label: string) => (error: unknown) => {
  if (error instanceof NotAVideo) throw new RefusedFile(`${label} could not be read as an MP4 or WebM video`);
  throw error;
};

/** The checks that need no decoding (type by first bytes, size, a photo's pixel count); throws RefusedFile. */
async function checkFile(file: IncomingFile): Promise<Sniffed> {
  const sniffed = sniff(file.head.subarray(0, 16));
  if (file.size === 0 || !sniffed) throw new RefusedFile(`${file.name} ${NOT_ACCEPTED}`);
  const limit = sniffed.kind === "image" ? IMAGE_MAX_BYTES : VIDEO_MAX_BYTES;
  if (file.tooLarge || file.size > limit) throw new RefusedFile(`${file.name} is larger than ${limit / 1024 / 1024} MB`);
  if (sniffed.kind === "image") await checkImageHeader(file.data, file.name);
  else await checkVideo(file.data, file.size, sniffed.ext as "mp4" | "webm", file.name).catch(refuseVideo(file.name));
  return sniffed;
}

/** SHA-256 of the bytes as sent, read from the file in chunks when they are in one. */
async function sha256(data: string | Uint8Array): Promise<string> {
  const hash = crypto.createHash("sha256");
  if (typeof data !== "string") return hash.update(data).digest("hex");
  for await (const chunk of fs.createReadStream(data)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

async function storeOne(vendorId: number, file: IncomingFile): Promise<SavedUpload> {
  const sniffed = await checkFile(file);
  const token = randomToken(16).slice(0, 22);
  const contentHash = await sha256(file.data);
  let objects: StoredObject[];
  let key: string;
  let dims: { width: number | null; height: number | null } = { width: null, height: null };
  /** Deletes the re-written video's temporary file once stored (or not). */
  let discard: () => Promise<unknown> = async () => undefined;
  if (sniffed.kind === "image") {
    const processed = await processImage(token, file.data, file.name);
    objects = processed.objects;
    key = `${token}-${FALLBACK_WIDTH}.jpg`;
    dims = { width: processed.width, height: processed.height };
  } else {
    key = `${token}.${sniffed.ext}`;
    const remuxed = await remuxVideo(file.data, file.size, sniffed.ext as "mp4" | "webm", file.name).catch(refuseVideo(file.name));
    objects = [{ key, data: remuxed.data, sizeBytes: remuxed.sizeBytes, contentType: sniffed.contentType }];
    discard = remuxed.discard;
  }
  const store = getStore();
  try {
    for (const o of objects) await (typeof o.data === "string" ? store.putFile(o.key, o.data, o.contentType) : store.put(o.key, o.data, o.contentType));
    const db = await getDb();
    const createdAt = new Date().toISOString();
    const main = objects.find((o) => o.key === key)!;
    await db.transaction().execute(async (tx) => {
      await tx
        .insertInto("uploads")
        .values({
          key,
          vendor_id: vendorId,
          kind: sniffed.kind,
          content_type: main.contentType,
          size_bytes: main.sizeBytes,
          created_at: createdAt,
          content_hash: contentHash,
          ...dims,
        })
        .execute();
      await tx
        .insertInto("upload_objects")
        .values(objects.map((o) => ({ key: o.key, upload_key: key, content_type: o.contentType, size_bytes: o.sizeBytes })))
        .execute();
    });
    return { key, kind: sniffed.kind, path: `/uploads/${key}`, sizeBytes: main.sizeBytes, contentHash };
  } catch (error) {
    // A half-stored upload leaves nothing behind.
    await store.delete(objects.map((o) => o.key)).catch(() => undefined);
    throw error;
  } finally {
    await discard();
  }
}

/**
 * Checks, processes and stores the vendor's files, all or nothing: when any file is refused, nothing is stored
 * (what was stored before the refusal is deleted) and `saved` is empty. The cheap checks (type, size, a photo's
 * pixel count from its header) run on every file first, so a decompression bomb or a wrong file is refused before
 * any photo is decoded. If anything fails that is not a file's fault, what this call stored is deleted before the
 * error goes on.
 */
export async function storeUploads(vendorId: number, files: IncomingFile[]): Promise<StoreResult> {
  const problems: string[] = [];
  for (const file of files) {
    await checkFile(file).catch((error) => {
      if (!(error instanceof RefusedFile)) throw error;
      problems.push(error.message);
    });
  }
  if (problems.length > 0) return { saved: [], problems };
  const saved: SavedUpload[] = [];
  try {
    // One at a time: a 12-megapixel decode is heavy, and two cores serve everyone else meanwhile.
    for (const file of files) {
      try {
        saved.push(await storeOne(vendorId, file));
      } catch (error) {
        if (!(error instanceof RefusedFile)) throw error;
        // A file whose header passed but whose pixels do not decode: the whole form is refused.
        problems.push(error.message);
      }
    }
  } catch (error) {
    await discardUploads(saved.map((s) => s.path));
    throw error;
  }
  if (problems.length > 0) {
    await discardUploads(saved.map((s) => s.path));
    return { saved: [], problems };
  }
  return { saved, problems };
}

/** Deletes uploads (their rows and every stored object) by served path; paths that are not uploads (artwork) are ignored. */
export async function discardUploads(paths: string[]): Promise<void> {
  const keys = paths.map((p) => p.replace(/^\/uploads\//, "")).filter((k) => KEY_PATTERN.test(k));
  if (keys.length === 0) return;
  const db = await getDb();
  const objects = await db.selectFrom("upload_objects").select("key").where("upload_key", "in", keys).execute();
  const objectKeys = [...new Set([...keys, ...objects.map((o) => o.key)])];
  // Objects first: a row without its bytes answers 404, bytes without a row would be an orphan.
  await getStore().delete(objectKeys);
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom("upload_objects").where("upload_key", "in", keys).execute();
    await tx.deleteFrom("uploads").where("key", "in", keys).execute();
  });
}

export interface StoredFile {
  contentType: string;
  sizeBytes: number;
}

/** A stored object's type and size, or undefined for a key we never made. */
export async function findUpload(key: string): Promise<StoredFile | undefined> {
  if (!KEY_PATTERN.test(key)) return undefined;
  const db = await getDb();
  const row = await db.selectFrom("upload_objects").select(["content_type", "size_bytes"]).where("key", "=", key).executeTakeFirst();
  return row ? { contentType: row.content_type, sizeBytes: Number(row.size_bytes) } : undefined;
}

export function openUpload(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | undefined> {
  return getStore().get(key, range);
}
