import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { getDb } from "~/db/db.server";
import { earnedLevel, missingFor, type LevelFacts } from "~/utils/levels";
import { log } from "~/utils/log.server";
import { startFakeKyc, type FakeKyc } from "../../../tests/fake-kyc";
import { createVendor } from "../../../tests/vendor";
import { vendorBySlug } from "../../../tests/booking";
import { checkBusiness, checkIdentity, namesMatch, vendorVerification } from "./identity.server";
import { httpKycProvider, setKycProviderForTests } from "./kyc.server";
import { recomputeLevels } from "./levels.server";

// Earned verification levels: the rules (app/utils/levels.ts), their recomputation from the database, the seed's
// vendors at the levels their data earns, and identity checks through the KYC provider's HTTP API (a fake of it).

const base: LevelFacts = {
  emailConfirmed: true,
  phoneConfirmed: true,
  identityVerified: true,
  businessVerified: false,
  completedVisits: 0,
  rating: 0,
  visits90: 0,
  vendorCancelled90: 0,
};

describe("the rules", () => {
  test("Level 1 needs phone, e-mail and the identity check; each missing one is named", () => {
    expect(earnedLevel(base)).toBe(1);
    expect(earnedLevel({ ...base, phoneConfirmed: false })).toBe(0);
    expect(missingFor(1, { ...base, emailConfirmed: false, identityVerified: false })).toEqual([
      "Confirm your e-mail address.",
      "Check your identity with your NIN (the name must match your payout bank account).",
    ]);
  });

  test("Level 2: a checked CAC registration, or 10 completed visits at 4.0 or more", () => {
    expect(earnedLevel({ ...base, businessVerified: true })).toBe(2);
    expect(earnedLevel({ ...base, completedVisits: 10, rating: 4.0 })).toBe(2);
    expect(earnedLevel({ ...base, completedVisits: 9, rating: 5 })).toBe(1);
    expect(earnedLevel({ ...base, completedVisits: 10, rating: 3.99 })).toBe(1);
    expect(earnedLevel({ ...base, identityVerified: false, businessVerified: true, completedVisits: 80, rating: 5 })).toBe(0);
    expect(missingFor(2, { ...base, completedVisits: 3, rating: 4.2 })).toEqual([
      "Check your CAC registration, or complete 10 visits with a rating of 4.0 or more (now 3 visits, rating 4.20).",
    ]);
  });

  test("Level 3: 50 visits, 4.5 or more, under 2 % cancelled by the vendor in 90 days", () => {
    const top = { ...base, completedVisits: 50, rating: 4.5, visits90: 100, vendorCancelled90: 1 };
    expect(earnedLevel(top)).toBe(3);
    expect(earnedLevel({ ...top, vendorCancelled90: 2 })).toBe(2);
    expect(earnedLevel({ ...top, rating: 4.49 })).toBe(2);
    expect(earnedLevel({ ...top, completedVisits: 49 })).toBe(2);
    expect(earnedLevel({ ...top, visits90: 0, vendorCancelled90: 0 })).toBe(3);
    expect(missingFor(3, { ...top, completedVisits: 38, vendorCancelled90: 3 })).toEqual([
      "Complete 50 visits (now 38).",
      "Cancel under 2 % of your visits (last 90 days: 3 of 100).",
    ]);
  });

  test("a name matches a bank account's when two of its words are there, in any order and case", () => {
    expect(namesMatch("Ronke Alabi", "ALABI RONKE OLUWASEUN")).toBe(true);
    expect(namesMatch("Ronke Adunni Alabi", "Alabi Ronke")).toBe(true);
    expect(namesMatch("Ronke Alabi", "Ronke Okafor")).toBe(false);
    expect(namesMatch("", "Ronke Alabi")).toBe(false);
  });
});

describe("levels in the database", () => {
  test("the seed's vendors are at the levels their data earns: recomputing changes none", async () => {
    expect(await recomputeLevels(new Date())).toBe(0);
    const db = await getDb();
    const demo = await db.selectFrom("vendors").select("level").where("slug", "=", "demo-vendor").executeTakeFirstOrThrow();
    // Phone, e-mail and NIN checked, 38 completed visits at 4.51: Level 2; not 50 visits yet for Level 3.
    expect(demo.level).toBe(2);
    const levels = await db.selectFrom("vendors").select(["level"]).where("slug", "!=", "demo-vendor").execute();
    expect(new Set(levels.map((l) => l.level))).toEqual(new Set([0]));
  });

  test("cancellations by the vendor and a lost check take a level away at the next recomputation", async () => {
    const db = await getDb();
    const demo = await vendorBySlug();
    const now = new Date();
    await db.updateTable("users").set({ phone_confirmed_at: null }).where("id", "=", demo.user_id).execute();
    expect(await recomputeLevels(now, [demo.id])).toBe(1);
    expect((await db.selectFrom("vendors").select("level").where("id", "=", demo.id).executeTakeFirstOrThrow()).level).toBe(0);
    const seen = await vendorVerification(demo.id, now);
    expect(seen).toMatchObject({ level: 0, earned: 0, next: 1, missing: ["Confirm your phone number."] });
  });
});

describe("identity checks through the KYC provider", () => {
  let kyc: FakeKyc;
  beforeAll(async () => {
    kyc = await startFakeKyc();
    setKycProviderForTests(httpKycProvider(kyc.url, kyc.key));
  });
  afterAll(async () => {
    setKycProviderForTests(undefined);
    await kyc.close();
  });

  async function vendorWithPayoutAccount(name: string, holder: string) {
    const vendor = await createVendor(name);
    const db = await getDb();
    const now = new Date().toISOString();
    await db
      .insertInto("bank_accounts")
      .values({
        vendor_id: vendor.vendorId,
        bank_code: "058",
        bank_name: "GTBank",
        number: "0123456789",
        holder,
        created_at: now,
        deleted_at: null,
        verified_at: now,
      })
      .execute();
    await db.updateTable("users").set({ email_confirmed_at: now, phone_confirmed_at: now, phone: "08031234567" }).where("id", "=", vendor.userId).execute();
    return vendor;
  }

  test("a NIN whose name matches the payout account makes Level 1; only its mask and the reference are kept, nothing logged", async () => {
    const vendor = await vendorWithPayoutAccount("kycok", "OKAFOR ADAEZE N");
    kyc.people.set("12345678901", { first_name: "Adaeze", last_name: "Okafor" });
    const logged = vi.spyOn(log, "info");
    expect(await checkIdentity(vendor.vendorId, "12345678901")).toBe("verified");
    expect(kyc.requests.at(-1)).toEqual({ path: "/v1/nin", body: { nin: "12345678901", consent: true }, auth: `Bearer ${kyc.key}` });
    const db = await getDb();
    const rows = await db.selectFrom("identity_checks").selectAll().where("vendor_id", "=", vendor.vendorId).execute();
    expect(rows).toMatchObject([{ kind: "nin", masked: "*******8901", outcome: "verified", provider_ref: expect.stringMatching(/^kyc-\d+$/) }]);
    expect(JSON.stringify(rows)).not.toContain("12345678901");
    expect(JSON.stringify(logged.mock.calls)).not.toContain("12345678901");
    logged.mockRestore();
    expect((await db.selectFrom("vendors").select("level").where("id", "=", vendor.vendorId).executeTakeFirstOrThrow()).level).toBe(1);
  });

  test("a name that does not match, an unknown NIN and a provider that fails: no level, clear outcomes", async () => {
    const vendor = await vendorWithPayoutAccount("kycno", "BELLO MUSA");
    kyc.people.set("22222222222", { first_name: "Chidi", last_name: "Okoro" });
    expect(await checkIdentity(vendor.vendorId, "22222222222")).toBe("name-mismatch");
    expect(await checkIdentity(vendor.vendorId, "33333333333")).toBe("not-found");
    kyc.failNext();
    await expect(checkIdentity(vendor.vendorId, "22222222222")).rejects.toMatchObject({ code: "conflict", message: expect.stringContaining("did not answer") });
    await expect(checkIdentity(vendor.vendorId, "1234")).rejects.toMatchObject({ code: "invalid", message: "Your NIN has 11 digits." });
    const db = await getDb();
    expect((await db.selectFrom("vendors").select("level").where("id", "=", vendor.vendorId).executeTakeFirstOrThrow()).level).toBe(0);
    const seen = await vendorVerification(vendor.vendorId);
    expect(seen.checks.map((c) => c.outcome)).toEqual(["not-found", "name-mismatch"]);
  });

  test("without a confirmed payout account the NIN is not sent; a CAC number checked makes Level 2; five checks a day", async () => {
    const bare = await createVendor("kycbare");
    const sent = kyc.requests.length;
    await expect(checkIdentity(bare.vendorId, "12345678901")).rejects.toMatchObject({ code: "invalid", message: expect.stringContaining("bank account") });
    expect(kyc.requests.length).toBe(sent);

    const vendor = await vendorWithPayoutAccount("kyccac", "Adaeze Okafor");
    expect(await checkIdentity(vendor.vendorId, "12345678901")).toBe("verified");
    kyc.companies.set("RC1234567", "Adaeze Beauty Ltd");
    expect(await checkBusiness(vendor.vendorId, "rc 1234567")).toBe("verified");
    const db = await getDb();
    expect((await db.selectFrom("vendors").select("level").where("id", "=", vendor.vendorId).executeTakeFirstOrThrow()).level).toBe(2);
    await expect(checkBusiness(vendor.vendorId, "ABC")).rejects.toMatchObject({ code: "invalid" });
    for (let i = 0; i < 3; i++) await checkBusiness(vendor.vendorId, "RC7654321");
    await expect(checkBusiness(vendor.vendorId, "RC1234567")).rejects.toMatchObject({ message: "You can run 5 checks a day. Please try again tomorrow." });
  });
});
