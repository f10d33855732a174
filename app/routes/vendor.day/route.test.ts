import { describe, expect, test } from "vitest";
import { getDb } from "~/db/db.server";
import { createCustomer } from "../../../tests/booking";
import { firstError, get, post, run } from "../../../tests/booking-routes";
import { demoStylist, plantFor, teamMember } from "../../../tests/staff";
import { createVendor, demoVendor } from "../../../tests/vendor";
import { addDaysToDay, lagosToday } from "~/utils/time";
import { action, loader } from "./route";

type Day = { rows: { id: number; ref: string; clientName: string; clientPhone: string | null; status: string }[]; blocks: { id: number; note: string }[] };

async function customerWithPhone(phone: string | null) {
  const c = await createCustomer("Amaka");
  const db = await getDb();
  await db.updateTable("users").set({ phone }).where("id", "=", c.id).execute();
  return c;
}

describe("/vendor/day: a member's own day", () => {
  test("a stylist sees their own appointments only, phones masked to the last 4 digits, never an e-mail", async () => {
    const stylist = await demoStylist();
    const other = await teamMember(stylist.vendorId, "stylist", "Other Stylist");
    const c = await customerWithPhone("0803 555 1234");
    const mine = await plantFor({ vendorId: stylist.vendorId, memberId: stylist.memberId, customerId: c.id, hoursFromNow: 3, status: "confirmed" });
    const theirs = await plantFor({ vendorId: stylist.vendorId, memberId: other.memberId, customerId: c.id, hoursFromNow: 4, status: "confirmed" });
    const page = await run<Day>(loader, get("/vendor/day", stylist.cookie));
    expect(page.status).toBe(200);
    const refs = page.body.rows.map((r) => r.ref);
    expect(refs).toContain(mine.ref);
    expect(refs).not.toContain(theirs.ref);
    expect(page.body.rows.find((r) => r.ref === mine.ref)).toMatchObject({ clientName: "Amaka Test", clientPhone: "•••• 1234" });
    expect(JSON.stringify(page.body)).not.toContain(c.email);
    expect(JSON.stringify(page.body)).not.toContain("0803");
    // The seed's three of Chidi's: yesterday's visit to mark, an upcoming one and a request.
    expect(page.body.rows.filter((r) => r.ref !== mine.ref).map((r) => r.status)).toEqual(["confirmed", "requested", "confirmed"]);
  });

  test("completes and marks no-show on their own visits; another member's or another salon's is not found and unchanged", async () => {
    const stylist = await demoStylist();
    const other = await teamMember(stylist.vendorId, "stylist", "Other Stylist");
    const c = await customerWithPhone(null);
    const mine = await plantFor({ vendorId: stylist.vendorId, memberId: stylist.memberId, customerId: c.id, hoursFromNow: -2, status: "confirmed" });
    const missed = await plantFor({ vendorId: stylist.vendorId, memberId: stylist.memberId, customerId: c.id, hoursFromNow: -3, status: "confirmed" });
    const theirs = await plantFor({ vendorId: stylist.vendorId, memberId: other.memberId, customerId: c.id, hoursFromNow: -2, status: "confirmed" });
    const elsewhere = await createVendor("elsewhere");
    const db = await getDb();
    const status = async (id: number) => (await db.selectFrom("appointments").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

    const done = await run(action, post("/vendor/day", { intent: "complete", id: String(mine.id) }, stylist.cookie));
    expect(done.status).toBe(303);
    expect(await status(mine.id)).toBe("completed");
    expect((await run(action, post("/vendor/day", { intent: "no_show", id: String(missed.id) }, stylist.cookie))).status).toBe(303);
    expect(await status(missed.id)).toBe("no_show");

    const refused = await run(action, post("/vendor/day", { intent: "complete", id: String(theirs.id) }, stylist.cookie));
    expect(refused.status).toBe(404);
    expect(firstError(refused.body)).toBe("We couldn't find that appointment.");
    expect(await status(theirs.id)).toBe("confirmed");
    // The other member acts on their own.
    expect((await run(action, post("/vendor/day", { intent: "complete", id: String(theirs.id) }, other.cookie))).status).toBe(303);
    // Another salon's owner: not found either, whatever the id.
    const again = await plantFor({ vendorId: stylist.vendorId, memberId: stylist.memberId, customerId: c.id, hoursFromNow: -4, status: "confirmed" });
    expect((await run(action, post("/vendor/day", { intent: "complete", id: String(again.id) }, elsewhere.cookie))).status).toBe(404);
    expect(await status(again.id)).toBe("confirmed");
  });

  test("accepts their own request", async () => {
    const stylist = await demoStylist();
    const c = await customerWithPhone(null);
    const asked = await plantFor({ vendorId: stylist.vendorId, memberId: stylist.memberId, customerId: c.id, hoursFromNow: 30, status: "requested" });
    expect((await run(action, post("/vendor/day", { intent: "accept", id: String(asked.id) }, stylist.cookie))).status).toBe(303);
    const db = await getDb();
    expect((await db.selectFrom("appointments").select("status").where("id", "=", asked.id).executeTakeFirstOrThrow()).status).toBe("confirmed");
  });

  test("blocks their own time, never over an appointment; bad input is a 400 that changes nothing; removes only their own", async () => {
    const stylist = await demoStylist();
    const owner = await demoVendor();
    const db = await getDb();
    const count = async () =>
      Number(
        (
          await db
            .selectFrom("team_time_off")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const day = addDaysToDay(lagosToday(), 40);
    const before = await count();
    const bad: [Record<string, string>, string][] = [
      [{ intent: "block", day, from_hour: "14", to_hour: "12" }, "The end comes after the start."],
      [{ intent: "block", day: "not a day", from_hour: "10", to_hour: "12" }, "Date input not valid."],
      [{ intent: "block", day: addDaysToDay(lagosToday(), -3), from_hour: "10", to_hour: "12" }, "That time has already passed."],
      [{ intent: "block", day: addDaysToDay(lagosToday(), 200), from_hour: "10", to_hour: "12" }, "You can block time up to 90 days ahead."],
      [{ intent: "block", day, from_hour: "99", to_hour: "12" }, "Choose a start hour"],
      [{ intent: "block", day, from_hour: "10", to_hour: "12", note: "x".repeat(61) }, "Keep the note under 60 characters"],
    ];
    for (const [fields, message] of bad) {
      const outcome = await run(action, post("/vendor/day", fields, stylist.cookie));
      expect(outcome.status, message).toBe(400);
      expect(firstError(outcome.body), JSON.stringify(fields)).toBe(message);
    }
    expect(await count()).toBe(before);

    const c = await customerWithPhone(null);
    const booked = await plantFor({ vendorId: stylist.vendorId, memberId: stylist.memberId, customerId: c.id, hoursFromNow: 24 * 50, status: "confirmed" });
    const bookedRow = await db.selectFrom("appointments").select(["starts_at"]).where("id", "=", booked.id).executeTakeFirstOrThrow();
    const bookedDay = lagosToday(bookedRow.starts_at);
    const clash = await run(action, post("/vendor/day", { intent: "block", day: bookedDay, from_hour: "0", to_hour: "24" }, stylist.cookie));
    expect(clash.status).toBe(409);
    expect(firstError(clash.body)).toBe("You have an appointment in that time. Ask the salon's owner or manager to move it first.");
    expect(await count()).toBe(before);

    const ok = await run(action, post("/vendor/day", { intent: "block", day, from_hour: "12", to_hour: "14", note: "Lunch" }, stylist.cookie));
    expect(ok.status).toBe(303);
    const page = await run<Day>(loader, get("/vendor/day", stylist.cookie));
    const block = page.body.blocks.find((b) => b.note === "Lunch")!;
    expect(block).toBeDefined();
    // The owner's own day does not hold the stylist's block, and cannot remove it from there.
    expect((await run(action, post("/vendor/day", { intent: "unblock", id: String(block.id) }, owner.cookie))).status).toBe(404);
    expect(await count()).toBe(before + 1);
    expect((await run(action, post("/vendor/day", { intent: "unblock", id: String(block.id) }, stylist.cookie))).status).toBe(303);
    expect(await count()).toBe(before);
  });

  test("ids no integer column holds, and unknown intents, are 400s", async () => {
    const stylist = await demoStylist();
    const cases: Record<string, string>[] = [{ intent: "complete", id: "99999999999" }, { intent: "unblock", id: "-1" }, { intent: "cancel", id: "1" }, {}];
    for (const fields of cases) {
      expect((await run(action, post("/vendor/day", fields, stylist.cookie))).status, JSON.stringify(fields)).toBe(400);
    }
  });
});
