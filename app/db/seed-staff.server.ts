import * as demo from "~/data/demo";
import { hashPassword } from "~/utils/password.server";
import type { Tx } from "./db.server";

// The seed's step for the demo salon's staff (docs/domain.md, "Roles"): the stylist account of the README's demo
// accounts, linked to a member of the demo vendor with the Stylist role, performing its services, with the demo
// appointments of services they perform, so their own day has something to show.

export async function seedDemoStylist(tx: Tx, vendorId: number, createdAt: string, visits: number[]): Promise<void> {
  const s = demo.demoStylist;
  const { id: userId } = await tx
    .insertInto("users")
    .values({
      email: s.email,
      password_hash: await hashPassword(s.password),
      first_name: s.firstName,
      last_name: s.lastName,
      role: "vendor",
      phone: null,
      address: null,
      city: "Lagos",
      state: "Lagos",
      created_at: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const name = `${s.firstName} ${s.lastName}`;
  // The team's own seed may already have a member of that name: link it rather than add a second.
  const existing = await tx.selectFrom("team_members").select("id").where("vendor_id", "=", vendorId).where("name", "=", name).executeTakeFirst();
  const memberId =
    existing?.id ??
    (
      await tx
        .insertInto("team_members")
        .values({ vendor_id: vendorId, user_id: null, name, title: s.title, photo: null, role: "stylist", sort: 1, week_hours: null, created_at: createdAt })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  await tx.updateTable("team_members").set({ user_id: userId, role: "stylist", active: 1 }).where("id", "=", memberId).execute();
  if (!existing) {
    const services = await tx.selectFrom("services").select("id").where("vendor_id", "=", vendorId).execute();
    if (services.length) {
      await tx
        .insertInto("team_member_services")
        .values(services.map((sv) => ({ member_id: memberId, service_id: sv.id, price_kobo: null, duration_min: null })))
        .execute();
    }
  }
  // Their visits (app/data/demo.ts, `stylist`), booked with the owner first: the vendor's counts stay as they were.
  if (visits.length) await tx.updateTable("appointments").set({ member_id: memberId }).where("id", "in", visits).execute();
}
