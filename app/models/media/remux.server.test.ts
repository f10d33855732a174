import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { NotAVideo } from "./container.server";
import { remuxVideo } from "./remux.server";

// The video re-write (models/media/remux.server.ts) on real recordings (tests/fixtures/clip.mp4 and clip.webm: one
// second of a canvas recorded by Chromium's MediaRecorder, H.264 in MP4 and VP8 in WebM) and on crafted files: what
// is not media never reaches the stored file, and a file whose container does not parse is refused.

const clipMp4 = fs.readFileSync("tests/fixtures/clip.mp4");
const clipWebm = fs.readFileSync("tests/fixtures/clip.webm");
const html = Buffer.from("<html><body><script>fetch('/user/profile')</script></body></html>");

const box = (type: string, body: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, "latin1");
  return Buffer.concat([head, body]);
};
/** An EBML element with a one-byte size (bodies under 127 bytes). */
const element = (id: number[], body: Buffer) => Buffer.concat([Buffer.from(id), Buffer.from([0x80 | body.length]), body]);

async function remux(bytes: Buffer, ext: "mp4" | "webm") {
  return Buffer.from((await remuxVideo(bytes, bytes.length, ext, "clip")).data);
}

const refused = (bytes: Buffer, ext: "mp4" | "webm") => expect(remuxVideo(bytes, bytes.length, ext, "clip")).rejects.toBeInstanceOf(NotAVideo);

describe("MP4", () => {
  test("a recording comes out byte for byte; bytes after its last box are dropped", async () => {
    expect(Buffer.compare(await remux(clipMp4, "mp4"), clipMp4)).toBe(0);
    expect(Buffer.compare(await remux(Buffer.concat([clipMp4, Buffer.from("tail")]), "mp4"), clipMp4)).toBe(0);
    const withHtml = await remux(Buffer.concat([clipMp4, html]), "mp4");
    expect(withHtml.includes("<script")).toBe(false);
  });

  test("a box that is not media keeps its place and size, with zeros inside", async () => {
    const sent = Buffer.concat([clipMp4, box("uuid", html), box("free", html)]);
    const out = await remux(sent, "mp4");
    expect(out.length).toBe(sent.length);
    expect(Buffer.compare(out.subarray(0, clipMp4.length), clipMp4)).toBe(0);
    expect(out.includes("<script")).toBe(false);
    expect(out.toString("latin1", clipMp4.length + 4, clipMp4.length + 8)).toBe("free");
  });

  test("refused: boxes that do not parse, no movie, no media, a box larger than the file, a movie whose boxes do not parse", async () => {
    const ftyp = box("ftyp", Buffer.from("isom\0\0\x02\0isom", "latin1"));
    const mvhd = box("mvhd", Buffer.alloc(100));
    await refused(Buffer.concat([ftyp, Buffer.from("....moov....")]), "mp4");
    await refused(Buffer.concat([ftyp, box("mdat", Buffer.alloc(64))]), "mp4");
    await refused(Buffer.concat([ftyp, box("moov", mvhd)]), "mp4");
    const tooLong = box("mdat", Buffer.alloc(64));
    tooLong.writeUInt32BE(10_000, 0);
    await refused(Buffer.concat([ftyp, box("moov", mvhd), tooLong]), "mp4");
    const broken = box("moov", Buffer.concat([mvhd, box("trak", Buffer.from([0, 0, 0, 99, 0x74, 0x6b, 0x68, 0x64]))]));
    await refused(Buffer.concat([ftyp, broken, box("mdat", Buffer.alloc(64))]), "mp4");
    await refused(Buffer.concat([box("moov", mvhd), ftyp, box("mdat", Buffer.alloc(64))]), "mp4");
    // Good boxes with the HTML first: not a movie at all.
    await refused(Buffer.concat([ftyp, html, box("moov", mvhd), box("mdat", Buffer.alloc(64))]), "mp4");
  });

  test("from a file: the re-written video is a temporary file of its own, deleted by discard", async () => {
    const sent = path.join(os.tmpdir(), `glow-test-remux-${process.pid}.mp4`);
    fs.writeFileSync(sent, Buffer.concat([clipMp4, html]));
    const out = await remuxVideo(sent, fs.statSync(sent).size, "mp4", "clip");
    fs.rmSync(sent);
    expect(typeof out.data).toBe("string");
    expect(Buffer.compare(fs.readFileSync(out.data as string), clipMp4)).toBe(0);
    expect(out.sizeBytes).toBe(clipMp4.length);
    await out.discard();
    expect(fs.existsSync(out.data as string)).toBe(false);
  });
});

describe("WebM", () => {
  test("a recording comes out byte for byte; what follows its segment never does", async () => {
    expect(Buffer.compare(await remux(clipWebm, "webm"), clipWebm)).toBe(0);
    const out = await remux(Buffer.concat([clipWebm, html]), "webm");
    expect(Buffer.compare(out, clipWebm)).toBe(0);
  });

  test("a segment and a cluster of unknown size (as a recorder writes while it records) end where the next element starts", async () => {
    const live = Buffer.from(clipWebm);
    // The fixture's Segment (at 36) and its Cluster (at 260) have 8-byte sizes: both become "unknown".
    for (const at of [36, 260]) Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]).copy(live, at + 4);
    expect(Buffer.compare(await remux(live, "webm"), live)).toBe(0);
    const out = await remux(Buffer.concat([live, html]), "webm");
    expect(out.includes("<script")).toBe(false);
    expect(Buffer.compare(out, live)).toBe(0);
  });

  test("an attachment (a whole file inside the video) becomes a Void of the same length, zeros inside", async () => {
    const attachment = element([0x19, 0x41, 0xa4, 0x69], html);
    const sent = Buffer.concat([clipWebm, attachment]);
    // Inside the segment: its 8-byte size (at 40) grows by the attachment's length.
    sent.writeUIntBE(clipWebm.readUIntBE(42, 6) + attachment.length, 42, 6);
    const out = await remux(sent, "webm");
    expect(out.length).toBe(sent.length);
    expect(out.includes("<script")).toBe(false);
    expect(out[clipWebm.length]).toBe(0xec);
    expect(Buffer.compare(out.subarray(0, clipWebm.length), sent.subarray(0, clipWebm.length))).toBe(0);
  });

  test("refused: a header that is not WebM's, no segment, no clusters, elements that do not parse", async () => {
    const header = (docType: string) => element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], Buffer.from(docType)));
    const segment = (body: Buffer) =>
      Buffer.concat([Buffer.from([0x18, 0x53, 0x80, 0x67]), Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), body]);
    const info = element([0x15, 0x49, 0xa9, 0x66], Buffer.alloc(4));
    const tracks = element([0x16, 0x54, 0xae, 0x6b], Buffer.alloc(4));
    await refused(Buffer.concat([header("matroska"), segment(Buffer.concat([info, tracks]))]), "webm");
    await refused(Buffer.concat([header("webm"), html]), "webm");
    await refused(Buffer.concat([header("webm"), segment(Buffer.concat([info, tracks]))]), "webm");
    await refused(Buffer.concat([header("webm"), segment(Buffer.concat([info, html, tracks]))]), "webm");
    await refused(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), html]), "webm");
    // The recording cut short inside its first cluster.
    await refused(clipWebm.subarray(0, 300), "webm");
  });
});
