import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { startS3Server, type S3TestServer } from "../../../tests/s3-server";
import { createVendor } from "../../../tests/vendor";
import { HOUR, MINUTE, ORPHAN_OBJECT_GRACE } from "~/models/jobs/durations";
import { dueWork } from "~/models/background/work-list.server";
import { folderStore, setStoreForTests, type ObjectStore } from "./storage.server";
import { discardUploads, fileOfBytes, storeUploads } from "./uploads.server";

// The orphan sweep as due work, on both backends: objects no row names go once older than the grace period;
// referenced objects and young ones (an upload under way) stay.

const ORPHAN = "orphanorphanorphanorph-320.webp";
const YOUNG_LATER = "youngyoungyoungyoungyo-640.jpg";

/** Runs the registered sweep the way the background loop does, at `now`. */
const sweepAt = async (now: Date) => dueWork.sweeps["sweep-orphan-objects"]!.run({ db: await getDb(), now });

async function sweepKeepsWhatIsNamed(store: ObjectStore, extra: { beforeSweep?: () => void; afterYoungSweep?: () => void } = {}) {
  setStoreForTests(store);
  try {
    const vendor = await createVendor(`sweep${store.name}`);
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: "teal" } })
      .png()
      .toBuffer();
    const { saved } = await storeUploads(vendor.vendorId, [fileOfBytes("kept.png", photo)]);
    const kept = await store.list();
    expect(kept).toHaveLength(5);
    // What a crash between storing and writing the rows leaves: an object no row names.
    await store.put(ORPHAN, new Uint8Array([1, 2, 3]), "image/webp");
    extra.beforeSweep?.();
    const written = Date.now();

    // Young: an upload may still be writing its rows. Nothing goes.
    await sweepAt(new Date(written + ORPHAN_OBJECT_GRACE - MINUTE));
    expect(await store.list()).toEqual([...kept, ORPHAN].sort());
    extra.afterYoungSweep?.();

    // Past the grace period: the orphan goes (and a folder's stale half-written file); every named object stays.
    await sweepAt(new Date(written + ORPHAN_OBJECT_GRACE + MINUTE));
    expect(await store.list()).toEqual(kept);
    expect((await store.entries()).map((e) => e.key)).toEqual(kept);

    // An object written after the last upload is young again at the next run, whatever came before.
    await store.put(YOUNG_LATER, new Uint8Array([4]), "image/jpeg");
    await sweepAt(new Date(Date.now() + 30 * MINUTE));
    expect(await store.list()).toContain(YOUNG_LATER);

    // Once its rows are gone (a deleted picture whose objects' deletion failed), a photo's objects are swept too.
    const db = await getDb();
    await db.deleteFrom("upload_objects").where("upload_key", "=", saved[0]!.key).execute();
    await db.deleteFrom("uploads").where("key", "=", saved[0]!.key).execute();
    await sweepAt(new Date(Date.now() + 2 * HOUR));
    expect(await store.list()).toEqual([]);
    await discardUploads(saved.map((s) => s.path));
  } finally {
    setStoreForTests(undefined);
  }
}

describe(`the orphan-object sweep (${getDialect()})`, () => {
  test("data folder: unnamed objects and stale half-written files older than the grace period are deleted, nothing else", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "glow-sweep-"));
    try {
      const part = path.join(dir, "halfwrittenhalfwrittenh-160.webp.part");
      await sweepKeepsWhatIsNamed(folderStore(dir), {
        beforeSweep: () => fs.writeFileSync(part, "half"),
        // A young half-written file may be a write under way: it stays too.
        afterYoungSweep: () => expect(fs.existsSync(part)).toBe(true),
      });
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  describe("S3-compatible bucket", () => {
    let s3: S3TestServer;
    beforeAll(async () => {
      s3 = await startS3Server("glow-sweep");
    });
    afterAll(async () => {
      await s3?.stop();
    });

    test("the same sweep lists the bucket (ListObjectsV2) and deletes only old unnamed objects", async () => {
      await sweepKeepsWhatIsNamed(s3.store);
    });
  });
});
