import { sql, type ExpressionBuilder } from "kysely";
import { getDb, type DB, type Executor } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { type CustomerTab, SEARCH_MAX, VENDOR_TABS, type VendorTab } from "./views";
import { effectiveStatus } from "./rules.server";
import { findScoped } from "./store.server";
import { publicVendorAddress } from "~/models/accounts/public-address";
import { pageSlice } from "~/db/page-slice.server";
import { compiledRead, compiledReads } from "~/db/compiled-read.server";

// Lists and details for the customer's and the vendor's pages

export const PAGE_SIZE = 20;

/** The items of a number of appointments, compiled once per number (a page of a list, or one appointment). */
const itemsOfIds = compiledReads(24, (_count: readonly [number], db, ...ids: number[]) =>
  db.selectFrom("appointment_items").select(["appointment_id", "kind", "name", "price_kobo"]).where("appointment_id", "in", ids).orderBy("id"),
);

async function itemsOf(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, { kind: string; name: string; priceKobo: number }[]>();
  const items = await itemsOfIds([ids.length], db, ...ids);
  const byAppointment = new Map<number, { kind: string; name: string; priceKobo: number }[]>();
  for (const i of items) {
    const list = byAppointment.get(i.appointment_id) ?? [];
    list.push({ kind: i.kind, name: i.name, priceKobo: i.price_kobo });
    byAppointment.set(i.appointment_id, list);
  }
  return byAppointment;
}

/**
 * The query of a customer's list: built and compiled once per tab and page, then sent with the customer and the
 * time in their places (db/compiled-read.server.ts; every signed-in customer's appointments page asks it).
 */
const customerList = compiledReads(40, ([tab, page]: readonly [CustomerTab, number], db, customerId: number, nowIso: string) =>
  db
    .selectFrom("appointments as a")
    .innerJoin("services as s", "s.id", "a.service_id")
    .innerJoin("vendors as v", "v.id", "a.vendor_id")
    .select([
      "a.id",
      "a.ref",
      "a.status",
      "a.hold_expires_at",
      "a.payment_status",
      "a.starts_at",
      "a.total_kobo",
      "a.deposit_kobo",
      "a.location_type",
      // "Book again" opens booking with the same service and stylist (docs/domain.md, "Clients").
      "a.service_id",
      "s.status as service_status",
      "s.title as service_title",
      "s.image as service_image",
      "v.business_name",
      "v.area",
      "v.city",
    ])
    // The stylist for "Book again", while they still take online bookings for the service (else: anyone available).
    .select((eb) =>
      eb
        .selectFrom("team_member_services as ms")
        .innerJoin("team_members as m", "m.id", "ms.member_id")
        .select("m.id")
        .whereRef("ms.service_id", "=", "a.service_id")
        .whereRef("m.id", "=", "a.member_id")
        .where("m.active", "=", 1)
        .where("m.bookable", "=", 1)
        .as("again_member_id"),
    )
    .where("a.customer_id", "=", customerId)
    .where((eb) => {
      const upcoming = eb.or([
        eb.and([eb("a.status", "in", ["requested", "confirmed"]), eb("a.ends_at", ">", nowIso)]),
        eb.and([eb("a.status", "=", "held"), eb("a.hold_expires_at", ">", nowIso)]),
        // A visit cancelled or declined ahead of its day stays with the days to come, marked so, until that day:
        // the customer looks for it there (and for its refund), not among the visits that happened.
        eb.and([eb("a.status", "in", ["cancelled", "declined"]), eb("a.starts_at", ">", nowIso)]),
      ]);
      return tab === "upcoming" ? upcoming : eb.not(upcoming);
    })
    .orderBy("a.starts_at", tab === "upcoming" ? "asc" : "desc")
    .$call((q) => pageSlice(q, PAGE_SIZE + 1, (page - 1) * PAGE_SIZE)),
);

/** The customer's upcoming appointments (soonest first) or past ones (latest first), a page at a time. */
export async function listCustomerAppointments(customerId: number, tab: CustomerTab, page: number, now: Date = new Date()) {
  const db = await getDb();
  const rows = await customerList([tab, page], db, customerId, now.toISOString());
  const items = await itemsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    hasMore: rows.length > PAGE_SIZE,
    rows: rows.slice(0, PAGE_SIZE).map((r) => ({
      ...r,
      status: effectiveStatus(r, now),
      priceKobo: items.get(r.id)?.find((i) => i.kind === "service")?.priceKobo ?? r.total_kobo,
    })),
  };
}

/** What the customer's appointment page shows of the service and the salon besides the appointment. */
const serviceAndSalon = compiledRead((db, serviceId: number) =>
  db
    .selectFrom("services as s")
    .innerJoin("vendors as v", "v.id", "s.vendor_id")
    .select(["s.image", "v.business_address", "v.area", "v.city", "v.slug as vendor_slug", "v.whatsapp_phone as vendor_whatsapp"])
    .where("s.id", "=", serviceId),
);

/** One appointment of the customer with everything its detail shows. */
export async function getCustomerAppointment(customerId: number, ref: string, now: Date = new Date()) {
  const db = await getDb();
  const row = await findScoped(db, { customerId }, { ref });
  if (!row) return undefined;
  const [[extra], items] = await Promise.all([serviceAndSalon(db, row.service_id), itemsOf(db, [row.id])]);
  if (!extra) throw new Error(`appointment ${row.id}: its service ${row.service_id} is gone`);
  return { ...row, ...extra, address: publicVendorAddress(extra), status: effectiveStatus(row, now), items: items.get(row.id) ?? [] };
}

type VendorBookDb = Database & { a: Database["appointments"]; s: Database["services"]; cat: Database["categories"]; c: Database["users"] };
type AppointmentsEb = ExpressionBuilder<VendorBookDb, "a">;

function vendorBase(db: Executor, vendorId: number) {
  return db
    .selectFrom("appointments as a")
    .innerJoin("services as s", "s.id", "a.service_id")
    .innerJoin("categories as cat", "cat.id", "s.category_id")
    .innerJoin("users as c", "c.id", "a.customer_id")
    .where("a.vendor_id", "=", vendorId);
}

/** The vendor's own appointments alone, one member's when the owner filters by member. */
function ownBook(db: Executor, vendorId: number, memberId: number | null | undefined) {
  const book = db.selectFrom("appointments as a").where("a.vendor_id", "=", vendorId);
  return memberId ? book.where("a.member_id", "=", memberId) : book;
}

/** Which appointments each tab of the vendor's page holds. Held orders are not the vendor's business yet. */
function inTab(eb: AppointmentsEb, tab: VendorTab, nowIso: string) {
  switch (tab) {
    case "new":
      return eb("a.status", "=", "requested");
    case "upcoming":
      return eb.and([eb("a.status", "=", "confirmed"), eb("a.starts_at", ">", nowIso)]);
    case "past":
      return eb.or([eb.and([eb("a.status", "=", "confirmed"), eb("a.starts_at", "<=", nowIso)]), eb("a.status", "=", "no_show")]);
    case "completed":
      return eb("a.status", "=", "completed");
    case "canceled":
      return eb("a.status", "in", ["declined", "cancelled"]);
  }
}

// What shapes the vendor's list and counts: the tab and page (the list's only), whether one member's book is asked
// for, and whether a search narrows it. Each shape's queries are built and compiled once, then sent with the vendor,
// the time, the member and the search pattern in their places (db/compiled-read.server.ts): every salon owner's and
// stylist's Appointments page asks them. A shape without a member or a search leaves that value unsent.

/** The vendor's appointments, one member's when the owner filters by member, searched when a pattern is given. */
function searchedBook(db: DB, vendorId: number, memberId: number | undefined, pattern: string | undefined) {
  // One member's appointments only, when the owner filters by member (another vendor's member matches nothing).
  const base = memberId === undefined ? vendorBase(db, vendorId) : vendorBase(db, vendorId).where("a.member_id", "=", memberId);
  return pattern === undefined
    ? base
    : base.where((eb) =>
        eb.or([
          sql<boolean>`lower(c.first_name || ' ' || c.last_name) like ${pattern} escape '\\'`,
          sql<boolean>`lower(s.title) like ${pattern} escape '\\'`,
          sql<boolean>`lower(a.ref) like ${pattern} escape '\\'`,
        ]),
      );
}

const vendorList = compiledReads(
  80,
  ([tab, page, member, searching]: readonly [VendorTab, number, boolean, boolean], db, vendorId: number, nowIso: string, memberId: number, pattern: string) => {
    return (
      searchedBook(db, vendorId, member ? memberId : undefined, searching ? pattern : undefined)
        .where((eb) => inTab(eb, tab, nowIso))
        .select([
          "a.id",
          "a.ref",
          "a.status",
          "a.starts_at",
          "a.total_kobo",
          "a.gift_kobo",
          "a.promo_kobo",
          "a.promo_code",
          "a.deposit_kobo",
          "a.payment_status",
          "a.payment_method",
          "a.location_type",
          "a.location_address",
          "a.status_reason",
          "a.comment",
          "a.previous_starts_at",
          "a.customer_id",
          "a.service_id",
          "a.member_id",
          "s.title as service_title",
          "s.group_name",
          "cat.title as category_title",
          "c.first_name",
          "c.last_name",
          "c.address as customer_address",
          "c.city as customer_city",
          "c.phone as customer_phone",
        ])
        .select((eb) => [
          eb.selectFrom("team_members as tm").select("tm.name").whereRef("tm.id", "=", "a.member_id").as("member_name"),
          eb
            .selectFrom("team_members as tc")
            .select((e) => e.fn.countAll<number | string>().as("n"))
            .whereRef("tc.vendor_id", "=", "a.vendor_id")
            .as("team_size"),
        ])
        // An open reported problem (models/appointments/problems.server.ts): the vendor sees it, and its buttons are refused.
        .select((eb) =>
          eb
            .selectFrom("visit_problems as vp")
            .select("vp.reason")
            .whereRef("vp.appointment_id", "=", "a.id")
            .where("vp.resolved_at", "is", null)
            .as("problem_reason"),
        )
        .orderBy("a.starts_at", tab === "new" || tab === "upcoming" ? "asc" : "desc")
        .$call((q) => pageSlice(q, PAGE_SIZE + 1, (page - 1) * PAGE_SIZE))
    );
  },
);

// Every tab's count in one pass over the vendor's own appointments (their index): a count per tab was five
// queries, and SQLite answered one tab's status from the status index across every vendor's book. Unless a
// search looks at the service's or the customer's name, no other table is read: every appointment has both (not
// null, foreign keys), so the joins could not change a count, and reading them was most of the query's time.
const vendorCounts = compiledReads(
  4,
  ([member, searching]: readonly [boolean, boolean], db, vendorId: number, nowIso: string, memberId: number, pattern: string) => {
    const own = member ? memberId : undefined;
    return (searching ? searchedBook(db, vendorId, own, pattern) : ownBook(db, vendorId, own)).select((eb) =>
      VENDOR_TABS.map((tab) =>
        eb.fn
          .countAll<number | string>()
          .filterWhere(inTab(eb, tab, nowIso))
          .as(tab),
      ),
    );
  },
);

/** The vendor's appointments in one tab, optionally searched by customer name, service or booking reference. */
export async function listVendorAppointments(
  vendorId: number,
  args: { tab: VendorTab; q: string; page: number; memberId?: number | null },
  now: Date = new Date(),
) {
  const db = await getDb();
  const q = args.q.trim().slice(0, SEARCH_MAX).toLowerCase();
  const member = Boolean(args.memberId);
  const searching = q !== "";
  const values = [vendorId, now.toISOString(), args.memberId ?? 0, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`] as const;
  // A search looks through every tab: each tab's count is then its number of matches, so the vendor sees where a
  // name or reference is (a declined request moves to Canceled).
  const [rows, [counts]] = await Promise.all([
    vendorList([args.tab, args.page, member, searching], db, ...values),
    vendorCounts([member, searching], db, ...values),
  ]);
  if (!counts) throw new Error("a count query answers one row");
  const items = await itemsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    counts: Object.fromEntries(VENDOR_TABS.map((tab) => [tab, Number(counts[tab])])) as Record<VendorTab, number>,
    hasMore: rows.length > PAGE_SIZE,
    rows: rows.slice(0, PAGE_SIZE).map((r) => ({
      ...r,
      // Where to go, for a home visit only: a salon visit needs no customer's address.
      address: r.location_type === "home" ? (r.location_address ?? ([r.customer_address, r.customer_city].filter(Boolean).join(", ") || null)) : null,
      items: items.get(r.id) ?? [],
    })),
  };
}
