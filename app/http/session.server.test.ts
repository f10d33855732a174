import { describe, expect, test } from "vitest";
import { call, getRequest } from "../../tests/request";
import { cookieFor } from "../../tests/session";
import { landingFor, revokeUserSessions } from "~/models/accounts/sessions.server";
import { getSessionUser, requireUser, requireVendor } from "./session.server";

describe("sessions", () => {
  test("no cookie, a forged cookie or a revoked session means signed out", async () => {
    expect(await getSessionUser(getRequest("/"))).toBeNull();
    expect(await getSessionUser(getRequest("/", { cookie: "glow_session=" + "A".repeat(43) }))).toBeNull();
    const cookie = await cookieFor("customer@example.com");
    const user = await getSessionUser(getRequest("/", { cookie }));
    expect(user).toMatchObject({ email: "customer@example.com", role: "customer", firstName: "Tolu" });
    await revokeUserSessions(user!.id);
    expect(await getSessionUser(getRequest("/", { cookie }))).toBeNull();
  });

  test("requireUser sends an anonymous visitor to sign in and back", async () => {
    const response = await call(() => requireUser(getRequest("/user/profile?tab=x")));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fuser%2Fprofile%3Ftab%3Dx");
  });

  test("requireVendor gives a customer 403 and a vendor their vendor id", async () => {
    const customer = await cookieFor("customer@example.com");
    expect((await call(() => requireVendor(getRequest("/vendor/profile", { cookie: customer }), "settings"))).status).toBe(403);
    const vendor = await requireVendor(getRequest("/vendor/profile", { cookie: await cookieFor("vendor@example.com") }), "settings");
    expect(vendor.vendorId).toBeGreaterThan(0);
  });

  test("after sign-in: a customer goes where they were going, vendors and admins stay in their own area", () => {
    expect(landingFor({ role: "customer" }, null)).toBe("/");
    expect(landingFor({ role: "customer" }, "/booking?service=3")).toBe("/booking?service=3");
    expect(landingFor({ role: "customer" }, "//evil.example")).toBe("/");
    expect(landingFor({ role: "vendor" }, null)).toBe("/vendor/appointment");
    expect(landingFor({ role: "vendor" }, "/vendor/finance?tab=Hair")).toBe("/vendor/finance?tab=Hair");
    expect(landingFor({ role: "vendor" }, "/vendorx")).toBe("/vendor/appointment");
    expect(landingFor({ role: "vendor" }, "/favorites")).toBe("/vendor/appointment");
    expect(landingFor({ role: "admin" }, "/admin/services?tab=pending")).toBe("/admin/services?tab=pending");
    expect(landingFor({ role: "admin" }, "/")).toBe("/admin/services");
  });

  test("one Request is looked up once, however many loaders ask", async () => {
    const request = getRequest("/", { cookie: await cookieFor("customer@example.com") });
    const first = getSessionUser(request);
    expect(getSessionUser(request)).toBe(first);
    expect((await first)?.email).toBe("customer@example.com");
  });
});
