import { getDb } from "~/db/db.server";

// What a vendor shows customers on their public page (/profile/vendor/{id}) and on their cards: the business name,
// About, the photo, the banner and up to MAX_TAGS tags. The vendor edits them at /vendor/public-profile; the rest of
// the vendor's account (their own name, addresses, NIN) is the profile of vendor-account.server.ts.

export const MAX_TAGS = 5;

export interface PublicProfile {
  businessName: string;
  about: string;
  image: string;
  banner: string;
  tags: string[];
}

function tagsOf(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === "string").slice(0, MAX_TAGS) : [];
  } catch {
    return [];
  }
}

export async function getPublicProfile(vendorId: number): Promise<PublicProfile> {
  const db = await getDb();
  const v = await db.selectFrom("vendors").select(["business_name", "about", "image", "banner", "tags"]).where("id", "=", vendorId).executeTakeFirstOrThrow();
  return { businessName: v.business_name, about: v.about, image: v.image, banner: v.banner, tags: tagsOf(v.tags) };
}

/**
 * Saves the vendor's public profile; a new photo or banner (an upload's served path) replaces the old one. Returns
 * the paths replaced, for the caller to delete the files.
 */
export async function updatePublicProfile(
  vendorId: number,
  p: { businessName: string; about: string; tags: string[]; image?: string; banner?: string },
): Promise<string[]> {
  const db = await getDb();
  return db.transaction().execute(async (tx) => {
    const before = await tx.selectFrom("vendors").select(["image", "banner"]).where("id", "=", vendorId).executeTakeFirstOrThrow();
    await tx
      .updateTable("vendors")
      .set({
        business_name: p.businessName,
        about: p.about,
        tags: JSON.stringify(p.tags.slice(0, MAX_TAGS)),
        ...(p.image ? { image: p.image } : {}),
        ...(p.banner ? { banner: p.banner } : {}),
      })
      .where("id", "=", vendorId)
      .execute();
    return [p.image ? before.image : null, p.banner ? before.banner : null].filter((x): x is string => x !== null);
  });
}
