import { NotAVideo, type Piece, type Source } from "./container.server";

// An MP4's re-write (models/media/remux.server.ts; ISO BMFF): the top-level boxes must parse one after another, ftyp
// first, with a moov (whose own boxes parse) and an mdat. Boxes that carry media or its index are kept as sent; any
// other box (free, skip, wide, uuid, meta, udta, unknown) becomes a `free` box of the same size filled with zeros, so
// every offset the moov holds still points at the same bytes. Bytes after the last box are dropped.

/** Top-level MP4 boxes kept as sent: the file type, the movie and its fragments, the media and their indexes. */
const KEPT_BOXES = new Set(["ftyp", "styp", "moov", "mdat", "moof", "mfra", "sidx", "ssix", "prft"]);
/** Boxes inside moov whose children are boxes too: walked to check the movie parses. */
const MOOV_CONTAINERS = new Set(["moov", "trak", "mdia", "minf", "stbl", "edts", "dinf", "mvex", "moof", "traf"]);
/** The movie is read whole to check its boxes: a 25 MB video's index is a few hundred KB at most. */
const MOOV_MAX_BYTES = 16 * 1024 * 1024;

interface Box {
  type: string;
  start: number;
  headerSize: number;
  size: number;
}

/** The box at `at` of `source`, or null when its header does not parse or it does not fit in `end`. */
async function readBox(source: Source, at: number, end: number): Promise<Box | null> {
  if (end - at < 8) return null;
  const head = await source.read(at, Math.min(16, end - at));
  const type = head.toString("latin1", 4, 8);
  if (!/^[\x20-\x7e]{4}$/.test(type)) return null;
  let size = head.readUInt32BE(0);
  let headerSize = 8;
  if (size === 1) {
    if (head.length < 16) return null;
    size = Number(head.readBigUInt64BE(8));
    headerSize = 16;
  } else if (size === 0) {
    size = end - at;
  }
  if (size < headerSize || at + size > end) return null;
  return { type, start: at, headerSize, size };
}

/** Checks that a buffer of boxes parses to its end, descending into the containers. */
function checkBoxes(bytes: Buffer, label: string, depth = 0): Set<string> {
  const types = new Set<string>();
  for (let at = 0; at < bytes.length;) {
    if (bytes.length - at < 8) throw new NotAVideo(`${label}: its movie header does not parse`);
    const size = bytes.readUInt32BE(at);
    const type = bytes.toString("latin1", at + 4, at + 8);
    if (size < 8 || at + size > bytes.length || !/^[\x20-\x7e]{4}$/.test(type)) throw new NotAVideo(`${label}: its movie header does not parse`);
    types.add(type);
    if (MOOV_CONTAINERS.has(type) && depth < 8) checkBoxes(bytes.subarray(at + 8, at + size), label, depth + 1);
    at += size;
  }
  return types;
}

/** The pieces of the re-written MP4; throws NotAVideo when the file is not one. */
export async function planMp4(source: Source, label: string): Promise<Piece[]> {
  const pieces: Piece[] = [];
  const seen = new Set<string>();
  for (let at = 0; at < source.size;) {
    const box = await readBox(source, at, source.size);
    if (!box) {
      // Past a whole movie, what does not parse is trailing bytes: dropped. Before it, the file is not a video.
      if (seen.has("moov") && seen.has("mdat")) break;
      throw new NotAVideo(`${label}: its boxes do not parse`);
    }
    if (at === 0 && box.type !== "ftyp") throw new NotAVideo(`${label}: it does not start with a file type box`);
    if (box.type === "moov") {
      if (box.size > MOOV_MAX_BYTES) throw new NotAVideo(`${label}: its movie header is too large`);
      const inside = checkBoxes(await source.read(box.start + box.headerSize, box.size - box.headerSize), label, 1);
      if (!inside.has("mvhd")) throw new NotAVideo(`${label}: its movie header does not parse`);
    }
    seen.add(box.type);
    if (KEPT_BOXES.has(box.type)) pieces.push({ from: box.start, to: box.start + box.size });
    else pieces.push({ bytes: freeBox(box) });
    at += box.size;
  }
  if (!seen.has("moov") || !seen.has("mdat")) throw new NotAVideo(`${label}: it has no ${seen.has("moov") ? "media data" : "movie header"}`);
  return pieces;
}

/** A `free` box of the same size and header form as `box`, all zeros inside. */
function freeBox(box: Box): Buffer {
  const bytes = Buffer.alloc(box.size);
  if (box.headerSize === 16) {
    bytes.writeUInt32BE(1, 0);
    bytes.writeBigUInt64BE(BigInt(box.size), 8);
  } else bytes.writeUInt32BE(box.size, 0);
  bytes.write("free", 4, "latin1");
  return bytes;
}
