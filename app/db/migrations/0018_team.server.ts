import { sql, type Kysely } from "kysely";
import type { Dialect } from "../dialect.server";

// A salon is a team (docs/domain.md, "The team"): each vendor has members with their own hours, services, time off
// and calendar, and every appointment belongs to one member. Portable types as in 0001: text instants and days,
// integer kobo, 0/1 flags. Existing vendors become a team of one, their owner, so they behave as before.

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = (table: string) =>
    dialect === "postgres"
      ? db.schema.createTable(table).addColumn("id", "serial", (c) => c.primaryKey())
      : db.schema.createTable(table).addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());

  await id("team_members")
    .addColumn("vendor_id", "integer", (c) => c.notNull().references("vendors.id").onDelete("cascade"))
    // The member's own Glow account, once they joined by invitation (the owner's is the vendor's user).
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
    // An upload key, as a service's photos are stored; null: no photo.
    .addColumn("photo", "text")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("stylist")) // owner | manager | stylist
    .addColumn("bookable", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
    // The member's week as vendors.week_hours holds the salon's (JSON); null: the salon's hours.
    .addColumn("week_hours", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("team_members_vendor_idx").on("team_members").columns(["vendor_id", "sort"]).execute();
  // One owner per vendor, and an account is a member of one team at most (it signs in to that salon's day).
  await db.schema.createIndex("team_members_owner_unique").on("team_members").column("vendor_id").unique().where(sql.ref("role"), "=", "owner").execute();
  await db.schema.createIndex("team_members_user_unique").on("team_members").column("user_id").unique().where(sql.ref("user_id"), "is not", null).execute();

  // Which services a member performs, with their own price and duration; null: the service's own.
  await db.schema
    .createTable("team_member_services")
    .addColumn("member_id", "integer", (c) => c.notNull().references("team_members.id").onDelete("cascade"))
    .addColumn("service_id", "integer", (c) => c.notNull().references("services.id").onDelete("cascade"))
    .addColumn("price_kobo", "integer")
    .addColumn("duration_min", "integer")
    .addPrimaryKeyConstraint("team_member_services_pk", ["member_id", "service_id"])
    .execute();
  await db.schema.createIndex("team_member_services_service_idx").on("team_member_services").column("service_id").execute();

  // A member's time off: [starts_at, ends_at) instants; a whole-day entry runs from one Lagos midnight to another.
  await id("team_time_off")
    .addColumn("member_id", "integer", (c) => c.notNull().references("team_members.id").onDelete("cascade"))
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("ends_at", "text", (c) => c.notNull())
    .addColumn("all_day", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("team_time_off_member_idx").on("team_time_off").columns(["member_id", "ends_at"]).execute();

  // An invitation to join a team: a single-use link whose token is stored as its SHA-256 only.
  await id("team_invitations")
    .addColumn("vendor_id", "integer", (c) => c.notNull().references("vendors.id").onDelete("cascade"))
    .addColumn("member_id", "integer", (c) => c.notNull().references("team_members.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("invited_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("team_invitations_member_idx").on("team_invitations").column("member_id").execute();

  // The member an appointment is with, and whether the customer chose that person (1) or "anyone" (0).
  await db.schema
    .alterTable("appointments")
    .addColumn("member_id", "integer", (c) => c.references("team_members.id"))
    .execute();
  await db.schema
    .alterTable("appointments")
    .addColumn("member_chosen", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // When the salon moved an appointment the customer made with a named member to someone else: the customer may then
  // cancel with everything paid back, whatever the policy.
  await db.schema.alterTable("appointments").addColumn("member_changed_at", "text").execute();

  await backfillTeams(db);

  // The backstop under the booking lock (app/models/schedule/booking-lock.server.ts) moves from the vendor to the
  // member: two accepted appointments of one member never start at the same instant; two members may.
  await db.schema.dropIndex("appointments_vendor_start_live_unique").execute();
  await db.schema
    .createIndex("appointments_member_start_live_unique")
    .on("appointments")
    .columns(["member_id", "starts_at"])
    .unique()
    .where(sql.ref("status"), "in", sql`('requested', 'confirmed')`)
    .execute();
  await db.schema.createIndex("appointments_member_starts_idx").on("appointments").columns(["member_id", "starts_at"]).execute();
}

/** Every vendor so far becomes a team of one: its owner, on the salon's hours, performing every service, with every appointment. */
export async function backfillTeams(db: Kysely<unknown>): Promise<void> {
  await sql`insert into team_members (vendor_id, user_id, name, title, role, bookable, active, sort, created_at)
    select v.id, v.user_id, u.first_name || ' ' || u.last_name, '', 'owner', 1, 1, 0, v.created_at
    from vendors v join users u on u.id = v.user_id`.execute(db);
  await sql`insert into team_member_services (member_id, service_id)
    select m.id, s.id from services s join team_members m on m.vendor_id = s.vendor_id and m.role = 'owner'`.execute(db);
  await sql`update appointments set member_id =
    (select m.id from team_members m where m.vendor_id = appointments.vendor_id and m.role = 'owner')`.execute(db);
}
