import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { loader as publicLoader } from "~/routes/profile.vendor.$id/route";
import { getRequest, TEST_ORIGIN } from "../../../tests/request";
import { createVendor, run } from "../../../tests/vendor";
import { action, loader } from "./route";

// A 1x1 PNG: a real image whose first bytes say so.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

function save(fields: Record<string, string>, files: { field: string; name: string; type: string; bytes: Buffer }[], cookie: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const f of files) body.append(f.field, new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
  const request = new Request(`${TEST_ORIGIN}/vendor/public-profile`, { method: "POST", body, headers: { Origin: TEST_ORIGIN, Cookie: cookie } });
  return run(() => action({ request, params: {}, context: {} }));
}

const vendorRow = async (id: number) =>
  (await getDb()).selectFrom("vendors").select(["business_name", "about", "tags", "image", "banner"]).where("id", "=", id).executeTakeFirstOrThrow();

describe(`/vendor/public-profile (${getDialect()})`, () => {
  test("the vendor changes the business name, About, tags, photo and banner, and the public profile shows them", async () => {
    const v = await createVendor("shopwindow");
    const page = await run<{ profile: { businessName: string } }>(() =>
      loader({ request: getRequest("/vendor/public-profile", { cookie: v.cookie }), params: {}, context: {} }),
    );
    expect(page.data?.profile.businessName).toBe("shopwindow Studio");

    const saved = await save(
      { business_name: "Adaeze Braids & Beauty", about: "Knotless braids and natural hair care in Yaba.", tags: "Braids, Natural hair , Bridal" },
      [
        { field: "photo", name: "me.png", type: "image/png", bytes: PNG },
        { field: "banner", name: "banner.png", type: "image/png", bytes: PNG },
      ],
      v.cookie,
    );
    expect(saved.status).toBe(303);
    const row = await vendorRow(v.vendorId);
    expect(row).toMatchObject({ business_name: "Adaeze Braids & Beauty", about: "Knotless braids and natural hair care in Yaba." });
    expect(JSON.parse(row.tags)).toEqual(["Braids", "Natural hair", "Bridal"]);
    expect(row.image).toMatch(/^\/uploads\/[\w-]{22}-\d+\.jpg$/);
    expect(row.banner).toMatch(/^\/uploads\/[\w-]{22}-\d+\.jpg$/);
    expect(row.image).not.toBe(row.banner);

    const shown = await run<{ vendor: { name: string; about: string; tags: string[]; image: string; banner: string } }>(() =>
      publicLoader({ request: getRequest(`/profile/vendor/${v.vendorId}`), params: { id: String(v.vendorId) }, context: {} }),
    );
    expect(JSON.stringify(shown.data)).toContain("Adaeze Braids & Beauty");
    expect(JSON.stringify(shown.data)).toContain(row.image);

    // Without new files, the photo and banner stay.
    expect((await save({ business_name: "Adaeze Braids", about: "", tags: "" }, [], v.cookie)).status).toBe(303);
    expect(await vendorRow(v.vendorId)).toMatchObject({ business_name: "Adaeze Braids", image: row.image, banner: row.banner, tags: "[]" });
  });

  test("bad input is a 4xx with its message and changes nothing", async () => {
    const v = await createVendor("shopbad");
    const before = await vendorRow(v.vendorId);
    const noName = await save({ business_name: " ", about: "x", tags: "" }, [], v.cookie);
    expect(noName.status).toBe(400);
    expect((noName.data as { errors: Record<string, string[]> }).errors.business_name).toEqual(["Enter your business name"]);
    const manyTags = await save({ business_name: "Shop", tags: "a, b, c, d, e, f" }, [], v.cookie);
    expect((manyTags.data as { errors: Record<string, string[]> }).errors.tags).toEqual(["At most 5 tags, separated by commas"]);
    const notAPicture = await save(
      { business_name: "Shop" },
      [{ field: "photo", name: "notes.txt", type: "text/plain", bytes: Buffer.from("hello") }],
      v.cookie,
    );
    expect(notAPicture.status).toBe(422);
    expect(await vendorRow(v.vendorId)).toEqual(before);
  });
});
