import { describe, expect, test } from "vitest";
import { isLite } from "~/http/lite.server";
import { loader as rootLoader } from "~/root";
import { formRequest, getRequest } from "../../tests/request";
import { run } from "../../tests/action";
import { action } from "./lite";

const choose = (fields: Record<string, string>) => run(() => action({ request: formRequest("/lite", fields), params: {}, context: {} }));
const withHeaders = (headers: Record<string, string>) => new Request("http://localhost:3000/", { headers });

describe("lite pages", () => {
  test("asked for by Save-Data: on, or by the lite cookie, which overrides the browser either way", () => {
    expect(isLite(withHeaders({}))).toBe(false);
    expect(isLite(withHeaders({ "Save-Data": "on" }))).toBe(true);
    expect(isLite(withHeaders({ "Save-Data": "off" }))).toBe(false);
    expect(isLite(withHeaders({ Cookie: "a=b; lite=on" }))).toBe(true);
    expect(isLite(withHeaders({ Cookie: "lite=off", "Save-Data": "on" }))).toBe(false);
    expect(isLite(withHeaders({ Cookie: "lite=onx; xlite=on" }))).toBe(false);
  });

  test("the root tells every page, so a lite page renders without scripts and is cached apart", async () => {
    const full = await rootLoader({ request: getRequest("/"), params: {}, context: {} });
    const lite = await rootLoader({ request: withHeaders({ "Save-Data": "on" }), params: {}, context: {} });
    expect((full as unknown as { data: { lite: boolean } }).data.lite).toBe(false);
    expect((lite as unknown as { data: { lite: boolean } }).data.lite).toBe(true);
  });

  test("POST /lite remembers the choice for a year and goes back to the page it was made on", async () => {
    const on = await choose({ mode: "lite", back: "/submenu/spa?page=2" });
    expect(on.status).toBe(303);
    expect(on.location).toBe("/submenu/spa?page=2");
    expect(on.headers.get("Set-Cookie")).toBe("lite=on; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly");
    const off = await choose({ mode: "full", back: "/" });
    expect(off.headers.get("Set-Cookie")).toMatch(/^lite=off; /);
  });

  test("a mode that is neither is a 400 that sets nothing; a back address off the site goes Home", async () => {
    for (const mode of ["", "LITE", "on", "lite\n"]) {
      const r = await choose({ mode, back: "/" });
      expect(r.status, mode).toBe(400);
      expect(r.headers.get("Set-Cookie")).toBeNull();
    }
    for (const back of ["//evil.example", "https://evil.example/", "javascript:alert(1)", "/\\evil"]) {
      expect((await choose({ mode: "lite", back })).location, back).toBe("/");
    }
  });
});
