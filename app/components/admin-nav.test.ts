import { describe, expect, test } from "vitest";
import { ADMIN_PAGES } from "./admin-nav";
import { accountLinksFor } from "./site-header";

describe("the admin's pages", () => {
  test("the tabs on each admin page are the account menu's admin links, in the same order", () => {
    expect(ADMIN_PAGES.map((p) => ({ to: p.to, label: p.label }))).toEqual(accountLinksFor.admin.map((p) => ({ to: p.to, label: p.label })));
  });
});
