import { describe, expect, test } from "vitest";
import { compiledRead, compiledReads } from "./compiled-read.server";
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
    await expect(pattern(db, "example")).rejects.toThrow("a value must be a whole bound value");
    const computed = compiledRead((d, id: number) =>
      d
        .selectFrom("users")
        .select("email")
        .where("id", "=", id + 1),
    );
    await expect(computed(db, 1)).rejects.toThrow("a value must be a whole bound value");
    const customer = await db.selectFrom("users").select("first_name").where("email", "=", "customer@example.com").executeTakeFirstOrThrow();
    expect(customer.first_name).not.toBe("X");
  });

  test("compiledReads: one compiled read per shape, values of any count in their places, and shapes beyond the first ones still answered", async () => {
    const db = await getDb();
    const built: string[] = [];
    const emails = compiledReads(2, ([role, order]: readonly ["customer" | "vendor", "asc" | "desc"], d, ...ids: number[]) => {
      built.push(`${role} ${order} ${ids.length}`);
      return d.selectFrom("users").select("email").where("role", "=", role).where("id", "in", ids).orderBy("email", order);
    });
    const users = await db.selectFrom("users").select(["id", "email", "role"]).orderBy("email").execute();
    const customers = users.filter((u) => u.role === "customer");
    const vendors = users.filter((u) => u.role === "vendor");
    expect(customers.length).toBeGreaterThanOrEqual(2);
    expect(vendors.length).toBeGreaterThanOrEqual(2);
    const ids = (list: { id: number }[]) => list.map((u) => u.id);
    const emailsOf = (list: { email: string }[]) => list.map((u) => ({ email: u.email }));
    const everyone = ids(users);

    expect(await emails(["customer", "asc"], db, ...everyone)).toEqual(emailsOf(customers));
    expect(await emails(["customer", "desc"], db, ...everyone)).toEqual(emailsOf(customers).reverse());
    // The same shapes with other values: no new build.
    const others = everyone.map((id) => (id === customers[0]!.id || !customers.some((c) => c.id === id) ? id : 0));
    expect(await emails(["customer", "asc"], db, ...others)).toEqual(emailsOf(customers.slice(0, 1)));
    // A list of another length under the same shape is refused, not answered with the first length's query.
    await expect(emails(["customer", "asc"], db, customers[0]!.id)).rejects.toThrow("1 values where it was built with");
    expect(built).toEqual([`customer asc ${everyone.length}`, `customer desc ${everyone.length}`]);
    // A third shape is past the two kept: built on each call, with the same answers.
    expect(await emails(["vendor", "asc"], db, ...everyone)).toEqual(emailsOf(vendors));
    expect(await emails(["vendor", "asc"], db, ...everyone)).toEqual(emailsOf(vendors));
    expect(built).toHaveLength(4);
  });
});
