import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { randomToken } from "~/utils/random.server";
import { type Piece, type Source } from "./container.server";
import { planMp4 } from "./mp4.server";
import { planWebm } from "./webm.server";

// Re-muxing an uploaded video (docs/decisions/035-streamed-uploads.md): what is stored under a video's name is a
// video's structure, not whatever bytes followed a valid first line. Without ffmpeg the streams are not decoded;
// the container is walked (mp4.server.ts, webm.server.ts) and re-written from the pieces it keeps: media as sent,
// anything else zeroed, trailing bytes dropped. A file that does not parse is refused, as other bad uploads are.

function sourceOf(data: string | Uint8Array, size: number): Source {
  if (typeof data !== "string") {
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    return { size: bytes.length, read: async (offset, length) => bytes.subarray(offset, offset + length) };
  }
  return {
    size,
    async read(offset, length) {
      const handle = await fsp.open(data, "r");
      try {
        const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
        await handle.read(buffer, 0, buffer.length, offset);
        return buffer;
      } finally {
        await handle.close();
      }
    },
  };
}

export interface Remuxed {
  /** The re-written video: a temporary file's path (call `discard` once stored) or bytes, as the input was. */
  data: string | Uint8Array;
  sizeBytes: number;
  discard(): Promise<void>;
}

/** Checks a video's container without writing anything; throws NotAVideo. */
export async function checkVideo(data: string | Uint8Array, size: number, ext: "mp4" | "webm", label: string): Promise<Piece[]> {
  const source = sourceOf(data, size);
  return ext === "mp4" ? planMp4(source, label) : planWebm(source, label);
}

/** Re-writes the video from its container's pieces: to a temporary file when it came in one, else in memory. */
export async function remuxVideo(data: string | Uint8Array, size: number, ext: "mp4" | "webm", label: string): Promise<Remuxed> {
  const pieces = await checkVideo(data, size, ext, label);
  const sizeBytes = pieces.reduce((n, p) => n + ("bytes" in p ? p.bytes.length : p.to - p.from), 0);
  if (typeof data !== "string") {
    const bytes = Buffer.concat(pieces.map((p) => ("bytes" in p ? p.bytes : Buffer.from(data.subarray(p.from, p.to)))));
    return { data: bytes, sizeBytes, discard: async () => undefined };
  }
  const out = path.join(os.tmpdir(), `glow-remux-${randomToken(12)}.${ext}`);
  try {
    const write = fs.createWriteStream(out);
    for (const piece of pieces) {
      if ("bytes" in piece) {
        if (!write.write(piece.bytes)) await new Promise<void>((resolve) => write.once("drain", () => resolve()));
      } else if (piece.to > piece.from) {
        await pipeline(fs.createReadStream(data, { start: piece.from, end: piece.to - 1 }), write, { end: false });
      }
    }
    await new Promise<void>((resolve, reject) => {
      write.once("error", reject);
      write.end(() => resolve());
    });
  } catch (error) {
    await fsp.rm(out, { force: true });
    throw error;
  }
  return { data: out, sizeBytes, discard: () => fsp.rm(out, { force: true }) };
}
