import { NotAVideo, type Piece, type Source } from "./container.server";

// A WebM's re-write (models/media/remux.server.ts): the EBML header must say "webm", then one Segment whose level-1
// elements parse one after another, with an Info, a Tracks and at least one Cluster. Elements that carry the
// movie (SeekHead, Info, Tracks, Cluster, Cues, Chapters, Tags, CRC-32) are kept as sent; a Void keeps its header
// with zeros inside; any other (Attachments: whole files; unknown ones) becomes a Void of the same length, so the positions
// SeekHead and Cues hold still point at the same bytes. Bytes after the Segment are dropped. A Segment or Cluster
// of unknown size (what browsers' MediaRecorder writes) ends where the next element of its level starts.

const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const INFO = 0x1549a966;
const TRACKS = 0x1654ae6b;
const VOID = 0xec;
const KEPT = new Set([0x114d9b74, INFO, TRACKS, CLUSTER, 0x1c53bb6b, 0x1043a770, 0x1254c367, 0xbf]);
/** What a Cluster holds: Timestamp, Position, PrevSize, SimpleBlock, BlockGroup, EncryptedBlock, SilentTracks, Void, CRC-32. */
const CLUSTER_CHILDREN = new Set([0xe7, 0xa7, 0xab, 0xa3, 0xa0, 0xaf, 0x5854, VOID, 0xbf]);
const HEADER_MAX_BYTES = 4096;

interface Element {
  id: number;
  start: number;
  dataStart: number;
  /** null: unknown size (it runs until the next element of its level). */
  size: number | null;
}

/** A variable-length integer at `at`: its length in bytes and value (the marker bit kept for IDs). */
function vint(bytes: Buffer, at: number, keepMarker: boolean): { length: number; value: number; allOnes: boolean } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i]!;
    allOnes &&= bytes[at + i] === 0xff;
  }
  return { length, value, allOnes };
}

async function readElement(source: Source, at: number): Promise<Element | null> {
  const head = await source.read(at, 12);
  const id = vint(head, 0, true);
  if (!id || id.length > 4) return null;
  const size = vint(head, id.length, false);
  if (!size) return null;
  const dataStart = at + id.length + size.length;
  return { id: id.value, start: at, dataStart, size: size.allOnes ? null : size.value };
}

/** A Void element `length` bytes long (at least 2), zeros inside. */
function voidOf(length: number): Buffer {
  const sizeLength = Math.min(8, length - 1);
  const bytes = Buffer.alloc(length);
  bytes[0] = VOID;
  let value = length - 1 - sizeLength;
  for (let i = sizeLength; i >= 1; i--) {
    bytes[i] = value % 256;
    value = Math.floor(value / 256);
  }
  bytes[1] = bytes[1]! | (0x80 >> (sizeLength - 1));
  return bytes;
}

/** Where an unknown-size Cluster ends: at the first element that is not one of a Cluster's. */
async function clusterEnd(source: Source, from: number, end: number, label: string): Promise<number> {
  let at = from;
  while (at < end) {
    const child = await readElement(source, at);
    if (!child || !CLUSTER_CHILDREN.has(child.id)) break;
    if (child.size === null || child.dataStart + child.size > end) throw new NotAVideo(`${label}: its clusters do not parse`);
    at = child.dataStart + child.size;
  }
  return at;
}

async function checkHeader(source: Source, header: Element, label: string): Promise<number> {
  if (header.id !== EBML || header.size === null || header.size > HEADER_MAX_BYTES) throw new NotAVideo(`${label}: its header does not parse`);
  const end = header.dataStart + header.size;
  const bytes = await source.read(header.dataStart, header.size);
  for (let at = 0; at < bytes.length;) {
    const id = vint(bytes, at, true);
    const size = id && vint(bytes, at + id.length, false);
    if (!id || !size || size.allOnes) throw new NotAVideo(`${label}: its header does not parse`);
    const data = at + id.length + size.length;
    if (data + size.value > bytes.length) throw new NotAVideo(`${label}: its header does not parse`);
    if (id.value === DOC_TYPE && bytes.toString("latin1", data, data + size.value).replace(/\0+$/, "") !== "webm") {
      throw new NotAVideo(`${label}: it is not a WebM file`);
    }
    at = data + size.value;
  }
  return end;
}

/** The pieces of the re-written WebM; throws NotAVideo when the file is not one. */
export async function planWebm(source: Source, label: string): Promise<Piece[]> {
  const header = await readElement(source, 0);
  if (!header) throw new NotAVideo(`${label}: its header does not parse`);
  let at = await checkHeader(source, header, label);
  const pieces: Piece[] = [{ from: 0, to: at }];
  let segment = await readElement(source, at);
  while (segment?.id === VOID && segment.size !== null) {
    pieces.push({ from: segment.start, to: segment.dataStart }, { bytes: Buffer.alloc(segment.size) });
    at = segment.dataStart + segment.size;
    segment = await readElement(source, at);
  }
  if (!segment || segment.id !== SEGMENT) throw new NotAVideo(`${label}: it has no segment`);
  const end = segment.size === null ? source.size : segment.dataStart + segment.size;
  if (end > source.size) throw new NotAVideo(`${label}: it is cut short`);
  pieces.push({ from: segment.start, to: segment.dataStart });
  const seen = new Set<number>();
  for (at = segment.dataStart; at < end;) {
    const element = await readElement(source, at);
    let elementEnd: number;
    if (!element) elementEnd = -1;
    else if (element.size !== null) elementEnd = element.dataStart + element.size;
    else if (element.id === CLUSTER) elementEnd = await clusterEnd(source, element.dataStart, end, label);
    else elementEnd = -1;
    if (!element || elementEnd < 0 || elementEnd > end) {
      // In a Segment of unknown size, what follows a whole movie is trailing bytes: dropped.
      if (segment.size === null && seen.has(CLUSTER)) break;
      throw new NotAVideo(`${label}: its elements do not parse`);
    }
    seen.add(element.id);
    if (KEPT.has(element.id)) pieces.push({ from: element.start, to: elementEnd });
    else if (element.id === VOID) pieces.push({ from: element.start, to: element.dataStart }, { bytes: Buffer.alloc(elementEnd - element.dataStart) });
    else pieces.push({ bytes: voidOf(elementEnd - element.start) });
    at = elementEnd;
  }
  if (!seen.has(INFO) || !seen.has(TRACKS) || !seen.has(CLUSTER)) throw new NotAVideo(`${label}: it has no ${!seen.has(CLUSTER) ? "media" : "track list"}`);
  return pieces;
}
