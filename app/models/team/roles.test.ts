import { describe, expect, test } from "vitest";
import { invitableRoles, maskPhone, may, type Permission } from "./roles";

describe("the role rules", () => {
  test("the owner may everything, a manager all but money and the team's roles, a stylist only their own day", () => {
    const all: Permission[] = ["own-day", "appointments", "services", "settings", "messages", "reviews", "money", "team", "team-invite", "team-roles"];
    expect(all.filter((p) => may("owner", p))).toEqual(all);
    expect(all.filter((p) => may("manager", p))).toEqual(["own-day", "appointments", "services", "settings", "messages", "reviews", "team", "team-invite"]);
    expect(all.filter((p) => may("stylist", p))).toEqual(["own-day"]);
  });

  test("the owner invites managers and stylists, a manager stylists only, a stylist nobody", () => {
    expect(invitableRoles("owner")).toEqual(["manager", "stylist"]);
    expect(invitableRoles("manager")).toEqual(["stylist"]);
    expect(invitableRoles("stylist")).toEqual([]);
  });

  test("a phone shows its last 4 digits only, however it was written", () => {
    expect(maskPhone("0803 123 4567")).toBe("•••• 4567");
    expect(maskPhone("+234 (803) 123-4567")).toBe("•••• 4567");
    expect(maskPhone("12")).toBe("••••");
    expect(maskPhone(null)).toBeNull();
    expect(maskPhone("")).toBeNull();
  });
});
