import { type IncomingFile, sniff, storeUploads } from "~/models/media/uploads.server";

// A team member's photo (docs/domain.md, "The team"): one picture, through the gallery's pipeline
// (models/media/uploads.server.ts: its type from the first bytes, its size and pixel limits, re-encoded as WebP
// widths and a JPEG, no metadata kept). A video is no photo of a person: refused with the gallery's kind of sentence.

export type MemberPhoto = { ok: true; path: string } | { ok: false; problems: string[] };

/** Stores the file as the vendor's upload and returns its served path, or the sentences that refuse it (nothing stored). */
export async function storeMemberPhoto(vendorId: number, file: IncomingFile): Promise<MemberPhoto> {
  if (sniff(file.head.subarray(0, 16))?.kind === "video") return { ok: false, problems: [`${file.name} is not a JPEG, PNG, WebP or GIF picture`] };
  const stored = await storeUploads(vendorId, [file]);
  if (stored.problems.length > 0 || !stored.saved[0]) return { ok: false, problems: stored.problems };
  return { ok: true, path: stored.saved[0].path };
}
