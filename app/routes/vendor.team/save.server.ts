import { type ReceivedFile, withMultipart } from "~/http/multipart.server";
import { discardUploads, IMAGE_MAX_BYTES, sniff } from "~/models/media/uploads.server";
import { addMember, updateMember, vendorServiceChoices } from "~/models/team/edit-team.server";
import { storeMemberPhoto } from "~/models/team/member-photo.server";
import { readForm } from "~/utils/http.server";
import { readId, readMemberForm } from "./schema";

// The member form of /vendor/team with its optional photo. That form is multipart (a file field, so it works without
// JavaScript); the page's other forms are not. A photo is stored only once the rest of the form is valid, and a
// photo replaced or removed has its files deleted once the member is saved (as the public profile's photo).

export interface TeamForm {
  form: FormData;
  photo: ReceivedFile | null;
}

/**
 * Reads either kind of form the page sends and hands it to `handle`; a multipart one may carry one photo (at most the
 * gallery's 5 MB kept), held in a temporary file that is deleted once `handle` is done.
 */
export async function withTeamForm<T>(request: Request, handle: (read: TeamForm) => Promise<T>): Promise<T> {
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) return handle({ form: await readForm(request), photo: null });
  const limits = {
    fileFields: ["photo"],
    maxFiles: 1,
    fileMaxBytes: IMAGE_MAX_BYTES,
    // Room for a file somewhat over the limit, so it is refused by name and size on the page rather than as a whole.
    requestMaxBytes: 2 * IMAGE_MAX_BYTES + 64_000,
    // A part that is not a picture or video is known by its first bytes: only those are kept.
    accepts: (head: Uint8Array) => sniff(head) !== null,
  };
  return withMultipart(request, limits, (read) => {
    const form = new FormData();
    for (const [name, value] of read.fields) {
      // No page sends a NUL character, and PostgreSQL cannot store one in text (as readForm refuses it).
      if (name.includes("\u0000") || value.includes("\u0000")) throw new Response("That form could not be read.", { status: 400 });
      form.set(name, value);
    }
    return handle({ form, photo: read.files.find((f) => f.size > 0) ?? null });
  });
}

export type Saved = { ok: true; memberId: number; name: string; added: boolean } | { ok: false; errors: Record<string, string[]>; status: number };

/** Adds or saves a member from the form; bad input (a refused photo included) changes nothing. */
export async function saveMember(vendorId: number, { form, photo }: TeamForm): Promise<Saved> {
  const services = await vendorServiceChoices(vendorId);
  const read = readMemberForm(
    form,
    services.map((s) => s.id),
  );
  if (!read.ok) return { ok: false, errors: read.errors, status: 400 };
  const adding = form.get("member") === "new";
  const memberId = adding ? null : readId(form, "member");
  if (!adding && !memberId) return { ok: false, errors: { "": ["We couldn't find that team member."] }, status: 404 };
  let path: string | null | undefined = form.get("remove_photo") ? null : undefined;
  if (photo) {
    const stored = await storeMemberPhoto(vendorId, photo);
    if (!stored.ok) return { ok: false, errors: { photo: stored.problems }, status: 422 };
    path = stored.path;
  }
  const input = { ...read.input, photo: path };
  try {
    if (adding) return { ok: true, memberId: await addMember(vendorId, input), name: input.name, added: true };
    const replaced = await updateMember(vendorId, memberId!, input);
    if (replaced) await discardUploads([replaced]);
    return { ok: true, memberId: memberId!, name: input.name, added: false };
  } catch (error) {
    // Refused (another vendor's member, hours that do not hold): the new photo goes too.
    if (typeof path === "string") await discardUploads([path]);
    throw error;
  }
}
