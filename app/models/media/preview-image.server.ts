import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { getDb } from "~/db/db.server";
import { KEY_PATTERN, MAX_INPUT_PIXELS, openUpload } from "./uploads.server";

// Link previews (Open Graph and Twitter cards): a 1200x630 JPEG made from a vendor's or an active service's photo,
// or the branded picture when there is none. Made once per photo and kept in memory (a few dozen of ~60 KB),
// since a link shared in a WhatsApp group is fetched by every phone that shows it.

export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;
const BRAND = "#5b2a86";
const MAX_KEPT = 64;

export type PreviewKind = "vendor" | "service" | "site";

const kept = new Map<string, Uint8Array<ArrayBuffer>>();

/** The preview of a public vendor or active service; the branded picture for anything else. */
export async function previewImage(kind: PreviewKind, id: number | null): Promise<Uint8Array<ArrayBuffer>> {
  const photo = id === null ? null : await photoOf(kind, id);
  const key = photo ?? "brand";
  const hit = kept.get(key);
  if (hit) return hit;
  const bytes = (photo ? await fromPhoto(photo).catch(() => null) : null) ?? (await branded());
  kept.set(key, bytes);
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as string);
  return bytes;
}

async function photoOf(kind: PreviewKind, id: number): Promise<string | null> {
  const db = await getDb();
  if (kind === "vendor") return (await db.selectFrom("vendors").select("image").where("id", "=", id).executeTakeFirst())?.image ?? null;
  if (kind === "service") {
    const row = await db
      .selectFrom("services as s")
      .innerJoin("vendors as v", "v.id", "s.vendor_id")
      .select("s.image")
      .where("s.id", "=", id)
      .where("s.status", "=", "active")
      // A suspended vendor's services are not public (docs/decisions/037-vendor-suspension.md).
      .where("v.suspended_at", "is", null)
      .executeTakeFirst();
    return row?.image ?? null;
  }
  return null;
}

/** A photo's bytes: the sample artwork under public/img, or an upload from the object store. */
async function sourceBytes(photo: string): Promise<Uint8Array | null> {
  if (/^\/img\/[a-z0-9/_-]{1,100}\.(svg|png|jpg|webp)$/.test(photo) && !photo.includes("..")) return readFile(path.resolve("public", photo.slice(1)));
  const key = photo.startsWith("/uploads/") ? photo.slice("/uploads/".length) : "";
  if (!KEY_PATTERN.test(key)) return null;
  const stream = await openUpload(key);
  if (!stream) return null;
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function fromPhoto(photo: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const bytes = await sourceBytes(photo);
  if (!bytes) return null;
  const out = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, density: 150 })
    .resize({ ...PREVIEW_SIZE, fit: "cover", position: "attention" })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 78, mozjpeg: true })
    .toBuffer();
  return new Uint8Array(out);
}

/** The Glow mark and name on the brand's purple. */
async function branded(): Promise<Uint8Array<ArrayBuffer>> {
  const { width, height } = PREVIEW_SIZE;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="100%" height="100%" fill="${BRAND}"/>
<g transform="translate(330 215) scale(6.25)"><path d="M15 3Q17.9 13.1 28 16Q17.9 18.9 15 29Q12.1 18.9 2 16Q12.1 13.1 15 3Z" fill="#ff6f59"/><path d="M15 10Q16.3 14.7 21 16Q16.3 17.3 15 22Q13.7 17.3 9 16Q13.7 14.7 15 10Z" fill="#f4b942"/><circle cx="26" cy="6" r="2.5" fill="#f4b942"/></g>
<text x="560" y="360" font-family="sans-serif" font-size="150" font-weight="800" fill="#ffffff">Glow</text>
<text x="600" y="470" text-anchor="middle" font-family="sans-serif" font-size="44" fill="#f4e9ff">Book beauty services in Nigeria</text>
</svg>`;
  const out = await sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  return new Uint8Array(out);
}
