import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { e2eDataDir, queryOne, withE2eDb } from "./e2e-db";
import { expect, test } from "./fixtures";
import { pngClaiming, phoneJpeg } from "../photos";

// Vendors' photos in the browser: a decompression bomb is refused on the gallery form itself (422, the message in
// the error summary, nothing stored), and a search page of uploaded photos does not move while it loads (CLS 0).
// Each test uses a vendor of its own (a copy of a demo vendor, see ownVendorService).

const uploadsDir = () => path.join(e2eDataDir(), "uploads");
const storedFiles = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).sort() : []);

/** A new draft of the signed-in vendor, through the Overview form's own POST; returns its id. */
async function draft(request: APIRequestContext, baseURL: string, title: string): Promise<number> {
  const category = queryOne<{ id: number }>("select id from categories where slug = 'women'").id;
  const response = await request.post("/vendor/services/create", {
    headers: { Origin: baseURL },
    form: { intent: "overview", title, category_id: String(category), style: "Locs", gender: "women", duration: "240", tags: "locs" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  return Number(new URL(response.headers().location!, baseURL).searchParams.get("id"));
}

test("a decompression bomb on the gallery form: 422 with the message on the same page, nothing stored", async ({
  page,
  baseURL,
  signInAs,
  ownService,
}, info) => {
  await signInAs(ownService.vendorEmail);
  const id = await draft(page.request, baseURL!, `Bomb check ${info.project.name} ${Date.now()}`);
  const vendorId = queryOne<{ vendor_id: number }>("select vendor_id from services where id = ?", id).vendor_id;
  await page.goto(`/vendor/services/create?id=${id}&tab=gallery`);
  const before = storedFiles();
  const good = await sharp({ create: { width: 600, height: 400, channels: 3, background: "teal" } })
    .jpeg()
    .toBuffer();
  const bomb = await pngClaiming(30_000, 30_000);
  const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/vendor/services/create"));
  await page.getByLabel("Add photos or videos").setInputFiles([
    { name: "good.jpg", mimeType: "image/jpeg", buffer: good },
    { name: "bomb.png", mimeType: "image/png", buffer: bomb },
  ]);
  // With JavaScript choosing the files sends them; without, Upload does.
  if (info.project.name === "phone-no-js") await page.getByRole("button", { name: "Upload" }).click();
  expect((await answer).status()).toBe(422);

  const summary = page.getByRole("alert").filter({ hasText: "Please check:" });
  await expect(summary).toContainText("bomb.png has too many pixels (at most 50 megapixels)");
  await expect(summary).toBeInViewport();
  await expect(page.getByLabel("Add photos or videos")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#gallery-files-error")).toHaveText("bomb.png has too many pixels (at most 50 megapixels)");
  await expect(page.getByText("No photos yet")).toBeVisible();
  expect(new URL(page.url()).searchParams.get("tab")).toBe("gallery");
  expect(queryOne<{ n: number }>("select count(*) as n from uploads where vendor_id = ?", vendorId).n).toBe(0);
  expect(storedFiles()).toEqual(before);
});

test("the search page with uploaded photos does not shift at 360 px (CLS 0 after load and scroll)", async ({
  browser,
  baseURL,
  signInAs,
  ownService,
  page,
}, info) => {
  test.setTimeout(90_000);
  await signInAs(ownService.vendorEmail);
  const word = `Clsphoto${info.project.name.replace(/\W/g, "")}${Date.now()}`;
  const ids: number[] = [];
  for (let n = 0; n < 4; n++) {
    const id = await draft(page.request, baseURL!, `${word} look ${n + 1}`);
    // A phone photo (sideways, with EXIF) through the gallery form's own POST.
    const photo = await phoneJpeg({ width: 1600, height: 1200, orientation: n % 2 ? 6 : 1 });
    const upload = await page.request.post("/vendor/services/create", {
      headers: { Origin: baseURL! },
      multipart: { id: String(id), then: "stay", files: { name: `IMG_${n}.jpg`, mimeType: "image/jpeg", buffer: photo } },
      maxRedirects: 0,
    });
    expect(upload.status()).toBe(303);
    ids.push(id);
  }
  // Approved and priced as the admin and the pricing tab would leave them.
  withE2eDb((db) => db.prepare(`update services set status = 'active', price_kobo = 3000000 where id in (${ids.map(() => "?").join(",")})`).run(...ids));

  // At 360 px, JavaScript on or off as the project has it.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled: info.project.name !== "phone-no-js", baseURL });
  // Every picture arrives well after the first paint, as on a slow phone link: a box that was not reserved for it
  // would move the page every time, not only when the machine is busy enough for a picture to come late.
  await context.route("**/uploads/**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  const phone = await context.newPage();
  // Layout shifts as Chromium reports them to DevTools (the page's own PerformanceObserver needs page scripts, which
  // the phone project runs without): every shift from the first paint on, load and scroll alike.
  const cdp = await context.newCDPSession(phone);
  const shifts: { value: number; hadRecentInput: boolean; sources?: { nodeId?: number; previousRect: object; currentRect: object }[] }[] = [];
  cdp.on("PerformanceTimeline.timelineEventAdded", ({ event }) => {
    if (event.layoutShiftDetails) shifts.push(event.layoutShiftDetails);
  });
  await cdp.send("PerformanceTimeline.enable", { eventTypes: ["layout-shift"] });
  await phone.goto(`/search/${word.toLowerCase()}`);
  const covers = phone.locator("picture.vendor-picture img[src*='/uploads/']");
  await expect(covers).toHaveCount(4);
  const height = await phone.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y <= height; y += 300) {
    await phone.evaluate((top) => window.scrollTo(0, top), y);
    await phone.waitForTimeout(150);
  }
  // Every picture has arrived (lazy ones on the way down) before the sum is read.
  await expect.poll(() => phone.evaluate(() => [...document.images].every((img) => img.complete))).toBe(true);
  await phone.waitForTimeout(300);
  const shift = shifts.filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0);
  // Every cover arrived, as one of the small WebP widths (never the JPEG fallback or a large width at 360 px).
  for (const cover of await covers.all()) {
    expect(await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await cover.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-(160|320|640)\.webp$/);
  }
  // The test's titles are one long word: on a phone they wrap inside the card, never widening the page.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // What moved, when something did: each shift's elements, from where to where.
  const moved = [];
  for (const s of shifts.filter((s) => !s.hadRecentInput && s.value > 0)) {
    for (const source of s.sources ?? []) {
      const node = source.nodeId ? await cdp.send("DOM.describeNode", { backendNodeId: source.nodeId }).catch(() => null) : null;
      const name = node ? `${node.node.localName}${(node.node.attributes ?? []).join(" ").match(/class (\S+)/)?.[0] ?? ""}` : "?";
      moved.push(`${s.value.toFixed(5)} ${name} ${JSON.stringify(source.previousRect)} -> ${JSON.stringify(source.currentRect)}`);
    }
  }
  expect(shift, moved.join("\n")).toBe(0);
  await context.close();
});
