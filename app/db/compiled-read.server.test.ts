import { describe, expect, test } from "vitest";
import { compiledRead } from "./compiled-read.server";
import { getDb, getDialect } from "./db.server";

describe(`compiledRead (${getDialect()})`, () => {
  test("builds once, then each call gets the rows of its own values", async () => {
    const db = await getDb();
    let builds = 0;
    const byEmail = compiledRead((d, email: string, role: "customer" | "vendor") => {
      builds++;
      return d.selectFrom("users").select(["email", "role"]).where("email", "=", email).where("role", "=", role);
    });
    expect(await byEmail(db, "customer@example.com", "customer")).toEqual([{ email: "customer@example.com", role: "customer" }]);
    expect(await byEmail(db, "vendor@example.com", "vendor")).toEqual([{ email: "vendor@example.com", role: "vendor" }]);
    expect(await byEmail(db, "vendor@example.com", "customer")).toEqual([]);
    expect(builds).toBe(1);
  });

  test("refuses a write, and a value that is not a bound parameter of its own", async () => {
    const db = await getDb();
    const write = compiledRead((d, email: string) => d.updateTable("users").set({ first_name: "X" }).where("email", "=", email));
    await expect(write(db, "customer@example.com")).rejects.toThrow("compiledRead is for selects only");
    const pattern = compiledRead((d, text: string) => d.selectFrom("users").select("email").where("email", "like", `%${text}%`));
    await expect(pattern(db, "example")).rejects.toThrow("every value must be a bound parameter of its own");
    const customer = await db.selectFrom("users").select("first_name").where("email", "=", "customer@example.com").executeTakeFirstOrThrow();
    expect(customer.first_name).not.toBe("X");
  });
});
