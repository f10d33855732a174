import { phoneJpeg } from "../photos";
import { queryOne, withE2eDb } from "./e2e-db";
import { expect, test } from "./fixtures";

// The people of a salon, in both projects (a phone with JavaScript off, a desktop with it on): the owner adds a member
// with a photo (a refused file first), the service page's picker and the public profile's "Meet the team" show it,
// a member without one shows initials; the owner filters Finance's Breakdown and the reviews by stylist. Each
// project adds to a vendor of its own, so neither changes the other's team or the demo vendor's.

const VENDOR = { "phone-no-js": "zee-glam-ajah", "desktop-js": "fadeline-ikeja" } as Record<string, string>;

test("a member's photo: refused file, then added; shown in the picker and in Meet the team", async ({ page, signInAs }, info) => {
  const vendor = queryOne<{ id: number; email: string; service_id: number; title: string; owner: string }>(
    "select v.id, u.email, s.id as service_id, s.title, m.name as owner from vendors v join users u on u.id = v.user_id join services s on s.vendor_id = v.id join team_members m on m.vendor_id = v.id and m.role = 'owner' where v.slug = ? and s.status = 'active' order by s.id limit 1",
    VENDOR[info.project.name]!,
  );
  const name = `Nneka ${info.project.name === "phone-no-js" ? "Phone" : "Desk"}`;
  await signInAs(vendor.email);
  await page.goto("/vendor/team?edit=new");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Title (optional)").fill("Colourist");
  await page.getByRole("checkbox", { name: vendor.title, exact: true }).check();
  await page.getByLabel("Photo (optional)").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") });
  await page.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByText("notes.txt is not a JPEG, PNG, WebP, GIF, MP4 or WebM file").first()).toBeVisible();
  await expect(page.getByRole("list").filter({ hasText: name })).toHaveCount(0);

  await page.goto("/vendor/team?edit=new");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Title (optional)").fill("Colourist");
  await page.getByRole("checkbox", { name: vendor.title, exact: true }).check();
  const photo = await phoneJpeg({ width: 800, height: 800 });
  await page.getByLabel("Photo (optional)").setInputFiles({ name: "nneka.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByText(`${name} joined the team.`).first()).toBeVisible();
  // On the team list: the photo with the member's name; the owner without one: initials.
  const face = page.locator(".team-list").getByRole("img", { name });
  await expect(face).toHaveAttribute("width", "40");
  await expect(face).toHaveAttribute("loading", "lazy");
  await expect.poll(() => face.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await page.context().clearCookies();
  await page.goto(`/details/${vendor.service_id}`);
  const picked = page.locator(".member-pick").getByRole("img", { name });
  await expect(picked).toBeVisible();
  await expect.poll(() => picked.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await page.goto(`/profile/vendor/${vendor.id}`);
  const team = page.getByRole("region", { name: "Meet the team" });
  await expect(team.getByRole("heading", { name })).toBeVisible();
  await expect(team.getByRole("img", { name })).toBeVisible();
  await expect(team.getByRole("listitem").filter({ hasText: name })).toContainText("Colourist");
  await expect(team.getByRole("listitem").filter({ hasText: name })).toContainText("No reviews yet");
  await expect(team.getByRole("listitem").first()).toContainText(vendor.owner);
});

test("the owner filters Finance's Breakdown and the reviews by stylist", async ({ page, signInAs }) => {
  await signInAs("vendor@example.com");
  await page.goto("/vendor/finance");
  const stylist = page.getByLabel("Stylist");
  // The seeded team first, in order; a member another spec of this worker added (team-journey) may follow.
  await expect(stylist.locator("option").nth(3)).toHaveText("Chidi Okafor");
  expect((await stylist.locator("option").allInnerTexts()).slice(0, 4)).toEqual(["All stylists", "Ronke Alabi", "Tolu Bakare", "Chidi Okafor"]);
  await stylist.selectOption({ label: "Ronke Alabi" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/member=\d+/);
  await expect(page.getByText(/\d+ lines of Ronke Alabi's visits, net ₦/)).toBeVisible();
  await page.getByLabel("Stylist").selectOption({ label: "Chidi Okafor" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByText(/of Chidi Okafor's visits|No entries for Chidi Okafor yet\./)).toBeVisible();
  // Every line shown is of one of Chidi's visits (other specs may have completed some for him).
  const his = withE2eDb(
    (db) =>
      (db.prepare("select a.ref from appointments a join team_members m on m.id = a.member_id where m.name = 'Chidi Okafor'").all() as { ref: string }[]).map(
        (r) => r.ref,
      ),
    { readonly: true },
  );
  for (const who of await page.locator(".finance__who").allTextContents()) expect(his).toContain(who.split(" · ")[0]);
  const refused = await page.goto("/vendor/finance?member=999999");
  expect(refused?.status()).toBe(404);
  await expect(page.getByText("We couldn't find that team member among yours.")).toBeVisible();

  await page.goto("/vendor/reviews");
  await page.getByLabel("Stylist").selectOption({ label: "Tolu Bakare" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/vendor\/reviews\?member=\d+/);
  await expect(page.getByText("0 reviews of Tolu Bakare’s visits")).toBeVisible();
  await expect(page.getByText("No reviews yet.")).toBeVisible();
});
