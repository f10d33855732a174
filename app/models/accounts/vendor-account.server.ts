import { getDb } from "~/db/db.server";
import { phoneColumns } from "./phone-confirmation.server";
import { getConsents, setConsents } from "~/models/messaging/consent.server";

// The vendor's own account: the dashboard's header and badges, and the profile page.
// Name, mobile number and e-mail live on the user; the rest on the vendor row.

export interface DashboardSummary {
  businessName: string;
  firstName: string;
  image: string;
  /** 'requested' appointments: the Appointment badge. */
  newRequests: number;
  /** Set while Glow's admin has suspended the business (docs/decisions/037-vendor-suspension.md): the banner's words. */
  suspension: { suspendedAt: string; reason: string } | null;
}

/**
 * The Messages badge is not here: the root's loader counts unread conversations once for the account menu too.
 * With `memberId`, the badge counts that member's own requests (a stylist's dashboard: docs/domain.md, "Roles").
 */
export async function dashboardSummary(vendorId: number, memberId?: number): Promise<DashboardSummary> {
  const db = await getDb();
  const [vendor, requests] = await Promise.all([
    db
      .selectFrom("vendors")
      .innerJoin("users", "users.id", "vendors.user_id")
      .select(["vendors.business_name", "vendors.image", "vendors.suspended_at", "vendors.suspension_reason", "users.first_name"])
      .where("vendors.id", "=", vendorId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("appointments")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("vendor_id", "=", vendorId)
      .where("status", "=", "requested")
      .$if(memberId !== undefined, (q) => q.where("member_id", "=", memberId!))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    businessName: vendor.business_name,
    firstName: vendor.first_name,
    image: vendor.image,
    newRequests: Number(requests.count),
    suspension: vendor.suspended_at ? { suspendedAt: vendor.suspended_at, reason: vendor.suspension_reason ?? "" } : null,
  };
}

/** A vendor's own account details, as they read and edit them on /vendor/profile (what customers see: PublicVendorProfile). */
export interface OwnVendorProfile {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  service: string;
  /** yyyy-MM-dd, or null when not given. */
  dateOfBirth: string | null;
  gender: "female" | "male" | null;
  address: string;
  businessAddress: string;
  homeService: boolean;
  nin: string;
  socialGoogle: boolean;
  socialFacebook: boolean;
  socialInstagram: boolean;
  smsNotifications: boolean;
  /** Consent to notifications by WhatsApp at the WhatsApp number (message_consents, as a customer's). */
  whatsappNotifications: boolean;
  /** The number for "Chat on WhatsApp" (E.164), or "" for none. */
  whatsapp: string;
}

export async function getOwnVendorProfile(vendorId: number): Promise<OwnVendorProfile> {
  const db = await getDb();
  const r = await db
    .selectFrom("vendors")
    .innerJoin("users", "users.id", "vendors.user_id")
    .select([
      "users.first_name",
      "users.last_name",
      "users.phone",
      "users.email",
      "vendors.service",
      "vendors.date_of_birth",
      "vendors.gender",
      "vendors.address",
      "vendors.business_address",
      "vendors.home_service",
      "vendors.nin",
      "vendors.social_google",
      "vendors.social_facebook",
      "vendors.social_instagram",
      "vendors.sms_notifications",
      "vendors.whatsapp_phone",
      "users.id as user_id",
    ])
    .where("vendors.id", "=", vendorId)
    .executeTakeFirstOrThrow();
  return {
    firstName: r.first_name,
    lastName: r.last_name,
    phone: r.phone ?? "",
    email: r.email,
    service: r.service ?? "",
    dateOfBirth: r.date_of_birth,
    gender: r.gender,
    address: r.address,
    businessAddress: r.business_address ?? "",
    homeService: r.home_service === 1,
    nin: r.nin ?? "",
    socialGoogle: r.social_google === 1,
    socialFacebook: r.social_facebook === 1,
    socialInstagram: r.social_instagram === 1,
    smsNotifications: r.sms_notifications === 1,
    whatsappNotifications: (await getConsents(db, r.user_id)).whatsapp.given,
    whatsapp: r.whatsapp_phone ?? "",
  };
}

/** Saves the profile in one transaction. The e-mail is not part of it: it changes only through a link (models/accounts/email-change.server.ts). */
export async function updateVendorProfile(ids: { vendorId: number; userId: number }, p: Omit<OwnVendorProfile, "email">): Promise<void> {
  const db = await getDb();
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable("users")
      .set({ first_name: p.firstName, last_name: p.lastName, ...phoneColumns(p.phone) })
      .where("id", "=", ids.userId)
      .execute();
    await tx
      .updateTable("vendors")
      .set({
        service: p.service,
        date_of_birth: p.dateOfBirth,
        gender: p.gender,
        address: p.address,
        business_address: p.businessAddress || null,
        home_service: p.homeService ? 1 : 0,
        nin: p.nin || null,
        social_google: p.socialGoogle ? 1 : 0,
        social_facebook: p.socialFacebook ? 1 : 0,
        social_instagram: p.socialInstagram ? 1 : 0,
        sms_notifications: p.smsNotifications ? 1 : 0,
        whatsapp_phone: p.whatsapp || null,
      })
      .where("id", "=", ids.vendorId)
      .execute();
    // Kept with its time and place like a customer's choice; opting out through a message's link turns it off too.
    await setConsents(tx, ids.userId, { whatsapp: p.whatsappNotifications && Boolean(p.whatsapp) }, "vendor profile");
  });
}
