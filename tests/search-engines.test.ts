import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { sitemapFiles, sitemapPart } from "~/models/catalogue/sitemap.server";
import { loader as robots } from "~/routes/robots[.txt]";
import { loader as sitemapIndex } from "~/routes/sitemap[.xml]";
import { loader as sitemapFile } from "~/routes/sitemaps.$file";
import { loader as preview } from "~/routes/og.$kind.$id";
import { escapeXml } from "~/utils/xml";
import { getEnv } from "~/utils/env.server";
import { loader as detailLoader } from "~/routes/details.$id/route";
import { getRequest } from "./request";
import { outcome } from "./loader";
import { featuredService, vendorBySlug } from "./booking";

// What search engines and link previews read: robots.txt, the sitemap index and its files, the preview pictures.

const get = async (fn: () => Promise<Response> | Response) => {
  const response = await fn();
  return { status: response.status, type: response.headers.get("Content-Type"), text: await response.clone().text(), response };
};
const robotsTxt = () => get(() => robots({ request: getRequest("/robots.txt"), params: {}, context: {} }));
const index = () => get(() => sitemapIndex({ request: getRequest("/sitemap.xml"), params: {}, context: {} }));
const file = (name: string) => get(() => sitemapFile({ request: getRequest(`/sitemaps/${name}`), params: { file: name }, context: {} }));

/** A whole document of the sitemaps protocol as we write it: nothing but these elements, text escaped. */
const TEXT = "(?:[^<>&]|&(?:amp|lt|gt|quot|apos);)*";
const LASTMOD = "(?:<lastmod>\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(?:\\.\\d+)?Z</lastmod>)?";
const wellFormed = (root: "urlset" | "sitemapindex", item: "url" | "sitemap") =>
  new RegExp(
    `^<\\?xml version="1\\.0" encoding="UTF-8"\\?>\\n<${root} xmlns="http://www\\.sitemaps\\.org/schemas/sitemap/0\\.9">\\n(?:<${item}><loc>${TEXT}</loc>${LASTMOD}</${item}>\\n)*</${root}>\\n$`,
  );
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

describe("robots.txt", () => {
  test("is plain text that allows the catalogue, keeps robots out of accounts, dashboards and payments, and names the sitemap", async () => {
    const r = await robotsTxt();
    expect(r.status).toBe(200);
    expect(r.type).toBe("text/plain; charset=utf-8");
    expect(r.text).not.toContain("<");
    const lines = r.text.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/admin", "/vendor", "/user", "/booking", "/payment", "/pay/", "/messages", "/favorites", "/login"])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines.some((l) => /^Disallow: \/(details|profile|submenu|main)/.test(l))).toBe(false);
    expect(lines).toContain(`Sitemap: ${getEnv().APP_URL}/sitemap.xml`);
  });
});

describe("the sitemap", () => {
  test("the index names one file per kind, each answering, as well-formed XML with lastmod", async () => {
    const r = await index();
    expect(r.status).toBe(200);
    expect(r.type).toBe("application/xml; charset=utf-8");
    expect(r.text).toMatch(wellFormed("sitemapindex", "sitemap"));
    const files = locs(r.text);
    expect(files).toEqual([
      `${getEnv().APP_URL}/sitemaps/categories-1.xml`,
      `${getEnv().APP_URL}/sitemaps/vendors-1.xml`,
      `${getEnv().APP_URL}/sitemaps/services-1.xml`,
    ]);
    expect(r.text.match(/<lastmod>/g)).toHaveLength(3);
    for (const loc of files) {
      const name = loc.split("/").at(-1)!;
      const part = await file(name);
      expect(part.status, name).toBe(200);
      expect(part.text, name).toMatch(wellFormed("urlset", "url"));
    }
  });

  test("lists every active service with its lastmod, and no paused, draft or pending one (whose page answers 404)", async () => {
    const db = await getDb();
    const active = await db.selectFrom("services").select(["id", "updated_at"]).where("status", "=", "active").execute();
    const hidden = await db.selectFrom("services").select(["id", "status"]).where("status", "!=", "active").execute();
    expect(new Set(hidden.map((h) => h.status))).toEqual(new Set(["paused", "draft", "pending"]));
    const xml = (await file("services-1.xml")).text;
    const listed = locs(xml);
    expect(listed).toHaveLength(active.length);
    const site = getEnv().APP_URL;
    for (const s of active.slice(0, 20)) expect(xml).toContain(`<url><loc>${site}/details/${s.id}</loc><lastmod>${s.updated_at}</lastmod></url>`);
    for (const h of hidden) {
      expect(listed).not.toContain(`${site}/details/${h.id}`);
      const page = await outcome(() => detailLoader({ request: getRequest(`/details/${h.id}`), params: { id: String(h.id) }, context: {} }));
      expect(page.status, h.status).toBe(404);
    }
  });

  test("lists vendors with an active service, and the category pages with the newest change of their services", async () => {
    const site = getEnv().APP_URL;
    const demo = await vendorBySlug();
    const vendors = locs((await file("vendors-1.xml")).text);
    expect(vendors).toContain(`${site}/profile/vendor/${demo.id}`);
    const db = await getDb();
    const withoutActive = await db
      .selectFrom("vendors as v")
      .select("v.id")
      .where((eb) => eb.not(eb.exists(eb.selectFrom("services as s").select("s.id").whereRef("s.vendor_id", "=", "v.id").where("s.status", "=", "active"))))
      .execute();
    for (const v of withoutActive) expect(vendors).not.toContain(`${site}/profile/vendor/${v.id}`);
    const categories = locs((await file("categories-1.xml")).text);
    expect(categories.slice(0, 4)).toEqual([`${site}/`, `${site}/badges`, `${site}/main/men`, `${site}/main/women`]);
    expect(categories).toContain(`${site}/submenu/spa`);
  });

  test("pausing a service takes it out of the sitemap", async () => {
    const db = await getDb();
    const { id } = await featuredService();
    const site = getEnv().APP_URL;
    expect(locs((await file("services-1.xml")).text)).toContain(`${site}/details/${id}`);
    await db.updateTable("services").set({ status: "paused" }).where("id", "=", id).execute();
    expect(locs((await file("services-1.xml")).text)).not.toContain(`${site}/details/${id}`);
  });

  test("each file holds at most its limit, split into parts the index names; a part past the end is a 404", async () => {
    const db = await getDb();
    const count = Number(
      (
        await db
          .selectFrom("services")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("status", "=", "active")
          .executeTakeFirstOrThrow()
      ).n,
    );
    const perFile = 7;
    const files = (await sitemapFiles(perFile)).filter((f) => f.kind === "services");
    expect(files).toHaveLength(Math.ceil(count / perFile));
    const parts = await Promise.all(files.map((f) => sitemapPart("services", f.part, perFile)));
    expect(parts.every((p) => p !== null && p.length <= perFile)).toBe(true);
    expect(parts.flatMap((p) => p!.map((e) => e.path))).toHaveLength(count);
    expect(await sitemapPart("services", files.length + 1, perFile)).toBeNull();
    for (const name of ["services-2.xml", "services-0.xml", "vendors.xml", "../robots.txt", "services-1.xml.gz", "users-1.xml"]) {
      expect((await file(name)).status, name).toBe(404);
    }
  });

  test("XML text is escaped, and characters XML cannot carry are dropped", () => {
    expect(escapeXml(`a&b <c> "d" 'e'\u0000\u0008</script>`)).toBe("a&amp;b &lt;c&gt; &quot;d&quot; &apos;e&apos;&lt;/script&gt;");
  });
});

describe("link preview pictures", () => {
  const og = (kind: string, id: string) => get(() => preview({ request: getRequest(`/og/${kind}/${id}`), params: { kind, id }, context: {} }));

  test("a vendor's, a service's and the branded picture are 1200x630 JPEGs", async () => {
    const sharp = (await import("sharp")).default;
    const vendor = await vendorBySlug();
    const service = await featuredService();
    for (const [kind, id] of [
      ["vendor", String(vendor.id)],
      ["service", String(service.id)],
      ["site", "glow"],
    ] as const) {
      const r = await og(kind, id);
      expect(r.status, kind).toBe(200);
      expect(r.type).toBe("image/jpeg");
      const meta = await sharp(Buffer.from(await r.response.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height], kind).toEqual(["jpeg", 1200, 630]);
    }
  });

  test("anything else named is a 404", async () => {
    for (const [kind, id] of [
      ["user", "1"],
      ["vendor", "0"],
      ["vendor", "abc"],
      ["service", "1".repeat(20)],
      ["site", "other"],
    ]) {
      expect((await og(kind!, id!)).status, `${kind}/${id}`).toBe(404);
    }
  });
});
