import fs from "node:fs";
import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { getStore } from "~/models/media/storage.server";
import { loader as uploadLoader } from "~/routes/uploads.$key";
import { action as adminAction, loader as adminLoader } from "~/routes/admin.services/route";
import { action as listAction, loader as listLoader } from "~/routes/vendor.services._index/route";
import { pngClaiming } from "../../../tests/photos";
import { takeUploadSlot, UPLOADS_PER_VENDOR } from "~/http/upload-slots.server";
import { formRequest, getRequest, TEST_ORIGIN } from "../../../tests/request";
import { cookieFor } from "../../../tests/session";
import { createVendor, demoVendor, run } from "../../../tests/vendor";
import { action, loader } from "./route";

// A 1x1 PNG: a real image whose first bytes say so.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

/** A small PNG of its own colour: distinct bytes for each n. */
const coloured = (n: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: n % 256, g: (n * 7) % 256, b: 99 } } })
    .png()
    .toBuffer();
const PNG_OF: Record<number, Buffer> = {};

const post = (fields: Record<string, string | string[]>, cookie: string, path = "/vendor/services/create") =>
  run(() => action({ request: formRequest(path, fields, { cookie }), params: {}, context: {} }));

function uploadRequest(fields: Record<string, string>, files: { name: string; type: string; bytes: Buffer }[], cookie: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const f of files) body.append("files", new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
  return new Request(`${TEST_ORIGIN}/vendor/services/create`, { method: "POST", body, headers: { Origin: TEST_ORIGIN, Cookie: cookie } });
}

const overview = (tags: string) => ({ intent: "overview", title: "Goddess Locs", category_id: "", style: "Locs", gender: "women", duration: "240", tags });

async function womenCategoryId() {
  const db = await getDb();
  return String((await db.selectFrom("categories").select("id").where("slug", "=", "women").executeTakeFirstOrThrow()).id);
}

async function serviceRow(id: number) {
  const db = await getDb();
  return db.selectFrom("services").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** Makes a complete draft through the tabs' actions; returns its id. */
async function completeDraft(cookie: string, title = "Goddess Locs") {
  const created = await post({ ...overview("locs, goddess"), title, category_id: await womenCategoryId() }, cookie);
  const id = Number(new URL(created.location!, TEST_ORIGIN).searchParams.get("id"));
  await post({ intent: "about", id: String(id), about: "Bohemian goddess locs, mid-back length, curly ends." }, cookie);
  await run(() =>
    action({
      request: uploadRequest({ id: String(id), then: "next" }, [{ name: "locs.png", type: "image/png", bytes: PNG }], cookie),
      params: {},
      context: {},
    }),
  );
  await post({ intent: "pricing", id: String(id), price: "30000", service_type: ["salon"], then: "save" }, cookie);
  return id;
}

beforeAll(async () => {
  for (const n of [1, 2]) PNG_OF[n] = await coloured(100 + n);
});

describe(`create a service through the four tabs (${getDialect()})`, () => {
  test("Overview refuses a sixth tag, then saves the draft and moves on to About Service", async () => {
    const { cookie, vendorId } = await demoVendor();
    const category = await womenCategoryId();
    const six = await post({ ...overview("Locs, Goddess, Boho, Curly, Long, Protective"), category_id: category }, cookie);
    expect(six.status).toBe(400);
    expect(six.data.result.error.tags).toEqual(["You can add at most 5 tags"]);
    const db = await getDb();
    expect(await db.selectFrom("services").select("id").where("title", "=", "Goddess Locs").execute()).toEqual([]);

    const saved = await post({ ...overview("Locs, Goddess, Boho, curly, Long, locs"), category_id: category }, cookie);
    expect(saved.status).toBe(303);
    const url = new URL(saved.location!, TEST_ORIGIN);
    expect(url.searchParams.get("tab")).toBe("about");
    const id = Number(url.searchParams.get("id"));
    const row = await serviceRow(id);
    expect(row).toMatchObject({ vendor_id: vendorId, status: "draft", group_name: "Hair", style: "Locs", duration_min: 240, gender: "women" });
    const tags = await db.selectFrom("service_tags").select("tag").where("service_id", "=", id).orderBy("tag").execute();
    expect(tags.map((t) => t.tag)).toEqual(["boho", "curly", "goddess", "locs", "long"]);
  });

  test("About Service saves text and materials (an empty row is no material; half a row is refused)", async () => {
    const { cookie } = await demoVendor();
    const created = await post({ ...overview("locs"), category_id: await womenCategoryId() }, cookie);
    const id = new URL(created.location!, TEST_ORIGIN).searchParams.get("id")!;
    const half = await post(
      { intent: "about", id, about: "Bohemian goddess locs, mid-back length.", "materials[0].name": "Curly hair", "materials[0].price": "" },
      cookie,
    );
    expect(half.status).toBe(400);
    expect(half.data.result.error["materials[0].price"]).toEqual(["Enter a price in naira, e.g. 1500"]);
    const ok = await post(
      {
        intent: "about",
        id,
        about: "Bohemian goddess locs, mid-back length.",
        "materials[0].name": "Curly human hair (2 packs)",
        "materials[0].price": "₦12,500",
        "materials[0].required": "on",
        "materials[1].name": "",
        "materials[1].price": "",
        "materials[2].name": "Gold cuffs",
        "materials[2].price": "1500",
      },
      cookie,
    );
    expect(ok.status).toBe(303);
    expect(ok.location).toBe(`/vendor/services/create?id=${id}&tab=gallery`);
    const db = await getDb();
    const materials = await db
      .selectFrom("materials")
      .select(["name", "price_kobo", "required"])
      .where("service_id", "=", Number(id))
      .orderBy("sort")
      .execute();
    expect(materials).toEqual([
      { name: "Curly human hair (2 packs)", price_kobo: 1_250_000, required: 1 },
      { name: "Gold cuffs", price_kobo: 150_000, required: 0 },
    ]);
  });

  test("Gallery refuses a form with a file whose bytes are not an image (422, nothing stored), stores a real one and serves it back with its type", async () => {
    const { cookie, vendorId } = await demoVendor();
    const created = await post({ ...overview("locs"), category_id: await womenCategoryId() }, cookie);
    const id = new URL(created.location!, TEST_ORIGIN).searchParams.get("id")!;
    const locs = { name: "locs.png", type: "image/png", bytes: PNG };
    const before = await getStore().list();
    const refused = await run(() =>
      action({
        request: uploadRequest(
          { id, then: "next" },
          [locs, { name: "evil.png", type: "image/png", bytes: Buffer.from("<svg onload=alert(1)></svg><!-- pretending -->") }],
          cookie,
        ),
        params: {},
        context: {},
      }),
    );
    expect(refused.status).toBe(422);
    expect(refused.data).toEqual({ uploadErrors: ["evil.png is not a JPEG, PNG, WebP, GIF, MP4 or WebM file"] });
    expect(await getStore().list()).toEqual(before);
    const db = await getDb();
    expect(await db.selectFrom("service_media").select("id").where("service_id", "=", Number(id)).execute()).toEqual([]);

    const upload = await run(() => action({ request: uploadRequest({ id, then: "next" }, [locs], cookie), params: {}, context: {} }));
    expect(upload.status).toBe(303);
    expect(upload.location).toBe(`/vendor/services/create?id=${id}&tab=pricing`);
    const media = await db.selectFrom("service_media").select(["kind", "path"]).where("service_id", "=", Number(id)).execute();
    expect(media).toHaveLength(1);
    expect(media[0]!.path).toMatch(/^\/uploads\/[A-Za-z0-9_-]{22}-640\.jpg$/);
    expect((await serviceRow(Number(id))).image).toBe(media[0]!.path);
    const stored = await db.selectFrom("uploads").selectAll().where("vendor_id", "=", vendorId).execute();
    expect(stored).toHaveLength(1);

    const served = await uploadLoader({ request: getRequest(media[0]!.path), params: { key: media[0]!.path.slice("/uploads/".length) }, context: {} });
    expect(served.status).toBe(200);
    // Re-encoded: the JPEG fallback of the PNG that was sent.
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect([...Buffer.from(await served.arrayBuffer()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect((await uploadLoader({ request: getRequest("/uploads/x"), params: { key: "../../etc/passwd" }, context: {} })).status).toBe(404);
  });

  test("a decompression bomb beside a good photo: 422 with the message, nothing stored, the draft unchanged", async () => {
    const vendor = await createVendor("bomber");
    const created = await post({ ...overview("locs"), category_id: await womenCategoryId() }, vendor.cookie);
    const id = new URL(created.location!, TEST_ORIGIN).searchParams.get("id")!;
    const draftBefore = await serviceRow(Number(id));
    const before = await getStore().list();
    const files = [
      { name: "good.png", type: "image/png", bytes: await coloured(7) },
      { name: "bomb.png", type: "image/png", bytes: await pngClaiming(30_000, 30_000) },
    ];
    const answer = await run(() => action({ request: uploadRequest({ id, then: "stay" }, files, vendor.cookie), params: {}, context: {} }));
    expect(answer.status).toBe(422);
    expect(answer.data).toEqual({ uploadErrors: ["bomb.png has too many pixels (at most 50 megapixels)"] });
    expect(await getStore().list()).toEqual(before);
    const db = await getDb();
    expect(await db.selectFrom("uploads").select("key").where("vendor_id", "=", vendor.vendorId).execute()).toEqual([]);
    expect(await serviceRow(Number(id))).toEqual(draftBefore);
  });

  test("a real picture the processor cannot make WebP of (1 x 30,000 pixels, and 30,000 x 1): the same 422, nothing stored", async () => {
    const vendor = await createVendor("tallone");
    const created = await post({ ...overview("locs"), category_id: await womenCategoryId() }, vendor.cookie);
    const id = new URL(created.location!, TEST_ORIGIN).searchParams.get("id")!;
    const draftBefore = await serviceRow(Number(id));
    const before = await getStore().list();
    const strip = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: "white" } })
        .png()
        .toBuffer();
    for (const [name, width, height] of [["tall.png", 1, 30_000] as const, ["wide.png", 30_000, 1] as const]) {
      const files = [
        { name: "good.png", type: "image/png", bytes: await coloured(8) },
        { name, type: "image/png", bytes: await strip(width, height) },
      ];
      const answer = await run(() => action({ request: uploadRequest({ id, then: "stay" }, files, vendor.cookie), params: {}, context: {} }));
      expect(answer.status, name).toBe(422);
      expect(answer.data).toEqual({ uploadErrors: [`${name} is too tall or too wide to show (one side at most 10 times the other)`] });
    }
    expect(await getStore().list()).toEqual(before);
    const db = await getDb();
    expect(await db.selectFrom("uploads").select("key").where("vendor_id", "=", vendor.vendorId).execute()).toEqual([]);
    expect(await serviceRow(Number(id))).toEqual(draftBefore);
  });

  test("videos through the form: a crafted one (a valid first line, then a web page) is the same 422; a real one is stored re-written", async () => {
    const vendor = await createVendor("videomaker");
    const created = await post({ ...overview("locs"), category_id: await womenCategoryId() }, vendor.cookie);
    const id = new URL(created.location!, TEST_ORIGIN).searchParams.get("id")!;
    const before = await getStore().list();
    const page = Buffer.from("<html><script>fetch('/user/profile')</script></html>");
    const crafted = Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from("ftypisom\0\0\0\0isom", "latin1"), page]);
    const clip = fs.readFileSync("tests/fixtures/clip.mp4");
    const refused = await run(() =>
      action({
        request: uploadRequest({ id, then: "stay" }, [{ name: "page.mp4", type: "video/mp4", bytes: crafted }], vendor.cookie),
        params: {},
        context: {},
      }),
    );
    expect(refused.status).toBe(422);
    expect(refused.data).toEqual({ uploadErrors: ["page.mp4 could not be read as an MP4 or WebM video"] });
    expect(await getStore().list()).toEqual(before);
    const files = [{ name: "clip.mp4", type: "video/mp4", bytes: Buffer.concat([clip, page]) }];
    const stored = await run(() => action({ request: uploadRequest({ id, then: "stay" }, files, vendor.cookie), params: {}, context: {} }));
    expect(stored.status).toBe(303);
    const db = await getDb();
    const upload = await db.selectFrom("uploads").select(["key", "size_bytes"]).where("vendor_id", "=", vendor.vendorId).executeTakeFirstOrThrow();
    expect(Number(upload.size_bytes)).toBe(clip.length);
    const served = await uploadLoader({ request: getRequest(`/uploads/${upload.key}`), params: { key: upload.key }, context: {} });
    expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), clip)).toBe(0);
  });

  test("uploads in parallel past the vendor's share: 429 with Retry-After before the body is read, nothing stored", async () => {
    const vendor = await createVendor("parallel");
    const created = await post({ ...overview("locs"), category_id: await womenCategoryId() }, vendor.cookie);
    const id = new URL(created.location!, TEST_ORIGIN).searchParams.get("id")!;
    const held = Array.from({ length: UPLOADS_PER_VENDOR }, () => takeUploadSlot(vendor.vendorId));
    try {
      const files = [{ name: "good.png", type: "image/png", bytes: await coloured(9) }];
      const answer = await run(() => action({ request: uploadRequest({ id, then: "stay" }, files, vendor.cookie), params: {}, context: {} }));
      expect(answer.status).toBe(429);
      expect(Number(answer.response?.headers.get("Retry-After"))).toBeGreaterThan(0);
    } finally {
      for (const release of held) release();
    }
    const db = await getDb();
    expect(await db.selectFrom("uploads").select("key").where("vendor_id", "=", vendor.vendorId).execute()).toEqual([]);
    // Its slots are free again once the others are done.
    const files = [{ name: "good.png", type: "image/png", bytes: await coloured(9) }];
    const later = await run(() => action({ request: uploadRequest({ id, then: "stay" }, files, vendor.cookie), params: {}, context: {} }));
    expect(later.status).toBe(303);
  });

  test("a full gallery refuses one more photo inside its transaction, and what was stored for it is deleted", async () => {
    const vendor = await createVendor("fullgallery");
    const created = await post({ ...overview("locs"), category_id: await womenCategoryId() }, vendor.cookie);
    const id = new URL(created.location!, TEST_ORIGIN).searchParams.get("id")!;
    for (const batch of [
      [0, 1, 2, 3, 4, 5],
      [6, 7],
    ]) {
      const files = await Promise.all(batch.map(async (n) => ({ name: `p${n}.png`, type: "image/png", bytes: await coloured(200 + n) })));
      expect((await run(() => action({ request: uploadRequest({ id }, files, vendor.cookie), params: {}, context: {} }))).status).toBe(303);
    }
    const before = await getStore().list();
    const ninth = { name: "ninth.png", type: "image/png", bytes: await coloured(250) };
    const more = await run(() => action({ request: uploadRequest({ id }, [ninth], vendor.cookie), params: {}, context: {} }));
    expect(more.status).toBe(303);
    expect(more.location).toBe(`/vendor/services/create?id=${id}&tab=gallery`);
    expect(await getStore().list()).toEqual(before);
    const db = await getDb();
    expect(await db.selectFrom("uploads").select("key").where("vendor_id", "=", vendor.vendorId).execute()).toHaveLength(8);
  });

  test("parallel uploads never pass the gallery's limit: of 10 requests of 6 photos to a draft holding 1, 8 photos stay, nothing else", async () => {
    const vendor = await createVendor("racer");
    const created = await post({ ...overview("locs"), category_id: await womenCategoryId() }, vendor.cookie);
    const id = new URL(created.location!, TEST_ORIGIN).searchParams.get("id")!;
    const firstPng = await coloured(0);
    const first = await run(() =>
      action({ request: uploadRequest({ id }, [{ name: "first.png", type: "image/png", bytes: firstPng }], vendor.cookie), params: {}, context: {} }),
    );
    expect(first.status).toBe(303);
    const responses = await Promise.all(
      Array.from({ length: 10 }, async (_, r) => {
        const files = await Promise.all(
          Array.from({ length: 6 }, async (_, f) => ({ name: `p${r}-${f}.png`, type: "image/png", bytes: await coloured(1 + r * 6 + f) })),
        );
        return run(() => action({ request: uploadRequest({ id }, files, vendor.cookie), params: {}, context: {} }));
      }),
    );
    // A vendor's share of upload slots lets two in at once; the others are told to wait (429, nothing stored).
    expect(responses.every((r) => r.status === 303 || r.status === 429)).toBe(true);
    expect(responses.filter((r) => r.status === 303).length).toBeGreaterThanOrEqual(UPLOADS_PER_VENDOR);
    const db = await getDb();
    const media = await db.selectFrom("service_media").select(["path"]).where("service_id", "=", Number(id)).execute();
    expect(media).toHaveLength(8);
    // Every refused photo was deleted: the vendor's uploads are exactly the gallery's, object for object.
    const uploads = await db.selectFrom("uploads").select("key").where("vendor_id", "=", vendor.vendorId).execute();
    expect(uploads.map((u) => `/uploads/${u.key}`).sort()).toEqual(media.map((m) => m.path).sort());
    const tokens = new Set(uploads.map((u) => u.key.slice(0, 22)));
    const stored = (await getStore().list()).filter((k) => tokens.has(k.slice(0, 22)));
    expect(stored).toHaveLength(8 * 5);
    const objects = await db
      .selectFrom("upload_objects")
      .select("key")
      .where(
        "upload_key",
        "in",
        uploads.map((u) => u.key),
      )
      .execute();
    expect(objects.map((o) => o.key).sort()).toEqual(stored);
  });

  test("the same file sent twice (Upload, then Next with the files still chosen; or twice in one form) is stored once", async () => {
    const vendor = await createVendor("twice");
    const created = await post({ ...overview("locs"), category_id: await womenCategoryId() }, vendor.cookie);
    const id = new URL(created.location!, TEST_ORIGIN).searchParams.get("id")!;
    const a = { name: "a.png", type: "image/png", bytes: await coloured(1) };
    const b = { name: "b.png", type: "image/png", bytes: await coloured(2) };
    const upload = await run(() => action({ request: uploadRequest({ id, then: "stay" }, [a, b], vendor.cookie), params: {}, context: {} }));
    expect(upload.location).toBe(`/vendor/services/create?id=${id}&tab=gallery`);
    const next = await run(() =>
      action({ request: uploadRequest({ id, then: "next" }, [a, b, { ...b, name: "b copy.png" }], vendor.cookie), params: {}, context: {} }),
    );
    expect(next.status).toBe(303);
    expect(next.location).toBe(`/vendor/services/create?id=${id}&tab=pricing`);
    const db = await getDb();
    expect(await db.selectFrom("service_media").select("id").where("service_id", "=", Number(id)).execute()).toHaveLength(2);
    expect(await db.selectFrom("uploads").select("key").where("vendor_id", "=", vendor.vendorId).execute()).toHaveLength(2);
  });

  test("removing a photo and deleting a draft delete their stored objects", async () => {
    const vendor = await createVendor("deleter");
    const created = await post({ ...overview("locs"), category_id: await womenCategoryId() }, vendor.cookie);
    const id = new URL(created.location!, TEST_ORIGIN).searchParams.get("id")!;
    await run(() =>
      action({
        request: uploadRequest(
          { id },
          [1, 2].map((n) => ({ name: `${n}.png`, type: "image/png", bytes: PNG_OF[n]! })),
          vendor.cookie,
        ),
        params: {},
        context: {},
      }),
    );
    const db = await getDb();
    const tokensOf = async () =>
      new Set((await db.selectFrom("uploads").select("key").where("vendor_id", "=", vendor.vendorId).execute()).map((u) => u.key.slice(0, 22)));
    const storedFor = async (tokens: Set<string>) => (await getStore().list()).filter((k) => tokens.has(k.slice(0, 22)));
    const all = await tokensOf();
    expect(await storedFor(all)).toHaveLength(10);
    const media = await db.selectFrom("service_media").select(["id", "path"]).where("service_id", "=", Number(id)).orderBy("id").execute();
    expect((await post({ intent: "remove-media", id, mediaId: String(media[0]!.id) }, vendor.cookie)).status).toBe(303);
    expect(await storedFor(all)).toHaveLength(5);
    const deleted = await run(() =>
      listAction({ request: formRequest("/vendor/services", { intent: "delete", id }, { cookie: vendor.cookie }), params: {}, context: {} }),
    );
    expect(deleted.status).toBe(303);
    expect(await storedFor(all)).toEqual([]);
    expect(await tokensOf()).toEqual(new Set());
  });

  test("Pricing refuses a promo price above the actual price; Submit sends a complete draft to Pending", async () => {
    const { cookie } = await demoVendor();
    const id = await completeDraft(cookie);
    const bad = await post(
      { intent: "pricing", id: String(id), price: "30000", promo_price: "35000", service_type: ["home", "salon"], then: "submit" },
      cookie,
    );
    expect(bad.status).toBe(400);
    expect(bad.data.result.error.promo_price).toEqual(["The promo price can't be above the actual price"]);
    expect((await serviceRow(id)).status).toBe("draft");

    const sent = await post(
      {
        intent: "pricing",
        id: String(id),
        price: "30000",
        promo_price: "27500",
        recommendations: "Come with washed hair.",
        service_type: ["home", "salon"],
        then: "submit",
      },
      cookie,
    );
    expect(sent.location).toBe("/vendor/services?tab=pending");
    expect(await serviceRow(id)).toMatchObject({
      status: "pending",
      price_kobo: 3_000_000,
      promo_price_kobo: 2_750_000,
      service_type: "both",
      recommendations: "Come with washed hair.",
    });
    const pending = await run(() => listLoader({ request: getRequest("/vendor/services?tab=pending", { cookie }), params: {}, context: {} }));
    expect(pending.data.items.map((s: { id: number }) => s.id)).toContain(id);
  });

  test("an incomplete draft is not submitted: the vendor is sent to what is missing", async () => {
    const { cookie } = await demoVendor();
    const created = await post({ ...overview("locs"), category_id: await womenCategoryId() }, cookie);
    const id = new URL(created.location!, TEST_ORIGIN).searchParams.get("id")!;
    const result = await run(() => listAction({ request: formRequest("/vendor/services", { intent: "submit", id }, { cookie }), params: {}, context: {} }));
    expect(result.location).toBe(`/vendor/services/create?id=${id}&tab=about`);
    expect((await serviceRow(Number(id))).status).toBe("draft");
  });

  test("an admin approves a pending service (Active, shown to customers) or returns one with a reason", async () => {
    const { cookie } = await demoVendor();
    const first = await completeDraft(cookie, "Goddess Locs (approve)");
    const second = await completeDraft(cookie, "Goddess Locs (return)");
    for (const id of [first, second])
      await run(() => listAction({ request: formRequest("/vendor/services", { intent: "submit", id: String(id) }, { cookie }), params: {}, context: {} }));

    const vendorTries = await run(() =>
      adminAction({ request: formRequest("/admin/services", { intent: "approve", id: String(first) }, { cookie }), params: {}, context: {} }),
    );
    expect(vendorTries.status).toBe(403);
    const customer = await cookieFor("customer@example.com");
    expect((await run(() => adminLoader({ request: getRequest("/admin/services", { cookie: customer }), params: {}, context: {} }))).status).toBe(403);

    const admin = await cookieFor("admin@example.com");
    const queue = await run(() => adminLoader({ request: getRequest("/admin/services", { cookie: admin }), params: {}, context: {} }));
    expect(queue.data.services.map((s: { id: number }) => s.id)).toEqual(expect.arrayContaining([first, second]));

    expect(
      (
        await run(() =>
          adminAction({ request: formRequest("/admin/services", { intent: "approve", id: String(first) }, { cookie: admin }), params: {}, context: {} }),
        )
      ).status,
    ).toBe(303);
    expect((await serviceRow(first)).status).toBe("active");
    const active = await run(() => listLoader({ request: getRequest("/vendor/services?tab=active", { cookie }), params: {}, context: {} }));
    expect(active.data.items.map((s: { id: number }) => s.id)).toContain(first);

    const noReason = await run(() =>
      adminAction({
        request: formRequest("/admin/services", { intent: "return", id: String(second), reason: "" }, { cookie: admin }),
        params: {},
        context: {},
      }),
    );
    expect(noReason.status).toBe(303);
    expect((await serviceRow(second)).status).toBe("pending");
    await run(() =>
      adminAction({
        request: formRequest("/admin/services", { intent: "return", id: String(second), reason: "Please add a clearer photo." }, { cookie: admin }),
        params: {},
        context: {},
      }),
    );
    expect(await serviceRow(second)).toMatchObject({ status: "draft", status_reason: "Please add a clearer photo." });
    // The vendor was e-mailed each decision, with the reason for the return.
    const mails = await (
      await getDb()
    )
      .selectFrom("outbox")
      .select(["subject", "text"])
      .where("to_address", "=", "vendor@example.com")
      .where("subject", "in", ["Approved: Goddess Locs (approve) is live on Glow", "Returned: Goddess Locs (return) needs a change"])
      .orderBy("id")
      .execute();
    expect(mails.map((m) => m.subject)).toEqual(["Approved: Goddess Locs (approve) is live on Glow", "Returned: Goddess Locs (return) needs a change"]);
    expect(mails[1]!.text).toContain("Please add a clearer photo.");
    expect(mails[1]!.text).toContain(`/vendor/services/create?id=${second}`);
    // Approving it now is refused: it is not waiting for review.
    await run(() =>
      adminAction({ request: formRequest("/admin/services", { intent: "approve", id: String(second) }, { cookie: admin }), params: {}, context: {} }),
    );
    expect((await serviceRow(second)).status).toBe("draft");
  });

  test("pause, resume, reopen as draft and delete a draft, each only from the right state", async () => {
    const { cookie } = await demoVendor();
    const db = await getDb();
    const active = await db
      .selectFrom("services")
      .innerJoin("vendors", "vendors.id", "services.vendor_id")
      .select("services.id")
      .where("vendors.slug", "=", "demo-vendor")
      .where("services.status", "=", "active")
      .executeTakeFirstOrThrow();
    const act = (intent: string, id: number) =>
      run(() => listAction({ request: formRequest("/vendor/services", { intent, id: String(id) }, { cookie }), params: {}, context: {} }));
    expect((await act("resume", active.id)).location).toBe("/vendor/services?tab=active");
    expect((await serviceRow(active.id)).status).toBe("active");
    expect((await act("pause", active.id)).location).toBe("/vendor/services?tab=paused");
    expect((await serviceRow(active.id)).status).toBe("paused");
    expect((await act("delete", active.id)).location).toBe("/vendor/services?tab=draft");
    expect((await serviceRow(active.id)).status).toBe("paused");
    expect((await act("resume", active.id)).location).toBe("/vendor/services?tab=active");
    expect((await act("reopen", active.id)).location).toBe(`/vendor/services/create?id=${active.id}&tab=overview`);
    expect((await serviceRow(active.id)).status).toBe("draft");

    const draft = await completeDraft(cookie, "To delete");
    expect((await act("delete", draft)).location).toBe("/vendor/services?tab=draft");
    expect(await db.selectFrom("services").select("id").where("id", "=", draft).executeTakeFirst()).toBeUndefined();
  });

  test("editing a live service changes a copy: the live one stays on the site as approved until Glow approves the changes", async () => {
    const { cookie } = await demoVendor();
    const live = await completeDraft(cookie, "Live Locs");
    const list = (intent: string, id: number) =>
      run(() => listAction({ request: formRequest("/vendor/services", { intent, id: String(id) }, { cookie }), params: {}, context: {} }));
    await list("submit", live);
    const admin = await cookieFor("admin@example.com");
    const approve = (id: number) =>
      run(() => adminAction({ request: formRequest("/admin/services", { intent: "approve", id: String(id) }, { cookie: admin }), params: {}, context: {} }));
    await approve(live);
    expect(await serviceRow(live)).toMatchObject({ status: "active", title: "Live Locs" });

    const revised = await list("revise", live);
    expect(revised.status).toBe(303);
    const copy = Number(new URL(revised.location!, TEST_ORIGIN).searchParams.get("id"));
    expect(copy).not.toBe(live);
    expect(await serviceRow(copy)).toMatchObject({ status: "draft", revision_of: live, title: "Live Locs", price_kobo: 3_000_000 });
    // The same copy again, not a second one.
    expect((await list("revise", live)).location).toBe(revised.location);

    const renamed = await post({ ...overview("locs, goddess"), id: String(copy), title: "Live Locs, longer", category_id: await womenCategoryId() }, cookie);
    expect(renamed.status).toBe(303);
    await post({ intent: "pricing", id: String(copy), price: "35000", service_type: ["salon"], then: "save" }, cookie);
    await list("submit", copy);
    // Under review: the live service is unchanged and still active.
    expect(await serviceRow(live)).toMatchObject({ status: "active", title: "Live Locs", price_kobo: 3_000_000 });
    expect(await serviceRow(copy)).toMatchObject({ status: "pending" });

    expect((await approve(copy)).status).toBe(303);
    expect(await serviceRow(live)).toMatchObject({ status: "active", title: "Live Locs, longer", price_kobo: 3_500_000, revision_of: null });
    expect(await (await getDb()).selectFrom("services").select("id").where("id", "=", copy).executeTakeFirst()).toBeUndefined();
    const photos = await (await getDb()).selectFrom("service_media").select("path").where("service_id", "=", live).execute();
    expect(photos).toHaveLength(1);
    const mail = await (
      await getDb()
    )
      .selectFrom("outbox")
      .select("text")
      .where("subject", "=", "Approved: Live Locs, longer is live on Glow")
      .executeTakeFirstOrThrow();
    expect(mail.text).toContain(`/details/${live}`);

    // Someone else's service, or a draft, cannot be revised.
    const draft = await completeDraft(cookie, "Only a draft");
    expect((await list("revise", draft)).status).toBe(404);
    const other = await createVendor("revise");
    expect(
      (
        await run(() =>
          listAction({ request: formRequest("/vendor/services", { intent: "revise", id: String(live) }, { cookie: other.cookie }), params: {}, context: {} }),
        )
      ).status,
    ).toBe(404);
  });

  test("a second vendor reaches none of the first vendor's services, by link or forged POST", async () => {
    const owner = await demoVendor();
    const id = await completeDraft(owner.cookie, "Mine only");
    const other = await createVendor("services");
    const before = await serviceRow(id);
    expect(
      (await run(() => loader({ request: getRequest(`/vendor/services/create?id=${id}`, { cookie: other.cookie }), params: {}, context: {} }))).status,
    ).toBe(404);
    expect((await post({ ...overview("x"), id: String(id), category_id: await womenCategoryId(), title: "Stolen" }, other.cookie)).status).toBe(404);
    expect((await post({ intent: "about", id: String(id), about: "Stolen stolen stolen stolen." }, other.cookie)).status).toBe(404);
    expect((await post({ intent: "pricing", id: String(id), price: "1", service_type: ["home"] }, other.cookie)).status).toBe(404);
    const media = await (await getDb()).selectFrom("service_media").select("id").where("service_id", "=", id).executeTakeFirstOrThrow();
    expect((await post({ intent: "remove-media", id: String(id), mediaId: String(media.id) }, other.cookie)).status).toBe(404);
    const upload = await run(() =>
      action({ request: uploadRequest({ id: String(id) }, [{ name: "x.png", type: "image/png", bytes: PNG }], other.cookie), params: {}, context: {} }),
    );
    expect(upload.status).toBe(404);
    for (const intent of ["submit", "pause", "resume", "reopen", "delete"]) {
      const r = await run(() =>
        listAction({ request: formRequest("/vendor/services", { intent, id: String(id) }, { cookie: other.cookie }), params: {}, context: {} }),
      );
      expect(r.status, intent).toBe(404);
    }
    expect(await serviceRow(id)).toEqual(before);
    const db = await getDb();
    expect(await db.selectFrom("service_media").select("id").where("service_id", "=", id).execute()).toHaveLength(1);
    expect(await db.selectFrom("uploads").select("key").where("vendor_id", "=", other.vendorId).execute()).toEqual([]);
  });

  test("a customer gets 403 on the services pages and actions", async () => {
    const cookie = await cookieFor("customer@example.com");
    expect((await run(() => listLoader({ request: getRequest("/vendor/services", { cookie }), params: {}, context: {} }))).status).toBe(403);
    expect((await run(() => loader({ request: getRequest("/vendor/services/create", { cookie }), params: {}, context: {} }))).status).toBe(403);
    expect((await post({ ...overview("x"), category_id: "1" }, cookie)).status).toBe(403);
    expect(
      (await run(() => listAction({ request: formRequest("/vendor/services", { intent: "pause", id: "1" }, { cookie }), params: {}, context: {} }))).status,
    ).toBe(403);
  });
});
