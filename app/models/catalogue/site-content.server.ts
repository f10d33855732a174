import { getDb } from "~/db/db.server";
import type { CollageData, ImageTextData, PopularCategoryData } from "~/data/types";
import { lagosYear } from "~/utils/time";

// The shell's data (sub-menu items, footer columns) changes only when an editor changes content, yet every
// page needs it: the loaders keep it in memory as shared data (getShellData in app/root.server.ts).

export interface SubmenuItem {
  id: number;
  title: string;
  url: string;
}

export interface FooterColumn {
  heading: string;
  links: { text: string; href: string }[];
}

export interface ShellData {
  submenu: SubmenuItem[];
  footerColumns: FooterColumn[];
  /** The footer's year, in Lagos (computed here so the browser bundle needs no date library). */
  year: number;
}

export async function loadShellData(): Promise<ShellData> {
  const db = await getDb();
  const [categories, footer] = await Promise.all([
    db.selectFrom("categories").select(["id", "title", "slug"]).orderBy("sort").execute(),
    getContentBlock<FooterColumn[]>("footerColumns"),
  ]);
  return {
    submenu: categories.map((c) => ({ id: c.id, title: c.title, url: c.slug })),
    footerColumns: footer ?? [],
    year: lagosYear(),
  };
}

export async function getContentBlock<T>(key: string): Promise<T | undefined> {
  const db = await getDb();
  const row = await db.selectFrom("content_blocks").select("data").where("key", "=", key).executeTakeFirst();
  return row ? (JSON.parse(row.data) as T) : undefined;
}

/** The home page's editorial blocks, in one query. Missing blocks come back as empty lists. */
export interface HomeBlocks {
  popularSearches: string[];
  categoryTags: { text: string; href: string }[];
  popularCategories: PopularCategoryData[];
  serviceIcons: ImageTextData[];
  trending: CollageData[];
  picks: CollageData[];
}

const HOME_BLOCKS: (keyof HomeBlocks)[] = ["popularSearches", "categoryTags", "popularCategories", "serviceIcons", "trending", "picks"];

export async function getHomeBlocks(): Promise<HomeBlocks> {
  const db = await getDb();
  const rows = await db.selectFrom("content_blocks").select(["key", "data"]).where("key", "in", HOME_BLOCKS).execute();
  const found = new Map(rows.map((r) => [r.key, JSON.parse(r.data) as unknown]));
  return Object.fromEntries(HOME_BLOCKS.map((key) => [key, found.get(key) ?? []])) as unknown as HomeBlocks;
}
