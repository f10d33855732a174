import type { LoaderFunctionArgs } from "@remix-run/node";
import { SITEMAP_KINDS, sitemapPart, type SitemapKind } from "~/models/catalogue/sitemap.server";
import { siteUrl } from "~/root.server";
import { escapeXml } from "~/utils/xml";
import { xmlHeaders } from "./sitemap[.xml]";

// GET /sitemaps/{vendors|services|categories}-{part}.xml: one file of the sitemap index (at most 50,000 addresses).

const FILE = /^(vendors|services|categories)-([1-9]\d{0,4})\.xml$/;

export async function loader({ params }: LoaderFunctionArgs) {
  const match = FILE.exec(params.file ?? "");
  const kind = match && SITEMAP_KINDS.find((k) => k === match[1]);
  const entries = kind ? await sitemapPart(kind as SitemapKind, Number(match[2])) : null;
  if (!entries) return new Response("No such sitemap.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const site = siteUrl();
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map((e) => `<url><loc>${escapeXml(`${site}${e.path}`)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ""}</url>`),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, { headers: xmlHeaders });
}
