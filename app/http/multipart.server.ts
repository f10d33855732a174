import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";

// The one seam to multipart parsing (HTTP glue, used by routes only): it reads a request's multipart body with
// limits applied while it streams, and hands the domain plain bytes. Anything that is not such a form becomes a
// 4xx Response here, so domain code never sees a Request.

export interface ReceivedFile {
  /** The browser's file name, cut to 60 characters: only for messages, never for storage. */
  name: string;
  bytes: Buffer;
  /** The file's whole size; when above the per-file cap only the first bytes are kept (to tell its type). */
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
  /** No single file is kept in memory past this many bytes. */
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

async function drain(data: AsyncIterable<Uint8Array>, count: (n: number) => void): Promise<undefined> {
  for await (const chunk of data) count(chunk.length);
  return undefined;
}

export async function readMultipart(request: Request, limits: MultipartLimits): Promise<MultipartForm> {
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    throw new Response("Please send the form from the page.", { status: 415 });
  }
  const tooLarge = () => new Response("Those files are too large together. Please upload fewer at a time.", { status: 413 });
  if (Number(request.headers.get("Content-Length") ?? "0") > limits.requestMaxBytes) throw tooLarge();
  const textMax = limits.textFieldMaxChars ?? 2_000;
  const form: MultipartForm = { fields: new Map(), files: [], skipped: [] };
  let received = 0;
  const count = (n: number) => {
    received += n;
    if (received > limits.requestMaxBytes) throw tooLarge();
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
    const chunks: Uint8Array[] = [];
    let size = 0;
    let kept = 0;
    let refused = false;
    let checked = !limits.accepts;
    for await (const chunk of data) {
      count(chunk.length);
      size += chunk.length;
      if (!checked && (kept + chunk.length >= SNIFF_BYTES || size >= SNIFF_BYTES)) {
        checked = true;
        const head = Buffer.concat([...chunks, chunk]).subarray(0, SNIFF_BYTES);
        refused = !limits.accepts!(head);
        if (refused) {
          // Not a picture or video: the rest is read and dropped, never kept.
          chunks.length = 0;
          chunks.push(head);
          kept = head.length;
          continue;
        }
      }
      if (refused) continue;
      if (size <= limits.fileMaxBytes) {
        chunks.push(chunk);
        kept += chunk.length;
      } else if (kept < HEAD_BYTES) {
        chunks.push(chunk.subarray(0, HEAD_BYTES - kept));
        kept = HEAD_BYTES;
      }
    }
    const over = size > limits.fileMaxBytes;
    const bytes = Buffer.concat(chunks);
    // Past the cap only the head is kept, and it is dropped at once from memory by the domain.
    form.files.push({ name: label, bytes: over ? bytes.subarray(0, HEAD_BYTES) : bytes, size, tooLarge: over, field: name });
    return undefined;
  };

  try {
    await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    if (error instanceof Response) throw error;
    throw new Response("That form could not be read.", { status: 400 });
  }
  return form;
}
