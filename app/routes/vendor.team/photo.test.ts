import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { loader as detailsLoader } from "~/routes/details.$id/route";
import { featuredService, vendorBySlug } from "../../../tests/booking";
import { cookieFor, get, run } from "../../../tests/booking-routes";
import { phoneJpeg } from "../../../tests/photos";
import { TEST_ORIGIN } from "../../../tests/request";
import { addStylist } from "../../../tests/team";
import { createVendor } from "../../../tests/vendor";
import { action, loader } from "./route";

// A member's photo on /vendor/team through the page's multipart form: stored by the gallery's pipeline (WebP widths
// and a JPEG), replaced and removed with its files deleted; a bad file is refused with the gallery's sentence and
// changes nothing; the service page's picker shows it.

type Answer = { errors: Record<string, string[]> };
type Page = { team: { id: number; name: string; photo: string | null }[] };

function send(cookie: string, fields: Record<string, string>, photo?: { name: string; type: string; bytes: Uint8Array }) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (photo) body.append("photo", new File([new Uint8Array(photo.bytes)], photo.name, { type: photo.type }));
  const request = new Request(`${TEST_ORIGIN}/vendor/team`, { method: "POST", body, headers: { Origin: TEST_ORIGIN, Cookie: cookie } });
  return run<Answer>(action, request);
}

async function uploadRows() {
  const db = await getDb();
  return (
    await db
      .selectFrom("uploads")
      .select(({ fn }) => fn.countAll<string | number>().as("n"))
      .executeTakeFirstOrThrow()
  ).n;
}

async function objectsOf(path: string) {
  const db = await getDb();
  return db.selectFrom("upload_objects").select("key").where("upload_key", "=", path.slice("/uploads/".length)).execute();
}

const teamOf = async (cookie: string) => (await run<Page>(loader, get("/vendor/team", cookie))).body.team;

describe(`a member's photo on /vendor/team (${getDialect()})`, () => {
  test("added with the member, shown in the service page's picker, replaced and removed with its files deleted", async () => {
    const v = await vendorBySlug();
    const cookie = await cookieFor(v.email);
    const service = await featuredService();
    const jpeg = await phoneJpeg({ width: 800, height: 600 });
    const added = await send(
      cookie,
      { intent: "save", member: "new", name: "Ada Photo", title: "Colourist", bookable: "on", hours: "salon", [`svc_${service.id}`]: "on" },
      { name: "ada.jpg", type: "image/jpeg", bytes: jpeg },
    );
    expect(added.status).toBe(303);
    const ada = (await teamOf(cookie)).find((m) => m.name === "Ada Photo")!;
    expect(ada.photo).toMatch(/^\/uploads\/[\w-]{22}-640\.jpg$/);
    // The gallery's widths: WebPs and the JPEG, no original kept.
    expect((await objectsOf(ada.photo!)).map((o) => o.key.replace(/^[\w-]{22}/, ""))).toEqual(expect.arrayContaining(["-320.webp", "-640.webp", "-640.jpg"]));

    const details = await run<{ members: { name: string; photo: string | null }[] }>(detailsLoader, get(`/details/${service.id}`), { id: String(service.id) });
    expect(details.body.members).toContainEqual(expect.objectContaining({ name: "Ada Photo", photo: ada.photo }));

    // Saved without a file, the photo stays; a new file replaces it and the old one's files go.
    expect((await send(cookie, { intent: "save", member: String(ada.id), name: "Ada Photo", hours: "salon", [`svc_${service.id}`]: "on" })).status).toBe(303);
    expect((await teamOf(cookie)).find((m) => m.id === ada.id)!.photo).toBe(ada.photo);
    const replaced = await send(
      cookie,
      { intent: "save", member: String(ada.id), name: "Ada Photo", hours: "salon", [`svc_${service.id}`]: "on" },
      { name: "new.jpg", type: "image/jpeg", bytes: await phoneJpeg({ width: 600, height: 600 }) },
    );
    expect(replaced.status).toBe(303);
    const second = (await teamOf(cookie)).find((m) => m.id === ada.id)!.photo!;
    expect(second).not.toBe(ada.photo);
    expect(await objectsOf(ada.photo!)).toEqual([]);

    const removed = await send(cookie, { intent: "save", member: String(ada.id), name: "Ada Photo", hours: "salon", remove_photo: "on" });
    expect(removed.status).toBe(303);
    expect((await teamOf(cookie)).find((m) => m.id === ada.id)!.photo).toBeNull();
    expect(await objectsOf(second)).toEqual([]);
  });

  test("a file that is not a picture, a video, or one over 5 MB: the gallery's 4xx sentence, nothing stored or changed", async () => {
    const v = await createVendor("team-photo");
    const memberId = await addStylist(v.vendorId, "Bisi Nophoto", []);
    const before = await teamOf(v.cookie);
    const uploads = await uploadRows();
    const fields = { intent: "save", member: String(memberId), name: "Bisi Renamed", hours: "salon" };

    const text = await send(v.cookie, fields, { name: "notes.txt", type: "text/plain", bytes: Buffer.from("not a picture at all") });
    expect(text.status).toBe(422);
    expect(text.body.errors.photo).toEqual(["notes.txt is not a JPEG, PNG, WebP, GIF, MP4 or WebM file"]);

    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypmp42"), Buffer.alloc(64)]);
    const video = await send(v.cookie, fields, { name: "clip.mp4", type: "video/mp4", bytes: mp4 });
    expect(video.status).toBe(422);
    expect(video.body.errors.photo).toEqual(["clip.mp4 is not a JPEG, PNG, WebP or GIF picture"]);

    const jpegHead = await phoneJpeg({ width: 400, height: 400 });
    const big = Buffer.concat([jpegHead, Buffer.alloc(5 * 1024 * 1024 + 1 - jpegHead.length + 10)]);
    const tooLarge = await send(v.cookie, fields, { name: "huge.jpg", type: "image/jpeg", bytes: big });
    expect(tooLarge.status).toBe(422);
    expect(tooLarge.body.errors.photo).toEqual(["huge.jpg is larger than 5 MB"]);

    // A valid photo with a form that is not valid: the form's 400, and the photo is not stored.
    const noName = await send(v.cookie, { ...fields, name: "" }, { name: "ok.jpg", type: "image/jpeg", bytes: jpegHead });
    expect(noName.status).toBe(400);
    expect(noName.body.errors.name).toEqual(["Please enter the member's name."]);

    expect(await teamOf(v.cookie)).toEqual(before);
    expect(await uploadRows()).toBe(uploads);
  });

  test("another salon's member with a photo is not found, and the photo is not kept", async () => {
    const v = await createVendor("team-photo-thief");
    const other = await createVendor("team-photo-owner");
    const theirs = await addStylist(other.vendorId, "Not Yours", []);
    const uploads = await uploadRows();
    const answer = await send(
      v.cookie,
      { intent: "save", member: String(theirs), name: "Taken", hours: "salon" },
      { name: "me.jpg", type: "image/jpeg", bytes: await phoneJpeg({ width: 400, height: 400 }) },
    );
    expect(answer.status).toBe(404);
    expect(answer.body.errors[""]).toEqual(["We couldn't find that team member."]);
    expect(await uploadRows()).toBe(uploads);
  });
});
