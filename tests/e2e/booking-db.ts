import crypto from "node:crypto";
import { plantSessionRow } from "../../scripts/plant-session.mjs";
import { withE2eDb } from "./e2e-db";

// Read-only facts and test accounts from the worker's e2e server's database (e2e-db.ts), for the booking specs.

/** ISO weekday (1 = Monday) of tomorrow in Lagos. */
export function tomorrowWeekday(): number {
  const lagos = new Date(Date.now() + 60 * 60_000); // Africa/Lagos is UTC+1 all year
  const tomorrow = new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate() + 1));
  return tomorrow.getUTCDay() || 7;
}

/**
 * A service to book tomorrow: the featured braids when the demo vendor opens tomorrow, otherwise an active
 * service of a vendor that does (the demo vendor closes on Sundays). With that vendor's login e-mail.
 */
export function serviceOpenTomorrow(): { serviceId: number; vendorEmail: string; title: string } {
  const weekday = String(tomorrowWeekday());
  return withE2eDb((db) => {
    const featured = db
      .prepare(
        "select s.id, s.title, u.email, v.open_days from services s join vendors v on v.id = s.vendor_id join users u on u.id = v.user_id where s.key = 'featured-braids'",
      )
      .get() as { id: number; title: string; email: string; open_days: string };
    if (featured.open_days.split(",").includes(weekday)) return { serviceId: featured.id, vendorEmail: featured.email, title: featured.title };
    const rows = db
      .prepare(
        "select s.id, s.title, u.email, v.open_days from services s join vendors v on v.id = s.vendor_id join users u on u.id = v.user_id where s.status = 'active' order by s.id",
      )
      .all() as { id: number; title: string; email: string; open_days: string }[];
    const open = rows.find((r) => r.open_days.split(",").includes(weekday))!;
    return { serviceId: open.id, vendorEmail: open.email, title: open.title };
  });
}

export function featuredServiceId(): number {
  return withE2eDb((db) => (db.prepare("select id from services where key = 'featured-braids'").get() as { id: number }).id);
}

/** A new customer with a session; returns the Cookie header value that signs them in. */
export function customerSession(label: string): string {
  return withE2eDb((db) => {
    const email = `${label}-${crypto.randomBytes(4).toString("hex")}@customers.test`;
    const { lastInsertRowid } = db
      .prepare(
        "insert into users (email, password_hash, first_name, last_name, role, created_at, email_confirmed_at) values (?, '!unusable', 'Race', 'Runner', 'customer', ?, ?)",
      )
      .run(email, new Date().toISOString(), new Date().toISOString());
    return `glow_session=${plantSessionRow(db, Number(lastInsertRowid))}`;
  });
}

export function liveAppointmentsAt(serviceId: number, startsAt: string): number {
  return withE2eDb(
    (db) =>
      (
        db
          .prepare(
            "select count(*) as n from appointments a join services s on s.vendor_id = a.vendor_id where s.id = ? and a.starts_at = ? and a.status in ('held', 'requested', 'confirmed')",
          )
          .get(serviceId, startsAt) as { n: number }
      ).n,
  );
}

/**
 * A copy of `serviceOpenTomorrow()`'s vendor (a new user, vendor row and its owner member, service, its media, tags and materials) that
 * no other test books: a test that needs free times gets all of them, whatever ran before it. The vendor keeps the
 * original's schedule, so its free times are the ones a fresh database would show.
 */
export function ownVendorService(label: string): { serviceId: number; vendorEmail: string; title: string } {
  const { serviceId } = serviceOpenTomorrow();
  return withE2eDb((db) =>
    db.transaction(() => {
      const columns = (table: string, except: string[]) =>
        (db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name).filter((c) => !except.includes(c));
      const copy = (table: string, set: Record<string, unknown>, where: string, ...params: unknown[]) => {
        const kept = columns(table, ["id", ...Object.keys(set)]);
        const names = [...Object.keys(set), ...kept].join(", ");
        const values = [...Object.keys(set).map(() => "?"), ...kept].join(", ");
        return db.prepare(`insert into ${table} (${names}) select ${values} from ${table} where ${where}`).run(...Object.values(set), ...params);
      };
      const suffix = `${label}-${crypto.randomBytes(4).toString("hex")}`.toLowerCase().replace(/[^a-z0-9-]/g, "-");
      const service = db.prepare("select vendor_id, title from services where id = ?").get(serviceId) as { vendor_id: number; title: string };
      const vendor = db.prepare("select user_id from vendors where id = ?").get(service.vendor_id) as { user_id: number };
      const vendorEmail = `${suffix}@vendors.test`;
      const userId = Number(copy("users", { email: vendorEmail }, "id = ?", vendor.user_id).lastInsertRowid);
      const vendorId = Number(copy("vendors", { user_id: userId, slug: suffix }, "id = ?", service.vendor_id).lastInsertRowid);
      const newService = Number(copy("services", { vendor_id: vendorId, key: null }, "id = ?", serviceId).lastInsertRowid);
      for (const table of ["service_media", "service_tags", "materials"]) copy(table, { service_id: newService }, "service_id = ?", serviceId);
      // A team of one, as every vendor is (docs/domain.md, "The team"): its owner performs the service.
      const ownerId = Number(
        db
          .prepare(
            "insert into team_members (vendor_id, user_id, name, role, created_at) select ?, ?, first_name || ' ' || last_name, 'owner', ? from users where id = ?",
          )
          .run(vendorId, userId, new Date().toISOString(), userId).lastInsertRowid,
      );
      db.prepare("insert into team_member_services (member_id, service_id) values (?, ?)").run(ownerId, newService);
      return { serviceId: newService, vendorEmail, title: service.title };
    })(),
  );
}

export interface PlantedVisit {
  id: number;
  ref: string;
  token: string;
  serviceId: number;
  vendorId: number;
  title: string;
  groupName: string;
  totalKobo: number;
}

/**
 * An appointment of the demo customer with the demo vendor's featured braids, written straight into the e2e
 * database: a browser test cannot make time pass. `daysFromNow` is negative for a past visit; `lagosHour` is its
 * start in Lagos (UTC+1 all year). Specs give each planted visit an hour and day no other spec uses.
 */
export function plantVisit(args: {
  daysFromNow: number;
  lagosHour: number;
  hours?: number;
  status: "requested" | "confirmed" | "completed" | "no_show";
  /** Paid online at booking; the caller writes the payment and ledger rows it needs. */
  paidOnline?: boolean;
}): PlantedVisit {
  return withE2eDb((db) => {
    const service = db.prepare("select id, vendor_id, title, group_name, price_kobo from services where key = 'featured-braids'").get() as {
      id: number;
      vendor_id: number;
      title: string;
      group_name: string;
      price_kobo: number;
    };
    const customer = db.prepare("select id from users where email = 'customer@example.com'").get() as { id: number };
    const ref = `GLW-${crypto.randomBytes(3).toString("hex").toUpperCase()}`;
    const token = crypto.randomBytes(24).toString("base64url");
    const start = new Date(Date.now() + args.daysFromNow * 86_400_000);
    start.setUTCHours(args.lagosHour - 1, 0, 0, 0);
    const end = new Date(start.getTime() + (args.hours ?? 1) * 3_600_000);
    const now = new Date().toISOString();
    const answerBy = args.status === "requested" ? new Date(Date.now() + 86_400_000).toISOString() : null;
    const { lastInsertRowid } = db
      .prepare(
        `insert into appointments (ref, customer_id, vendor_id, service_id, starts_at, ends_at, status, payment_status, payment_method, total_kobo, comment, pay_token, hold_expires_at, paid_by_name, paid_at, status_reason, created_at, updated_at, answer_by)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null, ?, null, null, ?, null, ?, ?, ?)`,
      )
      .run(
        ref,
        customer.id,
        service.vendor_id,
        service.id,
        start.toISOString(),
        end.toISOString(),
        args.status,
        args.paidOnline ? "paid" : "unpaid",
        args.paidOnline ? "online" : "vendor",
        service.price_kobo,
        token,
        args.paidOnline ? now : null,
        now,
        now,
        answerBy,
      );
    db.prepare("insert into appointment_items (appointment_id, kind, name, price_kobo) values (?, 'service', ?, ?)").run(
      lastInsertRowid,
      service.title,
      service.price_kobo,
    );
    return {
      id: Number(lastInsertRowid),
      ref,
      token,
      serviceId: service.id,
      vendorId: service.vendor_id,
      title: service.title,
      groupName: service.group_name,
      totalKobo: service.price_kobo,
    };
  });
}
