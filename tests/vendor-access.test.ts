import { describe, expect, test } from "vitest";
import * as layout from "~/routes/vendor";
import * as index from "~/routes/vendor._index";
import * as profile from "~/routes/vendor.profile/route";
import * as publicProfile from "~/routes/vendor.public-profile/route";
import * as services from "~/routes/vendor.services._index/route";
import * as create from "~/routes/vendor.services.create/route";
import * as chats from "~/routes/vendor.chats";
import * as chat from "~/routes/vendor.chats.$id";
import * as finance from "~/routes/vendor.finance";
import * as withdraw from "~/routes/vendor.withdraw._index/route";
import * as verify from "~/routes/vendor.withdraw.verify/route";
import * as team from "~/routes/vendor.team/route";
import * as activity from "~/routes/vendor.activity";
import * as verification from "~/routes/vendor.verification/route";
import * as place from "~/routes/vendor.place/route";
import * as close from "~/routes/vendor.close/route";
import * as admin from "~/routes/admin.services/route";
import * as messages from "~/routes/messages._index/route";
import { formRequest, getRequest } from "./request";
import { cookieFor } from "./session";
import { demoVendor, run } from "./vendor";

// Every /vendor/* page and action of the dashboard: a customer gets 403, a visitor is sent to sign in, and nothing
// a customer sends changes anything.

type Loader = (args: { request: Request; params: Record<string, string>; context: object }) => unknown;
const pages: [string, Loader, Record<string, string>?][] = [
  ["/vendor", layout.loader as Loader],
  ["/vendor", index.loader as Loader],
  ["/vendor/profile", profile.loader as Loader],
  ["/vendor/public-profile", publicProfile.loader as Loader],
  ["/vendor/services", services.loader as Loader],
  ["/vendor/services/create", create.loader as Loader],
  ["/vendor/chats", chats.loader as Loader],
  ["/vendor/chats/1", chat.loader as Loader, { id: "1" }],
  ["/vendor/finance", finance.loader as Loader],
  ["/vendor/withdraw", withdraw.loader as Loader],
  ["/vendor/withdraw/verify?id=1", verify.loader as Loader],
  ["/vendor/team", team.loader as Loader],
  ["/vendor/activity", activity.loader as Loader],
  ["/vendor/verification", verification.loader as Loader],
  ["/vendor/place", place.loader as Loader],
  ["/vendor/close", close.loader as Loader],
];
const actions: [string, Loader, Record<string, string>, Record<string, string>?][] = [
  ["/vendor/profile", profile.action as Loader, { first_name: "Tolu" }],
  ["/vendor/public-profile", publicProfile.action as Loader, { business_name: "Tolu's" }],
  ["/vendor/services", services.action as Loader, { intent: "pause", id: "1" }],
  ["/vendor/services/create", create.action as Loader, { intent: "overview", title: "Mine" }],
  ["/vendor/chats/1", chat.action as Loader, { intent: "send", body: "hello" }, { id: "1" }],
  ["/vendor/withdraw", withdraw.action as Loader, { intent: "add-account", bank: "057", number: "2233445566", holder: "Tolu" }],
  ["/vendor/withdraw/verify?id=1", verify.action as Loader, { intent: "verify", code: "123456" }],
  ["/vendor/team", team.action as Loader, { intent: "save", member: "new", name: "Not Mine", hours: "salon" }],
  ["/vendor/verification", verification.action as Loader, { intent: "nin", value: "12345678901" }],
  ["/vendor/place", place.action as Loader, { area: "Lagos|Yaba", landmark: "x", pin: "", travel: "0" }],
  ["/vendor/close", close.action as Loader, { name: "Ronke's Beauty Lounge" }],
];

describe("the vendor dashboard is for vendors only", () => {
  test("a customer gets 403 on every page and every action", async () => {
    const cookie = await cookieFor("customer@example.com");
    for (const [path, loader, params = {}] of pages) {
      expect((await run(() => loader({ request: getRequest(path, { cookie }), params, context: {} }))).status, path).toBe(403);
    }
    for (const [path, action, fields, params = {}] of actions) {
      expect((await run(() => action({ request: formRequest(path, fields, { cookie }), params, context: {} }))).status, `POST ${path}`).toBe(403);
    }
  });

  test("a visitor is sent to sign in, and comes back to the page", async () => {
    for (const [path, loader, params = {}] of pages) {
      const outcome = await run(() => loader({ request: getRequest(path), params, context: {} }));
      expect(outcome.status, path).toBe(302);
      expect(outcome.location, path).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
  });

  test("a vendor gets in, and /vendor opens on the appointments", async () => {
    const { cookie } = await demoVendor();
    const opened = await run(() => index.loader({ request: getRequest("/vendor", { cookie }), params: {}, context: {} } as never));
    expect(opened.location).toBe("/vendor/appointment");
    const frame = await run(() => layout.loader({ request: getRequest("/vendor/profile", { cookie }), params: {}, context: {} }));
    expect(frame.data).toMatchObject({ businessName: "Ronke's Beauty Lounge", newRequests: 4 });
  });

  test("a cross-site POST is refused before anything else", async () => {
    const { cookie } = await demoVendor();
    for (const [path, action, fields, params = {}] of actions) {
      const outcome = await run(() => action({ request: formRequest(path, fields, { cookie, origin: "https://evil.example" }), params, context: {} }));
      expect(outcome.status, `POST ${path}`).toBe(403);
    }
  });
});

describe("bad input of any shape is a 4xx, never a 500", () => {
  test("ids and amounts no integer column can hold are refused", async () => {
    const { cookie } = await demoVendor();
    const adminCookie = await cookieFor("admin@example.com");
    const customer = await cookieFor("customer@example.com");
    const huge = "99999999999";
    const attempts: [string, Loader, Record<string, string>, string][] = [
      ["/admin/services", admin.action as Loader, { intent: "approve", id: huge }, adminCookie],
      ["/admin/services", admin.action as Loader, { intent: "return", id: huge, reason: "Not ready yet" }, adminCookie],
      ["/vendor/services", services.action as Loader, { intent: "pause", id: huge }, cookie],
      ["/vendor/services/create", create.action as Loader, { intent: "about", id: huge, about: "A long enough description." }, cookie],
      [
        "/vendor/services/create",
        create.action as Loader,
        { intent: "overview", title: "Big", category_id: huge, style: "Locs", gender: "women", duration: "60" },
        cookie,
      ],
      ["/vendor/services/create", create.action as Loader, { intent: "pricing", id: "1", price: "99999999", service_type: "salon" }, cookie],
      ["/vendor/withdraw", withdraw.action as Loader, { intent: "delete-account", accountId: huge }, cookie],
      ["/vendor/withdraw", withdraw.action as Loader, { intent: "withdraw", amount: "1000", account: huge }, cookie],
      ["/messages", messages.action as Loader, { vendorId: huge }, customer],
    ];
    for (const [path, action, fields, who] of attempts) {
      const outcome = await run(() => action({ request: formRequest(path, fields, { cookie: who }), params: {}, context: {} }));
      expect(outcome.status, `${path} ${JSON.stringify(fields)}`).toBeGreaterThanOrEqual(400);
      expect(outcome.status, `${path} ${JSON.stringify(fields)}`).toBeLessThan(500);
    }
  });
});
