import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { action as servicesAction } from "~/routes/admin.services/route";
import { loader as auditLoader } from "~/routes/admin.audit/route";
import { loader as activityLoader } from "~/routes/vendor.activity";
import { action as withdrawAction } from "~/routes/vendor.withdraw._index/route";
import { listBankAccounts } from "~/models/money/bank-accounts.server";
import { outcome } from "./loader";
import { formRequest, getRequest } from "./request";
import { cookieFor } from "./session";
import { createVendor, demoVendor } from "./vendor";

// The audit trail (docs/security.md, "Audit trail"): admin actions and money events people start are recorded with
// who, what, which record, when and from which address; the admin filters it by person and record; a vendor sees
// their own money events and no one else's; no code path changes or deletes a record.

const ADMIN = "admin@example.com";

async function pendingServiceId(): Promise<number> {
  const db = await getDb();
  return (await db.selectFrom("services").select("id").where("status", "=", "pending").orderBy("id").executeTakeFirstOrThrow()).id;
}

describe("the audit trail", () => {
  test("an admin's approval and a vendor's withdrawal are recorded with who, what, which record and the address", async () => {
    const admin = await cookieFor(ADMIN);
    const serviceId = await pendingServiceId();
    const approved = await outcome(() =>
      servicesAction({
        request: formRequest("/admin/services", { intent: "approve", id: String(serviceId) }, { cookie: admin, ip: "198.51.100.7" }),
        params: {},
        context: {},
      }),
    );
    expect(approved.status).toBe(303);

    const vendor = await demoVendor();
    const [account] = await listBankAccounts(vendor.vendorId);
    const asked = await outcome(() =>
      withdrawAction({
        request: formRequest(
          "/vendor/withdraw",
          { intent: "withdraw", amount: "1000", account: String(account!.id) },
          { cookie: vendor.cookie, ip: "203.0.113.5" },
        ),
        params: {},
        context: {},
      }),
    );
    expect(asked.status).toBe(303);

    const all = await outcome(() => auditLoader({ request: getRequest("/admin/audit", { cookie: admin }), params: {}, context: {} }));
    expect(all.status).toBe(200);
    const byAdmin = await outcome(() => auditLoader({ request: getRequest(`/admin/audit?person=${ADMIN}`, { cookie: admin }), params: {}, context: {} }));
    expect(byAdmin.data.rows[0]).toMatchObject({
      actorEmail: ADMIN,
      actorRole: "admin",
      action: "service.approve",
      recordType: "service",
      recordId: String(serviceId),
    });
    expect(byAdmin.data.rows.every((r: { actorEmail: string }) => r.actorEmail === ADMIN)).toBe(true);
    const byRecord = await outcome(() =>
      auditLoader({ request: getRequest(`/admin/audit?type=service&record=${serviceId}`, { cookie: admin }), params: {}, context: {} }),
    );
    expect(byRecord.data.rows.map((r: { action: string }) => r.action)).toEqual(["service.approve"]);

    // The vendor sees their own money event, with the address it came from; the admin's approval is not theirs.
    const own = await outcome(() => activityLoader({ request: getRequest("/vendor/activity", { cookie: vendor.cookie }), params: {}, context: {} }));
    expect(own.status).toBe(200);
    expect(own.data.rows[0]).toMatchObject({ action: "withdrawal.request", recordType: "withdrawal", ip: "203.0.113.5", detail: "₦1,000" });
    expect(own.data.rows.some((r: { action: string }) => r.action === "service.approve")).toBe(false);
    // Another vendor sees none of it.
    const other = await createVendor("audited");
    const theirs = await outcome(() => activityLoader({ request: getRequest("/vendor/activity", { cookie: other.cookie }), params: {}, context: {} }));
    expect(theirs.data.rows).toEqual([]);
  });

  test("only the admin reads it; a bad filter is a 400 that says why", async () => {
    for (const who of ["customer@example.com", "vendor@example.com"]) {
      const cookie = await cookieFor(who);
      const r = await outcome(() => auditLoader({ request: getRequest("/admin/audit", { cookie }), params: {}, context: {} }));
      expect(r.status, who).toBe(403);
    }
    const admin = await cookieFor(ADMIN);
    const unknown = await outcome(() =>
      auditLoader({ request: getRequest("/admin/audit?person=nobody@example.com", { cookie: admin }), params: {}, context: {} }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.data.problems).toContain("No account is nobody@example.com.");
    const badType = await outcome(() => auditLoader({ request: getRequest("/admin/audit?type=users", { cookie: admin }), params: {}, context: {} }));
    expect(badType.status).toBe(400);
  });

  test("append-only: no code in the app updates or deletes audit_events", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(full);
      }
    };
    walk(path.resolve("app"));
    const offenders = files.filter((f) => /(updateTable|deleteFrom)\(\s*"audit_events"|(update|delete from)\s+audit_events/i.test(fs.readFileSync(f, "utf8")));
    expect(files.length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });
});
