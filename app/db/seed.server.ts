import { sql, type Kysely } from "kysely";
import * as catalogue from "~/data/catalogue";
import { nigerianBanks } from "~/data/banks";
import * as demo from "~/data/demo";
import type { ServiceData, VendorData } from "~/data/types";
import { platformFeeKobo } from "~/utils/fees";
import { earnedLevel } from "~/utils/levels";
import { levelFacts } from "./level-facts.server";
import { hashPassword, UNUSABLE_PASSWORD } from "~/utils/password.server";
import { bookingRef, randomToken } from "~/utils/random.server";
import { addDaysToDay, isoWeekday, lagosInstant, lagosToday } from "~/utils/time";
import type { Dialect } from "./dialect.server";
import type { Database } from "./schema";
import type { Tx } from "./db.server";
import { addOwnerMember, giveServiceToOwner } from "./team-owner.server";
import { seedDemoClients } from "./seed-clients.server";
import { seedDemoStylist } from "./seed-staff.server";
import { seedCalendarDays } from "./seed-calendar.server";
import { seedDemoGifts, seedDemoPromo } from "./seed-gifts.server";

// Loads app/data into an empty database: the catalogue, the demo accounts and the data that fills their pages.
// It runs in one transaction, so a crash half-way leaves an empty database that the next start seeds again.

const SEED_LOCK = 727_001; // PostgreSQL advisory lock id: several app processes starting together seed once

export async function seedIfEmpty(db: Kysely<Database>, dialect: Dialect): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    if (dialect === "postgres") await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(tx);
    const existing = await tx.selectFrom("users").select("id").limit(1).executeTakeFirst();
    if (existing) return false;
    await seed(tx, new Date());
    return true;
  });
}

/** Inserts many rows in chunks (PostgreSQL caps bind parameters at 65535 per statement). */
async function insertMany<T extends keyof Database & string>(tx: Tx, table: T, rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += 500) {
    await tx
      .insertInto(table)
      .values(rows.slice(i, i + 500) as never)
      .execute();
  }
}

const ratingRows = (stars: { stars: number; count: number }[]) => stars.flatMap(({ stars: rating, count }) => Array.from({ length: count }, () => rating));

/**
 * Where the seed puts the demo vendor's visits: each inside the vendor's seeded hours (an open weekday, between
 * opening and closing) and none overlapping another. A day that falls on a closed weekday moves away from today to
 * the next open one (future visits later, past ones earlier); an hour already taken moves to the next free one.
 */
export function visitPlacer(vendor: Pick<VendorData, "openDays" | "opensHour" | "closesHour">, today: string) {
  const taken = new Set<string>();
  return (dayOffset: number, wantedHour: number, hours: number): { day: string; hour: number } => {
    const step = dayOffset < 0 ? -1 : 1;
    const latest = vendor.closesHour - hours;
    const choices = latest - vendor.opensHour + 1;
    for (let offset = dayOffset; Math.abs(offset - dayOffset) <= 366; offset += step) {
      const day = addDaysToDay(today, offset);
      if (!vendor.openDays.includes(isoWeekday(day))) continue;
      const first = Math.max(vendor.opensHour, Math.min(wantedHour, latest));
      for (let i = 0; i < choices; i++) {
        const hour = vendor.opensHour + ((first - vendor.opensHour + i) % choices);
        const span = Array.from({ length: hours }, (_, h) => `${day}T${hour + h}`);
        if (span.some((k) => taken.has(k))) continue;
        for (const k of span) taken.add(k);
        return { day, hour };
      }
    }
    throw new Error("The demo vendor has no open hours to seed visits into.");
  };
}

async function seed(tx: Tx, now: Date) {
  const nowIso = now.toISOString();
  const today = lagosToday(now);
  const daysAgoIso = (days: number, hour = 12) => lagosInstant(addDaysToDay(today, -days), hour);

  // Content blocks: the editorial parts of Home and the footer.
  const blocks: Record<string, unknown> = {
    popularSearches: catalogue.popularSearches,
    categoryTags: catalogue.categoryTags,
    popularCategories: catalogue.popularCategories,
    serviceIcons: catalogue.serviceIcons,
    trending: catalogue.trending,
    picks: catalogue.picks,
    footerColumns: catalogue.footerColumns,
  };
  await insertMany(
    tx,
    "content_blocks",
    Object.entries(blocks).map(([key, data]) => ({ key, data: JSON.stringify(data) })),
  );

  // Categories and their style sliders.
  const categoryIds = new Map<string, number>();
  for (const [sort, c] of catalogue.categories.entries()) {
    const { id } = await tx
      .insertInto("categories")
      .values({
        slug: c.slug,
        title: c.title,
        heading: c.heading,
        sort,
        title_span1: c.banner.titleSpan1,
        title_span2: c.banner.titleSpan2,
        title_span3: c.banner.titleSpan3 ?? null,
        paragraph: c.banner.paragraph,
        img1: c.banner.img1,
        img2: c.banner.img2,
        refundable: catalogue.nonRefundableGroups.includes(catalogue.groupOf[c.slug]) ? 0 : 1,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    categoryIds.set(c.slug, id);
    await insertMany(
      tx,
      "category_styles",
      c.styles.map((s, i) => ({ category_id: id, text: s.text, img: s.img, sort: i })),
    );
  }

  // People: demo accounts first, then sample customers and the vendors' own users.
  const [customerHash, vendorHash, adminHash] = await Promise.all([
    hashPassword(demo.demoAccounts.customer.password),
    hashPassword(demo.demoAccounts.vendor.password),
    hashPassword(demo.demoAccounts.admin.password),
  ]);
  const addUser = async (
    u: { email: string; hash: string; first: string; last: string; role: "customer" | "vendor" | "admin" },
    extra: Partial<Database["users"]> = {},
  ) =>
    (
      await tx
        .insertInto("users")
        .values({
          email: u.email.toLowerCase(),
          password_hash: u.hash,
          first_name: u.first,
          last_name: u.last,
          role: u.role,
          created_at: daysAgoIso(120),
          email_confirmed_at: daysAgoIso(120),
          phone: null,
          address: null,
          city: null,
          state: null,
          ...extra,
        } as never)
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;

  const demoCustomerId = await addUser(
    {
      email: demo.demoAccounts.customer.email,
      hash: customerHash,
      first: demo.demoAccounts.customer.firstName,
      last: demo.demoAccounts.customer.lastName,
      role: "customer",
    },
    {
      phone: demo.demoCustomerProfile.phone,
      address: demo.demoCustomerProfile.address,
      city: demo.demoCustomerProfile.city,
      state: demo.demoCustomerProfile.state,
    },
  );
  await addUser({
    email: demo.demoAccounts.admin.email,
    hash: adminHash,
    first: demo.demoAccounts.admin.firstName,
    last: demo.demoAccounts.admin.lastName,
    role: "admin",
  });
  const sampleCustomerIds: number[] = [];
  for (const c of demo.sampleCustomers) {
    sampleCustomerIds.push(
      await addUser(
        { email: `${c.firstName}.${c.lastName}@customers.glow.example`, hash: UNUSABLE_PASSWORD, first: c.firstName, last: c.lastName, role: "customer" },
        { address: c.address, city: c.city, state: c.state },
      ),
    );
  }
  const customerIdOf = (who: number | "demo") => (who === "demo" ? demoCustomerId : sampleCustomerIds[who % sampleCustomerIds.length]!);

  const vendorIds = new Map<string, number>();
  const vendorUserIds = new Map<string, number>();
  for (const v of catalogue.vendors) {
    const isDemo = v.email.toLowerCase() === demo.demoAccounts.vendor.email;
    const userId = await addUser(
      { email: v.email, hash: isDemo ? vendorHash : UNUSABLE_PASSWORD, first: v.firstName, last: v.lastName, role: "vendor" },
      { phone: isDemo ? "+2348029876543" : null, city: v.city, state: v.state },
    );
    vendorUserIds.set(v.key, userId);
    vendorIds.set(v.key, await insertVendor(tx, v, userId, daysAgoIso(200)));
    // The demo vendor chats on WhatsApp too (the "Chat on WhatsApp" links); the number is a sample.
    if (isDemo) await tx.updateTable("vendors").set({ whatsapp_phone: "+2348029876543" }).where("id", "=", vendorIds.get(v.key)!).execute();
  }

  // Services with media, tags, materials and ratings.
  const serviceIds = new Map<string, number>();
  for (const s of catalogue.services) {
    const id = await insertService(tx, s, vendorIds.get(s.vendorKey)!, categoryIds.get(s.category)!, daysAgoIso(90));
    serviceIds.set(s.key, id);
  }

  // The demo customer's favourites: the first active services of other categories, for variety.
  const favourites = catalogue.services
    .filter((s) => (s.status ?? "active") === "active")
    .filter((_, i) => i % 9 === 0)
    .slice(0, demo.demoFavouriteCount);
  await insertMany(
    tx,
    "favorites",
    favourites.map((s, i) => ({ user_id: demoCustomerId, service_id: serviceIds.get(s.key)!, created_at: daysAgoIso(i + 1) })),
  );
  await insertMany(
    tx,
    "recently_viewed",
    catalogue.services.slice(3, 9).map((s, i) => ({ owner: `u:${demoCustomerId}`, service_id: serviceIds.get(s.key)!, viewed_at: daysAgoIso(i) })),
  );

  // The demo vendor's book and money.
  const demoVendor = catalogue.vendors.find((v) => v.email.toLowerCase() === demo.demoAccounts.vendor.email)!;
  const demoVendorId = vendorIds.get(demoVendor.key)!;
  const demoServices = catalogue.services.filter((s) => s.vendorKey === demoVendor.key && (s.status ?? "active") === "active");

  const placeVisit = visitPlacer(demoVendor, today);
  await seedDemoTeam(tx, demoVendorId, demoServices, serviceIds, daysAgoIso(180));
  const demoOwner = await tx
    .selectFrom("team_members")
    .select("id")
    .where("vendor_id", "=", demoVendorId)
    .where("role", "=", "owner")
    .executeTakeFirstOrThrow();

  const book = async (a: demo.DemoAppointment, createdAt: string) => {
    const service = demoServices[a.service % demoServices.length]!;
    const hours = Math.ceil(service.durationMin / 60);
    const required = service.materials.filter((m) => m.required);
    const total = service.priceKobo + required.reduce((sum, m) => sum + m.priceKobo, 0);
    const { day, hour } = placeVisit(a.dayOffset, a.hour, hours);
    const startsAt = lagosInstant(day, hour);
    const { id } = await tx
      .insertInto("appointments")
      .values({
        ref: bookingRef(),
        customer_id: customerIdOf(a.customer),
        vendor_id: demoVendorId,
        member_id: demoOwner.id,
        service_id: serviceIds.get(service.key)!,
        starts_at: startsAt,
        ends_at: lagosInstant(day, hour + hours),
        status: a.status,
        payment_status: a.paid ? "paid" : "unpaid",
        payment_method: a.payment,
        total_kobo: total,
        comment: null,
        pay_token: randomToken(),
        hold_expires_at: null,
        paid_by_name: null,
        paid_at: a.paid ? createdAt : null,
        status_reason: a.status === "cancelled" ? "Customer could not make it" : a.status === "declined" ? "Fully booked that day" : null,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await insertMany(tx, "appointment_items", [
      { appointment_id: id, kind: "service", name: service.title, price_kobo: service.priceKobo },
      ...required.map((m) => ({ appointment_id: id, kind: "material", name: m.name, price_kobo: m.priceKobo })),
    ]);
    if (a.paid) {
      await tx
        .insertInto("payments")
        .values({
          appointment_id: id,
          provider: a.payment === "credit" ? "credit" : "test",
          reference: `seed-${id}`,
          amount_kobo: total,
          status: "succeeded",
          payer_name: null,
          payer_email: null,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
      // Money for a visit still to come is pending for the vendor (see app/models/money/ledger.server.ts).
      const account = a.status === "requested" || a.status === "confirmed" ? "pending" : "available";
      await insertMany(tx, "ledger_entries", [
        {
          vendor_id: demoVendorId,
          kind: "earning",
          amount_kobo: total,
          title: service.title,
          group_name: service.group,
          appointment_id: id,
          withdrawal_id: null,
          created_at: createdAt,
          account,
        },
        {
          vendor_id: demoVendorId,
          kind: "fee",
          amount_kobo: -platformFeeKobo(total),
          title: `Platform fee: ${service.title}`,
          group_name: service.group,
          appointment_id: id,
          withdrawal_id: null,
          created_at: createdAt,
          account,
        },
      ]);
    }
    return id;
  };

  const stylistVisits: number[] = [];
  for (const a of demo.demoAppointments) {
    const id = await book(a, daysAgoIso(Math.max(1, -a.dayOffset + 2), 9));
    if (a.stylist) stylistVisits.push(id);
  }
  // A completed, paid history: one appointment every day, at a rotating hour, so Finance has pages of rows.
  for (let d = 2; d <= demo.demoHistoryDays; d++) {
    if (d === 12 || d === 20) continue; // days already used by the story above
    await book({ customer: d, service: d, dayOffset: -d, hour: 9 + (d % 8), status: "completed", payment: "online", paid: true }, daysAgoIso(d, 20));
  }

  // Saved bank accounts and one completed withdrawal.
  const holder = `${demoVendor.firstName} ${demoVendor.lastName}`;
  const bankIds: number[] = [];
  for (const b of demo.demoBankAccounts) {
    const bank = nigerianBanks.find((n) => n.code === b.bankCode)!;
    const { id } = await tx
      .insertInto("bank_accounts")
      .values({
        vendor_id: demoVendorId,
        bank_code: bank.code,
        bank_name: bank.name,
        number: b.number,
        holder,
        created_at: daysAgoIso(60),
        deleted_at: null,
        verified_at: daysAgoIso(60),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    bankIds.push(id);
  }
  const { id: withdrawalId } = await tx
    .insertInto("withdrawals")
    .values({
      vendor_id: demoVendorId,
      bank_account_id: bankIds[0]!,
      amount_kobo: demo.demoWithdrawalKobo,
      status: "paid",
      code_hash: null,
      code_expires_at: null,
      attempts: 1,
      created_at: daysAgoIso(10),
      completed_at: daysAgoIso(10),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await tx
    .insertInto("ledger_entries")
    .values({
      vendor_id: demoVendorId,
      kind: "withdrawal",
      amount_kobo: -demo.demoWithdrawalKobo,
      title: "Withdrawal to bank",
      group_name: null,
      appointment_id: null,
      withdrawal_id: withdrawalId,
      created_at: daysAgoIso(10),
    })
    .execute();

  // Conversations with the demo vendor.
  const demoVendorUserId = vendorUserIds.get(demoVendor.key)!;
  for (const c of demo.demoConversations) {
    const customerId = customerIdOf(c.customer);
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();
    const last = c.messages[c.messages.length - 1]!;
    const { id } = await tx
      .insertInto("conversations")
      .values({
        customer_id: customerId,
        vendor_id: demoVendorId,
        pinned_by_vendor: c.pinned ? 1 : 0,
        customer_read_at: at(last[2]),
        vendor_read_at: c.unread ? at(last[2] + 60) : at(last[2]),
        last_message_at: at(last[2]),
        created_at: at(c.messages[0]![2]),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await insertMany(
      tx,
      "messages",
      c.messages.map(([from, body, minutesAgo]) => ({
        conversation_id: id,
        sender_id: from === "vendor" ? demoVendorUserId : customerId,
        body,
        created_at: at(minutesAgo),
      })),
    );
  }
  await seedDemoStylist(tx, demoVendorId, daysAgoIso(30), stylistVisits);
  await seedCalendarDays(tx, { vendorId: demoVendorId, vendor: demoVendor, today, customerIds: sampleCustomerIds, nowIso });
  const walkInService = demoServices.find((sv) => sv.durationMin <= 60) ?? demoServices[0]!;
  await seedDemoClients(tx, {
    vendorId: demoVendorId,
    customerId: demoCustomerId,
    ownerMemberId: demoOwner.id,
    service: { id: serviceIds.get(walkInService.key)!, title: walkInService.title, priceKobo: walkInService.priceKobo, durationMin: walkInService.durationMin },
    place: placeVisit,
    now,
  });
  await seedDemoGifts(tx, demoVendorId, { email: demo.demoAccounts.customer.email, firstName: demo.demoAccounts.customer.firstName }, now);
  await seedDemoPromo(tx, demoVendorId, now);
  await seedLevels(tx, { vendorIds, demoVendorKey: demoVendor.key, demoVendorUserId, confirmedAt: daysAgoIso(200), now });
}

/**
 * Verification levels (app/utils/levels.ts): the demo vendor confirmed their phone and e-mail and had their NIN
 * checked; the sample vendors the catalogue marks as established (level 2 or more there) had their CAC registration
 * checked. Then every vendor gets the level its seeded data earns, by the query and rules background work uses.
 */
async function seedLevels(
  tx: Tx,
  s: { vendorIds: Map<string, number>; demoVendorKey: string; demoVendorUserId: number; confirmedAt: string; now: Date },
): Promise<void> {
  await tx.updateTable("users").set({ email_confirmed_at: s.confirmedAt, phone_confirmed_at: s.confirmedAt }).where("id", "=", s.demoVendorUserId).execute();
  const mask = (value: string) => `${"*".repeat(value.length - 4)}${value.slice(-4)}`;
  const checks = catalogue.vendors.flatMap((v) => {
    const vendorId = s.vendorIds.get(v.key)!;
    const rc = `RC${sampleNin(v.key).slice(-7)}`;
    return [
      ...(v.key === s.demoVendorKey
        ? [
            {
              vendor_id: vendorId,
              kind: "nin",
              masked: mask(sampleNin(v.key)),
              provider_ref: `seed-nin-${v.key}`,
              outcome: "verified",
              created_at: s.confirmedAt,
            },
          ]
        : []),
      ...(v.level >= 2
        ? [{ vendor_id: vendorId, kind: "cac", masked: mask(rc), provider_ref: `seed-cac-${v.key}`, outcome: "verified", created_at: s.confirmedAt }]
        : []),
    ];
  });
  await insertMany(tx, "identity_checks", checks);
  const ids = [...s.vendorIds.values()];
  const facts = await levelFacts(tx, ids, s.now);
  for (const id of ids) {
    await tx
      .updateTable("vendors")
      .set({ level: earnedLevel(facts.get(id)!), level_checked_at: s.now.toISOString() })
      .where("id", "=", id)
      .execute();
  }
}

/** An 11-digit sample NIN derived from a vendor's key (the same on every seed). */
export function sampleNin(key: string): string {
  let n = 7;
  for (const ch of key) n = (n * 31 + ch.charCodeAt(0)) % 9_000_000_000;
  return String(10_000_000_000 + n);
}

export async function insertVendor(tx: Tx, v: VendorData, userId: number, createdAt: string): Promise<number> {
  const { id } = await tx
    .insertInto("vendors")
    .values({
      user_id: userId,
      slug: v.key,
      business_name: v.businessName,
      about: v.about,
      address: v.address,
      business_address: v.address,
      area: v.area,
      city: v.city,
      state: v.state,
      lat: v.lat,
      lng: v.lng,
      level: v.level,
      image: v.image,
      banner: v.banner,
      tags: JSON.stringify(v.tags),
      home_service: v.homeService ? 1 : 0,
      opens_hour: v.opensHour,
      closes_hour: v.closesHour,
      open_days: v.openDays.join(","),
      week_hours: JSON.stringify(v.openDays.map((day) => ({ day, opens: v.opensHour, closes: v.closesHour, breakStarts: null, breakEnds: null }))),
      service: v.tags[0] ?? null,
      // The profile form requires a NIN with home service on: seeded vendors carry a sample one, so a vendor's
      // profile saves as seeded.
      nin: v.homeService ? sampleNin(v.key) : null,
      date_of_birth: null,
      gender: null,
      sms_notifications: 1,
      social_google: 0,
      social_facebook: 0,
      social_instagram: 0,
      created_at: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await addOwnerMember(tx, id, createdAt);
  const ratings = ratingRows(v.ratings);
  await insertMany(
    tx,
    "vendor_ratings",
    ratings.map((rating) => ({ vendor_id: id, user_id: null, rating, created_at: createdAt })),
  );
  await tx
    .updateTable("vendors")
    .set({ vendor_rating_count: ratings.length, vendor_rating_sum: ratings.reduce((a, b) => a + b, 0) })
    .where("id", "=", id)
    .execute();
  return id;
}

async function insertService(tx: Tx, s: ServiceData, vendorId: number, categoryId: number, createdAt: string): Promise<number> {
  const stars = [...s.reviews.map((r) => r.rating), ...ratingRows(s.extraRatings)];
  const { id } = await tx
    .insertInto("services")
    .values({
      key: s.key,
      vendor_id: vendorId,
      category_id: categoryId,
      group_name: s.group,
      style: s.style,
      title: s.title,
      gender: s.gender,
      description: s.description,
      about: s.about,
      duration_min: s.durationMin,
      price_kobo: s.priceKobo,
      promo_price_kobo: s.promoPriceKobo ?? null,
      image: s.image,
      service_type: s.serviceType,
      recommended: s.recommended ? 1 : 0,
      status: s.status ?? "active",
      status_reason: null,
      rating_count: stars.length,
      rating_sum: stars.reduce((a, b) => a + b, 0),
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await giveServiceToOwner(tx, vendorId, id);
  await insertMany(
    tx,
    "service_media",
    [s.image, ...s.gallery.filter((g) => g !== s.image)].map((path, sort) => ({ service_id: id, kind: "image", path, sort })),
  );
  await insertMany(
    tx,
    "service_tags",
    [...new Set(s.tags.map((t) => t.toLowerCase()))].map((tag) => ({ service_id: id, tag })),
  );
  await insertMany(
    tx,
    "materials",
    s.materials.map((m, sort) => ({ service_id: id, name: m.name, price_kobo: m.priceKobo, required: m.required ? 1 : 0, sort })),
  );
  await insertMany(tx, "reviews", [
    ...s.reviews.map((r) => ({ service_id: id, user_id: null, author_name: r.author, rating: r.rating, body: r.body, created_at: `${r.date}T12:00:00.000Z` })),
    ...ratingRows(s.extraRatings).map((rating) => ({ service_id: id, user_id: null, author_name: null, rating, body: null, created_at: createdAt })),
  ]);
  return id;
}

/** The demo vendor's team besides its owner (app/data/demo.ts, demoTeam), with their own hours and services. */
async function seedDemoTeam(tx: Tx, vendorId: number, services: ServiceData[], serviceIds: Map<string, number>, createdAt: string) {
  for (const [i, member] of demo.demoTeam.entries()) {
    const { id } = await tx
      .insertInto("team_members")
      .values({
        vendor_id: vendorId,
        user_id: null,
        name: member.name,
        title: member.title,
        photo: null,
        role: "stylist",
        sort: i + 1,
        week_hours: JSON.stringify(member.week),
        created_at: createdAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const performs = services.filter((s) => s.key !== "featured-braids" && member.categories.includes(s.category));
    await insertMany(
      tx,
      "team_member_services",
      performs.map((s, j) => ({
        member_id: id,
        service_id: serviceIds.get(s.key)!,
        price_kobo: j === 0 && member.extraKobo > 0 ? s.priceKobo + member.extraKobo : null,
        duration_min: null,
      })),
    );
  }
}
