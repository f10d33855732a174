import { describe, expect, test } from "vitest";
import { getDb, getDialect } from "~/db/db.server";
import { closeBusiness } from "~/models/accounts/close-business.server";
import { findBookableService } from "~/models/booking/hold.server";
import { loader as detailLoader } from "~/routes/details.$id/route";
import { loader as vendorLoader } from "~/routes/profile.vendor.$id/route";
import { action as servicesAction } from "~/routes/vendor.services._index/route";
import { loader as sitemapFile } from "~/routes/sitemaps.$file";
import { formRequest, getRequest } from "./request";
import { outcome } from "./loader";
import { demoVendor, createVendor } from "./vendor";
import { serviceFor } from "./team";
import { startRevision } from "~/models/services/revisions.server";
import { listPendingServices } from "~/models/services/moderation.server";
import { listVendorServices } from "~/models/services/vendor-services.server";

// Gone for good (docs/domain.md, "Gone for good"): a retired service and a closed vendor answer 410 with similar
// services to book and leave the sitemap; what never existed, or is only paused, stays a 404.

const detail = (id: number) => outcome(() => detailLoader({ request: getRequest(`/details/${id}`), params: { id: String(id) }, context: {} }));
const profile = (id: number) => outcome(() => vendorLoader({ request: getRequest(`/profile/vendor/${id}`), params: { id: String(id) }, context: {} }));
const act = (intent: string, id: number, cookie: string) =>
  outcome(() => servicesAction({ request: formRequest("/vendor/services", { intent, id: String(id) }, { cookie }), params: {}, context: {} }));
const sitemap = async (kind: "services" | "vendors") => {
  const response = (await sitemapFile({ request: getRequest(`/sitemaps/${kind}-1.xml`), params: { file: `${kind}-1.xml` }, context: {} })) as Response;
  return response.text();
};

async function activeServiceOf(vendorId: number) {
  const db = await getDb();
  return db
    .selectFrom("services")
    .select(["id", "title"])
    .where("vendor_id", "=", vendorId)
    .where("status", "=", "active")
    .orderBy("id")
    .executeTakeFirstOrThrow();
}

describe(`a retired service is gone for good (${getDialect()})`, () => {
  test("changes waiting for review go with a service removed for good: off the admin's queue and the vendor's Pending tab", async () => {
    const vendor = await createVendor("reviser");
    const liveId = await serviceFor(vendor.vendorId, "Fade and lineup");
    const copyId = (await startRevision(vendor.vendorId, liveId))!;
    const db = await getDb();
    // Sent for review (the copy of a service without photos could not be sent from the page).
    await db.updateTable("services").set({ status: "pending" }).where("id", "=", copyId).execute();
    expect((await listPendingServices()).map((s) => s.id)).toContain(copyId);

    expect((await act("retire", liveId, vendor.cookie)).status).toBe(303);
    expect((await listPendingServices()).map((s) => s.id)).not.toContain(copyId);
    expect((await listVendorServices(vendor.vendorId, "pending")).items).toEqual([]);
    expect(await db.selectFrom("services").select("status").where("id", "in", [liveId, copyId]).orderBy("id").execute()).toEqual([
      { status: "retired" },
      { status: "retired" },
    ]);
  });

  test("the vendor removes it for good: its page answers 410 with similar services, it leaves the sitemap and cannot be booked", async () => {
    const vendor = await demoVendor();
    const service = await activeServiceOf(vendor.vendorId);
    expect(await sitemap("services")).toContain(`/details/${service.id}</loc>`);

    const done = await act("retire", service.id, vendor.cookie);
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/vendor/services?tab=active");

    const page = await detail(service.id);
    expect(page.status).toBe(410);
    expect(page.data.message).toBe(`Ronke's Beauty Lounge no longer offers “${service.title}”.`);
    expect(page.data.similar.length).toBeGreaterThan(0);
    for (const s of page.data.similar) expect(s.href).toMatch(/^\/details\/\d+$/);
    expect(page.data.browse.href).toMatch(/^\/submenu\//);
    expect(await sitemap("services")).not.toContain(`/details/${service.id}</loc>`);
    expect(await findBookableService(service.id)).toBeUndefined();

    // Nothing brings it back: resuming or retiring again is refused.
    const again = await act("resume", service.id, vendor.cookie);
    expect(again.status).toBe(303);
    expect((await detail(service.id)).status).toBe(410);
  });

  test("another vendor cannot retire a service that is not theirs", async () => {
    const owner = await demoVendor();
    const other = await createVendor("retirer");
    const service = await activeServiceOf(owner.vendorId);
    const refused = await act("retire", service.id, other.cookie);
    expect(refused.status).toBe(404);
    expect((await detail(service.id)).status).toBe(200);
  });

  test("a service that never existed, or is only paused or a draft, is still a 404", async () => {
    const db = await getDb();
    expect((await detail(99_999_999)).status).toBe(404);
    const paused = await db.selectFrom("services").select("id").where("status", "=", "paused").executeTakeFirstOrThrow();
    expect((await detail(paused.id)).status).toBe(404);
    const draft = await db.selectFrom("services").select("id").where("status", "=", "draft").executeTakeFirstOrThrow();
    expect((await detail(draft.id)).status).toBe(404);
  });
});

describe(`a closed vendor is gone for good (${getDialect()})`, () => {
  test("their profile and every service of theirs answer 410, and both sitemaps drop them", async () => {
    const db = await getDb();
    const vendor = await db.selectFrom("vendors").select(["id", "business_name"]).where("slug", "!=", "demo-vendor").orderBy("id").executeTakeFirstOrThrow();
    const service = await activeServiceOf(vendor.id);
    expect(await sitemap("vendors")).toContain(`/profile/vendor/${vendor.id}</loc>`);

    expect(await closeBusiness(vendor.id)).toEqual({ closed: true });
    expect(await closeBusiness(vendor.id)).toEqual({ closed: false });

    const page = await profile(vendor.id);
    expect(page.status).toBe(410);
    expect(page.data.message).toBe(`${vendor.business_name} has closed on Glow.`);
    expect(page.data.similar.every((s: { href: string }) => /^\/details\/\d+$/.test(s.href))).toBe(true);
    const gone = await detail(service.id);
    expect(gone.status).toBe(410);
    expect(gone.data.message).toBe(`${vendor.business_name} has closed on Glow, so “${service.title}” can no longer be booked.`);
    expect(gone.data.similar.length).toBeGreaterThan(0);
    expect(await sitemap("vendors")).not.toContain(`/profile/vendor/${vendor.id}</loc>`);
    expect(await sitemap("services")).not.toContain(`/details/${service.id}</loc>`);
    const left = await db.selectFrom("services").select("id").where("vendor_id", "=", vendor.id).where("status", "=", "active").execute();
    expect(left).toEqual([]);
  });

  test("a vendor that never existed is still a 404", async () => {
    expect((await profile(99_999_999)).status).toBe(404);
  });
});
