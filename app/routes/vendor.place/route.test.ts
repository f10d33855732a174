import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { loader as profileLoader } from "~/routes/profile.vendor.$id/route";
import { PIN_MESSAGES } from "~/utils/map-pin";
import { formRequest, getRequest } from "../../../tests/request";
import { run } from "../../../tests/action";
import { outcome } from "../../../tests/loader";
import { createVendor, demoVendor } from "../../../tests/vendor";
import { action, loader } from "./route";

// /vendor/place: the area from the list, landmark directions, a map pin, how far a home-service vendor travels.

type Answer = { errors: Record<string, string[]>; values: Record<string, string> };
const post = (fields: Record<string, string>, cookie: string) =>
  run<Answer>(() => action({ request: formRequest("/vendor/place", fields, { cookie }), params: {}, context: {} }));
const vendorRow = async (id: number) => (await getDb()).selectFrom("vendors").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("/vendor/place", () => {
  test("shows the vendor's place; saving an area, directions, a pasted pin and a travel radius shows on the public profile", async () => {
    const { cookie, vendorId } = await demoVendor();
    const page = await run<{ place: { city: string; area: string; homeService: boolean } }>(() =>
      loader({ request: getRequest("/vendor/place", { cookie }), params: {}, context: {} }),
    );
    expect(page.data?.place).toMatchObject({ city: "Lagos", area: "Lekki", homeService: true });
    const r = await post(
      { area: "Lagos|Ajah", landmark: "  Opposite the   filling station ", pin: "https://www.google.com/maps/@6.4678,3.5686,15z", travel: "10" },
      cookie,
    );
    expect(r.status).toBe(303);
    expect(r.location).toBe("/vendor/place");
    expect(await vendorRow(vendorId)).toMatchObject({
      area: "Ajah",
      city: "Lagos",
      state: "Lagos",
      landmark: "Opposite the filling station",
      lat: 6.4678,
      lng: 3.5686,
      travel_km: 10,
    });
    const profile = await outcome(() => profileLoader({ request: getRequest(`/profile/vendor/${vendorId}`), params: { id: String(vendorId) }, context: {} }));
    expect(profile.data.vendor).toMatchObject({ area: "Ajah", landmark: "Opposite the filling station", travelKm: 10 });
  });

  test("without a pin the area's centre is used; another city's area brings its state", async () => {
    const vendor = await createVendor("placer");
    expect((await post({ area: "Abuja|Wuse", landmark: "", pin: "", travel: "0" }, vendor.cookie)).status).toBe(303);
    expect(await vendorRow(vendor.vendorId)).toMatchObject({ city: "Abuja", area: "Wuse", state: "FCT", lat: 9.0765, lng: 7.4727, landmark: "" });
  });

  test("hostile or wrong input: a 400 naming each field, the values kept, nothing saved", async () => {
    const vendor = await createVendor("placebad");
    const before = await vendorRow(vendor.vendorId);
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{ area: "Lagos|Atlantis", landmark: "", pin: "", travel: "0" }, { area: ["Choose your area from the list."] }],
      [
        { area: "</script>|x", landmark: "x".repeat(201), pin: "", travel: "0" },
        { area: ["Choose your area from the list."], landmark: ["Keep the directions under 200 characters."] },
      ],
      [{ area: "Lagos|Yaba", landmark: "", pin: "51.5, -0.12", travel: "0" }, { pin: [PIN_MESSAGES.outside] }],
      [{ area: "Lagos|Yaba", landmark: "", pin: "javascript:alert(1)", travel: "0" }, { pin: [PIN_MESSAGES.unreadable] }],
      [
        { area: "Lagos|Yaba", landmark: "", pin: "https://maps.app.goo.gl/x1", travel: "7" },
        { pin: [PIN_MESSAGES.shortLink], travel: ["Choose how far you travel from the list."] },
      ],
    ];
    for (const [fields, errors] of cases) {
      const r = await post(fields, vendor.cookie);
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect(r.data?.errors).toEqual(errors);
      expect(r.data?.values.pin).toBe(fields.pin);
    }
    expect(await vendorRow(vendor.vendorId)).toEqual(before);
  });
});
