import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { getEnv } from "~/utils/env.server";
import { randomToken } from "~/utils/random.server";

// Gallery uploads (DESIGN §7): the one seam to multipart parsing. Files are streamed to disk under the data
// folder with a size limit, their type is decided by their first bytes (never by the name or the browser's
// claim), and their metadata goes to the uploads table. They are served back by app/routes/uploads.$key.ts.

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 25 * 1024 * 1024;
export const FILES_PER_REQUEST = 6;
const REQUEST_MAX_BYTES = FILES_PER_REQUEST * IMAGE_MAX_BYTES + VIDEO_MAX_BYTES;
const TEXT_FIELD_MAX = 2_000;

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

export const KEY_PATTERN = /^[A-Za-z0-9_-]{22}\.(?:jpg|png|gif|webp|mp4|webm)$/;

/** Beside the SQLite file (data/uploads for the default data/glow.sqlite); data/uploads for PostgreSQL. */
export function uploadsDir(): string {
  const url = getEnv().DATABASE_URL;
  if (url === "file::memory:") return path.join(os.tmpdir(), "glow-test-uploads");
  if (url.startsWith("file:")) return path.join(path.dirname(path.resolve(url.slice("file:".length))), "uploads");
  return path.resolve("data/uploads");
}

export interface SavedUpload {
  key: string;
  kind: "image" | "video";
  /** The address it is served at. */
  path: string;
  sizeBytes: number;
}

export interface UploadForm {
  fields: Map<string, string>;
  saved: SavedUpload[];
  /** One message per refused file, e.g. "photo.heic is not a JPEG, PNG, WebP, GIF, MP4 or WebM file". */
  problems: string[];
}

/** Reads a part to its end without keeping it: the parser needs each part consumed to reach the next. */
async function drain(data: AsyncIterable<Uint8Array>): Promise<undefined> {
  for await (const _chunk of data) void _chunk;
  return undefined;
}

/**
 * Reads a multipart form: text fields, and files from the inputs named in `fileFields`, each stored if it is an
 * accepted image or video within its size limit. Throws a 413/415 Response for a body that is not such a form.
 */
export async function receiveUploads(request: Request, vendorId: number, fileFields: string[]): Promise<UploadForm> {
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    throw new Response("Please send the form from the page.", { status: 415 });
  }
  if (Number(request.headers.get("Content-Length") ?? "0") > REQUEST_MAX_BYTES) {
    throw new Response("Those files are too large together. Please upload fewer at a time.", { status: 413 });
  }
  const dir = uploadsDir();
  await fsp.mkdir(dir, { recursive: true });
  const form: UploadForm = { fields: new Map(), saved: [], problems: [] };
  let received = 0;

  const handler: UploadHandler = async ({ name, filename, data }) => {
    if (filename === undefined) {
      let text = "";
      for await (const chunk of data) {
        // Text fields count towards the whole body's limit too: many small fields are as large as one big file.
        received += chunk.length;
        if (received > REQUEST_MAX_BYTES) throw new Response("Those files are too large together. Please upload fewer at a time.", { status: 413 });
        text += Buffer.from(chunk).toString("utf8");
        if (text.length > TEXT_FIELD_MAX) throw new Response("That form was too large.", { status: 413 });
      }
      if (!form.fields.has(name)) form.fields.set(name, text);
      return undefined;
    }
    if (!fileFields.includes(name) || filename === "") return drain(data);
    const label = filename.slice(0, 60);
    if (form.saved.length + form.problems.length >= FILES_PER_REQUEST) {
      form.problems.push(`${label}: at most ${FILES_PER_REQUEST} files at a time`);
      return drain(data);
    }
    const token = randomToken(16).slice(0, 22);
    const partial = path.join(dir, `${token}.part`);
    const out = fs.createWriteStream(partial);
    let head = Buffer.alloc(0);
    let sniffed: Sniffed | null | undefined;
    let size = 0;
    let refused: string | undefined;
    for await (const chunk of data) {
      received += chunk.length;
      if (received > REQUEST_MAX_BYTES) {
        out.destroy();
        await fsp.rm(partial, { force: true });
        throw new Response("Those files are too large together. Please upload fewer at a time.", { status: 413 });
      }
      if (refused) continue;
      let piece: Uint8Array = chunk;
      if (sniffed === undefined) {
        head = Buffer.concat([head, chunk]);
        if (head.length < 12) continue;
        sniffed = sniff(head);
        if (!sniffed) {
          refused = `${label} is not a JPEG, PNG, WebP, GIF, MP4 or WebM file`;
          continue;
        }
        piece = head;
      }
      size += piece.length;
      const limit = sniffed!.kind === "image" ? IMAGE_MAX_BYTES : VIDEO_MAX_BYTES;
      if (size > limit) {
        refused = `${label} is larger than ${limit / 1024 / 1024} MB`;
        continue;
      }
      out.write(piece);
    }
    if (!refused && sniffed === undefined) refused = `${label} is not a JPEG, PNG, WebP, GIF, MP4 or WebM file`;
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    if (refused || !sniffed) {
      await fsp.rm(partial, { force: true });
      form.problems.push(refused!);
      return undefined;
    }
    const key = `${token}.${sniffed.ext}`;
    await fsp.rename(partial, path.join(dir, key));
    const db = await getDb();
    await db.insertInto("uploads").values({ key, vendor_id: vendorId, kind: sniffed.kind, content_type: sniffed.contentType, size_bytes: size, created_at: new Date().toISOString() }).execute();
    form.saved.push({ key, kind: sniffed.kind, path: `/uploads/${key}`, sizeBytes: size });
    return undefined;
  };

  try {
    await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    await discardUploads(form.saved.map((s) => s.path));
    if (error instanceof Response) throw error;
    throw new Response("That form could not be read.", { status: 400 });
  }
  return form;
}

/** Deletes uploaded files (and their rows) by served path; paths that are not uploads (artwork) are ignored. */
export async function discardUploads(paths: string[]): Promise<void> {
  const keys = paths.map((p) => p.replace(/^\/uploads\//, "")).filter((k) => KEY_PATTERN.test(k));
  if (keys.length === 0) return;
  const db = await getDb();
  await db.deleteFrom("uploads").where("key", "in", keys).execute();
  await Promise.all(keys.map((k) => fsp.rm(path.join(uploadsDir(), k), { force: true })));
}

export interface StoredFile {
  file: string;
  contentType: string;
  sizeBytes: number;
}

export async function findUpload(key: string): Promise<StoredFile | undefined> {
  if (!KEY_PATTERN.test(key)) return undefined;
  const db = await getDb();
  const row = await db.selectFrom("uploads").select(["content_type", "size_bytes"]).where("key", "=", key).executeTakeFirst();
  if (!row) return undefined;
  const file = path.join(uploadsDir(), key);
  const stat = await fsp.stat(file).catch(() => undefined);
  if (!stat?.isFile()) return undefined;
  return { file, contentType: row.content_type, sizeBytes: stat.size };
}
