import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { formRequest, getRequest } from "../../../tests/request";
import { run } from "../../../tests/action";
import { demoVendor } from "../../../tests/vendor";
import { action, loader } from "./route";

// /vendor/verification: the vendor's level and what they lack; the NIN and CAC checks (test-mode provider).

const post = (fields: Record<string, string>, cookie: string) =>
  run<{ errors: { value: string[] } }>(() => action({ request: formRequest("/vendor/verification", fields, { cookie }), params: {}, context: {} }));

describe("/vendor/verification", () => {
  test("shows the earned level and what the next one lacks", async () => {
    const { cookie } = await demoVendor();
    const r = await run<{ level: number; next: number; missing: string[] }>(() =>
      loader({ request: getRequest("/vendor/verification", { cookie }), params: {}, context: {} }),
    );
    expect(r.status).toBe(200);
    // The seed's completed visits: 38 booked online and the walk-in regular's one (app/db/seed-clients.server.ts).
    expect(r.data).toMatchObject({ level: 2, next: 3, missing: ["Complete 50 visits (now 39)."] });
  });

  test("a CAC check in test mode is saved masked and redirects with a toast; the raw number is nowhere", async () => {
    const { cookie, vendorId } = await demoVendor();
    const r = await post({ intent: "cac", value: "RC 1234567" }, cookie);
    expect(r.status).toBe(303);
    expect(r.location).toBe("/vendor/verification");
    const db = await getDb();
    const row = await db
      .selectFrom("identity_checks")
      .selectAll()
      .where("vendor_id", "=", vendorId)
      .where("kind", "=", "cac")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ masked: "*****4567", outcome: "verified" });
  });

  test("bad input: a clear 400 on the same page, nothing saved", async () => {
    const { cookie, vendorId } = await demoVendor();
    const db = await getDb();
    const count = async () =>
      Number(
        (
          await db
            .selectFrom("identity_checks")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("vendor_id", "=", vendorId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const cases: [Record<string, string>, string][] = [
      [{ intent: "nin", value: "123" }, "Your NIN has 11 digits."],
      [{ intent: "nin", value: "</script>'\"&\n" }, "Your NIN has 11 digits."],
      [{ intent: "cac", value: "x".repeat(500) }, "Enter the RC or BN number on your CAC certificate, e.g. RC1234567."],
      [{ intent: "other", value: "1" }, "Choose which check to run."],
    ];
    for (const [fields, message] of cases) {
      const r = await post(fields, cookie);
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect(r.data?.errors.value).toEqual([message]);
    }
    expect(await count()).toBe(before);
  });
});
