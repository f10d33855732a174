import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapFiles } from "~/models/catalogue/sitemap.server";
import { siteUrl } from "~/root.server";
import { escapeXml } from "~/utils/xml";

// GET /sitemap.xml: the sitemap index, one entry per file of /sitemaps/{kind}-{part}.xml (models/catalogue/sitemap.server.ts).

export async function loader(_: LoaderFunctionArgs) {
  const site = siteUrl();
  const files = await sitemapFiles();
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...files.map(
      (f) =>
        `<sitemap><loc>${escapeXml(`${site}/sitemaps/${f.kind}-${f.part}.xml`)}</loc>${f.lastmod ? `<lastmod>${escapeXml(f.lastmod)}</lastmod>` : ""}</sitemap>`,
    ),
    "</sitemapindex>",
    "",
  ].join("\n");
  return new Response(body, { headers: xmlHeaders });
}

export const xmlHeaders = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600", "X-Content-Type-Options": "nosniff" };
