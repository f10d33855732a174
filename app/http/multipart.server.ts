import crypto from "node:crypto";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";

// The one seam to multipart parsing (HTTP glue, used by routes only): it reads a request's multipart body with
// limits applied while it streams. Each accepted file part goes to a temporary file as it arrives, so a file is
// never whole in memory (parallel 49 MB posts took the server's memory: docs/decisions/035-streamed-uploads.md);
// the domain reads the file by its path. Temporary files live only while `withMultipart`'s callback runs: they are
// deleted after it, whatever happened (an answer, a refusal, an error, a client that went away). Anything that is
// not such a form becomes a 4xx Response here, so domain code never sees a Request.

export interface ReceivedFile {
  /** The browser's file name, cut to 60 characters: only for messages, never for storage. */
  name: string;
  /**
   * Where its bytes are: a temporary file's path; or, for a file refused by its first bytes or past the per-file
   * cap, only those first bytes (nothing is written to disk for it).
   */
  data: string | Uint8Array;
  /** Its first bytes (up to 64): its type. */
  head: Uint8Array;
  /** The file's whole size, as sent. */
  size: number;
  tooLarge: boolean;
  /** The form field it came in (one of the limits' `fileFields`). */
  field: string;
}

export interface MultipartForm {
  fields: Map<string, string>;
  files: ReceivedFile[];
  /** Files past `maxFiles`, by name: drained, never kept. */
  skipped: string[];
}

export interface MultipartLimits {
  fileFields: string[];
  maxFiles: number;
  /** No single file is kept past this many bytes (its temporary file is deleted as soon as it passes them). */
  fileMaxBytes: number;
  /** The whole body; checked against Content-Length first and again while reading. */
  requestMaxBytes: number;
  textFieldMaxChars?: number;
  /** Told a file's first SNIFF_BYTES: false keeps only those (the domain then refuses the file by its type). */
  accepts?: (head: Uint8Array) => boolean;
}

/** How many first bytes tell a file's type (models/media/uploads.server.ts `sniff`). */
export const SNIFF_BYTES = 16;

const HEAD_BYTES = 64;

/** Where parts are written while a request is read: one folder for every app process, each file a random name. */
export function receivedDir(): string {
  // Tests: a folder per worker process, so a test can see that its own files were all deleted.
  if (process.env.NODE_ENV === "test") return path.join(os.tmpdir(), `glow-test-received-${process.pid}`);
  return path.join(os.tmpdir(), "glow-received");
}

/** What a process that died mid-request left behind: older than any request may last (server.requestTimeout). */
const STALE_AFTER_MS = 60 * 60 * 1000;
let staleSwept = false;

async function sweepStale(dir: string): Promise<void> {
  if (staleSwept) return;
  staleSwept = true;
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  const cutoff = Date.now() - STALE_AFTER_MS;
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fsp.stat(file).catch(() => undefined);
    if (stat?.isFile() && stat.mtimeMs < cutoff) await fsp.rm(file, { force: true });
  }
}

async function drain(data: AsyncIterable<Uint8Array>, count: (n: number) => void): Promise<undefined> {
  for await (const chunk of data) count(chunk.length);
  return undefined;
}

const gone = () => new Response("The upload was interrupted.", { status: 400 });

/**
 * Reads the multipart body (files to temporary files), hands the form to `handle`, then deletes every temporary file
 * it wrote, on every path out: `handle` must be done with the files when its promise settles.
 */
export async function withMultipart<T>(request: Request, limits: MultipartLimits, handle: (form: MultipartForm) => Promise<T>): Promise<T> {
  const written: string[] = [];
  try {
    const form = await readMultipart(request, limits, written);
    return await handle(form);
  } finally {
    await Promise.all(written.map((file) => fsp.rm(file, { force: true })));
  }
}

async function readMultipart(request: Request, limits: MultipartLimits, written: string[]): Promise<MultipartForm> {
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    throw new Response("Please send the form from the page.", { status: 415 });
  }
  const tooLarge = () => new Response("Those files are too large together. Please upload fewer at a time.", { status: 413 });
  if (Number(request.headers.get("Content-Length") ?? "0") > limits.requestMaxBytes) throw tooLarge();
  const dir = receivedDir();
  await fsp.mkdir(dir, { recursive: true });
  await sweepStale(dir);
  const textMax = limits.textFieldMaxChars ?? 2_000;
  const form: MultipartForm = { fields: new Map(), files: [], skipped: [] };
  let received = 0;
  const count = (n: number) => {
    received += n;
    if (received > limits.requestMaxBytes) throw tooLarge();
    if (request.signal.aborted) throw gone();
  };

  const handler: UploadHandler = async ({ name, filename, data }) => {
    if (filename === undefined) {
      let text = "";
      for await (const chunk of data) {
        count(chunk.length);
        text += Buffer.from(chunk).toString("utf8");
        if (text.length > textMax) throw new Response("That form was too large.", { status: 413 });
      }
      if (!form.fields.has(name)) form.fields.set(name, text);
      return undefined;
    }
    if (!limits.fileFields.includes(name) || filename === "") return drain(data, count);
    const label = filename.slice(0, 60);
    if (form.files.length >= limits.maxFiles) {
      form.skipped.push(label);
      return drain(data, count);
    }
    form.files.push(await receiveFile(data, label, name));
    return undefined;
  };

  /** One file part: its head in memory, the rest to a temporary file while it is accepted and under the cap. */
  async function receiveFile(data: AsyncIterable<Uint8Array>, label: string, field: string): Promise<ReceivedFile> {
    let head = Buffer.alloc(0);
    let size = 0;
    let refused = false;
    let checked = !limits.accepts;
    const file = path.join(dir, `${crypto.randomBytes(12).toString("hex")}.part`);
    written.push(file);
    let handle: fsp.FileHandle | undefined = await fsp.open(file, "w");
    const stopWriting = async () => {
      await handle?.close();
      handle = undefined;
      await fsp.rm(file, { force: true });
    };
    try {
      for await (const chunk of data) {
        count(chunk.length);
        size += chunk.length;
        if (!refused && head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
        if (!checked && head.length >= SNIFF_BYTES) {
          checked = true;
          refused = !limits.accepts!(head.subarray(0, SNIFF_BYTES));
          if (refused) {
            // Not a picture or video: the rest is read and dropped, never kept.
            head = head.subarray(0, SNIFF_BYTES);
            await stopWriting();
          }
        }
        if (size > limits.fileMaxBytes && handle) await stopWriting();
        if (handle) await handle.write(chunk);
      }
    } finally {
      await handle?.close();
    }
    const kept = !refused && size <= limits.fileMaxBytes;
    return { name: label, data: kept ? file : head, head, size, tooLarge: size > limits.fileMaxBytes, field };
  }

  try {
    await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    if (error instanceof Response) throw error;
    throw new Response("That form could not be read.", { status: 400 });
  }
  // A client that went away mid-body ends the body early: whatever was read is not the form that was sent.
  if (request.signal.aborted) throw gone();
  return form;
}
