// Gives the services of a search page real uploaded photos, through the app's own upload path (processing,
// storage, gallery), so page weight can be measured with photos instead of the seeded SVG artwork:
//
//   DATABASE_URL=file:./data/glow.sqlite npx vite-node --config vitest.config.ts scripts/seed-photos.ts [TERM] [PAGES]
//
// Each photo is a made-up 3000x2250 phone JPEG with GPS EXIF, different for every service.
import sharp from "sharp";
import { getDb } from "~/db/db.server";
import { otherServices, searchServices } from "~/models/catalogue/search.server";
import { fileOfBytes, storeUploads } from "~/models/media/uploads.server";

const term = process.argv[2] ?? "hair";
const pages = Number(process.argv[3] ?? 1);

async function photo(n: number): Promise<Buffer> {
  const blobs = await sharp({
    create: { width: 120, height: 90, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: "gaussian", mean: 120 + (n % 60), sigma: 55 } },
  })
    .resize(3000, 2250, { kernel: "cubic" })
    .blur(4)
    .modulate({ hue: (n * 37) % 360 })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: "Tecno", Model: "Camon 20" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "6/1 27/1 1234/100", GPSLongitudeRef: "E", GPSLongitude: "3/1 23/1 4567/100" },
    })
    .toBuffer();
  return blobs;
}

const ids = new Set<number>();
for (let page = 1; page <= pages; page++) for (const card of (await searchServices({ term, page, viewerId: null })).cards) ids.add(card.id);
for (const card of await otherServices({ term, viewerId: null, limit: 4 })) ids.add(card.id);
const db = await getDb();
let n = 0;
for (const id of ids) {
  const service = await db.selectFrom("services").select(["vendor_id"]).where("id", "=", id).executeTakeFirstOrThrow();
  const { saved, problems } = await storeUploads(service.vendor_id, [fileOfBytes(`svc${id}.jpg`, await photo(n++))]);
  if (problems.length || !saved[0]) throw new Error(problems.join("; "));
  const s = saved[0];
  // Put first in the gallery and made the cover, as the vendor's first upload would be.
  await db.insertInto("service_media").values({ service_id: id, kind: "image", path: s.path, sort: -1, content_hash: s.contentHash }).execute();
  await db.updateTable("services").set({ image: s.path }).where("id", "=", id).execute();
  console.log(`service ${id}: ${s.path}`);
}
console.log(`${ids.size} services of "${term}" now show an uploaded photo.`);
process.exit(0);
