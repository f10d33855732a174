import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

// The database as the query layer sees it, identical on SQLite and PostgreSQL.
// Conventions that keep both dialects the same:
// - money is integer kobo; flags are integers 0/1;
// - instants are ISO-8601 UTC strings ("2026-11-21T09:00:00.000Z"), which sort and compare as text;
// - calendar dates are "yyyy-MM-dd" strings in Africa/Lagos.

export type Role = "customer" | "vendor" | "admin";
export type ServiceStatus = "draft" | "pending" | "active" | "paused" | "retired";
export type ServiceType = "salon" | "home" | "both";
export type AppointmentStatus =
  | "held" // step 1 done, waiting for a payment choice; holds the slot until hold_expires_at
  | "requested" // New Request for the vendor
  | "confirmed" // accepted by the vendor (Upcoming, then Past once its time has gone)
  | "completed"
  | "no_show"
  | "declined"
  | "cancelled"
  | "expired";
export type PaymentStatus = "unpaid" | "paid" | "refunded";
/** gift (0036): gifts covered all of it at booking, so nothing was left to pay. */
export type PaymentMethod = "online" | "vendor" | "credit" | "gift";
export type LedgerKind = "earning" | "fee" | "refund" | "withdrawal" | "release";
/** Where a ledger entry's money sits (0009): held for a visit not yet delivered, or free to withdraw. */
export type LedgerAccount = "pending" | "available";
export type LocationType = "salon" | "home";

export interface UsersTable {
  id: Generated<number>;
  email: string; // always lower-case
  password_hash: string;
  first_name: string;
  last_name: string;
  role: Role;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  created_at: string;
  /** When the owner opened the confirmation link (0020); null: not yet, so no "Pay to vendor" hold and no messages. */
  email_confirmed_at: string | null;
  /** When the account proved it reads its phone (0022); null: not yet. */
  phone_confirmed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0032: a guest account a salon made for a client without one (nobody signs in to it); null for everyone else. */
  guest_of_vendor_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Single-use e-mail confirmation links (0020): the SHA-256 of the token, never the token. */
export interface EmailConfirmationsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** The audit trail (0020): appended to, never updated or deleted (docs/security.md, "Audit trail"). */
export interface AuditEventsTable {
  id: Generated<number>;
  at: string;
  /** Who acted; null for the system (a sweep). */
  actor_id: number | null;
  actor_role: string;
  /** What was done, e.g. "service.approve", "withdrawal.request". */
  action: string;
  /** The record it was done to: its table's name in the singular and its id or reference. */
  record_type: string;
  record_id: string;
  /** The vendor whose money or service it concerns, so the vendor sees their own money events. */
  vendor_id: number | null;
  detail: Generated<string>;
  ip: string | null;
}

export interface SessionsTable {
  /** SHA-256 of the random token in the cookie, so a leaked table cannot be replayed as cookies. */
  id: string;
  user_id: number;
  expires_at: string;
  created_at: string;
}

export interface CategoriesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  heading: string;
  sort: number;
  title_span1: string;
  title_span2: string;
  title_span3: string | null;
  paragraph: string;
  img1: string;
  img2: string;
  /** 1: a customer who cancels gets what the vendor's cancellation policy returns; 0: nothing (spa) (0017). */
  refundable: Generated<number>;
}

export interface CategoryStylesTable {
  id: Generated<number>;
  category_id: number;
  text: string;
  img: string;
  sort: number;
}

export interface VendorsTable {
  id: Generated<number>;
  user_id: number;
  slug: string;
  business_name: string;
  about: string;
  address: string;
  business_address: string | null;
  area: string;
  city: string;
  state: string;
  lat: number;
  lng: number;
  level: number;
  image: string;
  banner: string;
  tags: string; // JSON array of strings
  home_service: number;
  opens_hour: number;
  closes_hour: number;
  open_days: string; // "1,2,3,4,5,6" (ISO weekdays)
  service: string | null; // the vendor's main service, as on the profile form
  nin: string | null;
  date_of_birth: string | null; // yyyy-MM-dd
  gender: "female" | "male" | null;
  sms_notifications: number;
  /** A WhatsApp number the vendor gives (E.164, 0023): "Chat on WhatsApp" on their page and bookings. */
  whatsapp_phone: string | null;
  social_google: number;
  social_facebook: number;
  social_instagram: number;
  created_at: string;
  /** Count and sum of vendor_ratings, kept with them (0006). */
  vendor_rating_count: Generated<number>;
  vendor_rating_sum: Generated<number>;
  /** The weekly schedule as JSON (0010, see app/models/schedule/schedule-rules.ts); null: the three summary columns above. */
  week_hours: string | null;
  min_notice_minutes: Generated<number>;
  max_days_ahead: Generated<number>;
  auto_accept: Generated<number>;
  cancellation_policy: Generated<CancellationPolicy>;
  deposit_percent: Generated<number>;
  /** Minutes after a visit's start before its vendor may mark a no-show (0020). */
  no_show_grace_minutes: Generated<number>;
  /** "manual": the vendor asks; "weekly": the available balance is paid out every week (0021). */
  payout_schedule: Generated<"manual" | "weekly">;
  /** When background work last worked out `level` from the rules (0022, models/trust/levels.ts). */
  level_checked_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Directions as people give them: "opposite the filling station" (0022). */
  landmark: Generated<string>;
  /** How far a home-service vendor travels, in km; 0: not said (0022). */
  travel_km: Generated<number>;
  /** When the vendor closed their business on Glow (0029): their pages answer 410 Gone; null while open. */
  closed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When Glow's admin suspended the business (0038; docs/decisions/037-vendor-suspension.md); null when not suspended. */
  suspended_at: Generated<string | null>;
  /** The admin's reason, shown to the vendor on their dashboard while suspended. */
  suspension_reason: Generated<string | null>;
  /** 0032: stylists read the salon's client notes (1), or only the owner and managers do (0). */
  client_notes_for_stylists: Generated<number>;
  /** 0032: clients with this many no-shows in 12 months pay in full online to book; 0: the rule is off. */
  prepay_after_no_shows: Generated<number>;
}

/** An identity (NIN) or business (CAC) check through the KYC provider (0022): never the number, only its mask. */
export interface IdentityChecksTable {
  id: Generated<number>;
  vendor_id: number;
  kind: "nin" | "cac";
  /** "*******8901" */
  masked: string;
  provider_ref: string;
  /** verified: found, and for a NIN the name matches the payout account's; name-mismatch; not-found. */
  outcome: "verified" | "name-mismatch" | "not-found";
  created_at: string;
}

export type CancellationPolicy = "flexible" | "moderate" | "strict";

/** Days a vendor takes off (0010): inclusive "yyyy-MM-dd" days in Lagos. */
export interface VendorTimeOffTable {
  id: Generated<number>;
  vendor_id: number;
  starts_on: string;
  ends_on: string;
  note: Generated<string>;
  created_at: string;
}

export type TeamRole = "owner" | "manager" | "stylist";

/** A member of a vendor's team (0018): who customers book. Every vendor has one owner member. */
export interface TeamMembersTable {
  id: Generated<number>;
  vendor_id: number;
  /** The member's own account once they joined (the owner's is the vendor's user); null: none yet. */
  user_id: number | null;
  name: string;
  title: Generated<string>;
  /** The served path of the member's photo (/uploads/{key}, a processed upload); null: none. */
  photo: string | null;
  role: TeamRole;
  bookable: Generated<number>;
  active: Generated<number>;
  /** Display order: the team page, the picker, and the tie-break of "anyone". */
  sort: Generated<number>;
  /** The member's week as JSON, shaped as vendors.week_hours; null: the salon's hours. */
  week_hours: string | null;
  created_at: string;
}

/** A service a member performs (0018), with their own price and duration; null: the service's own. */
export interface TeamMemberServicesTable {
  member_id: number;
  service_id: number;
  price_kobo: number | null;
  duration_min: number | null;
}

/** A member's time off (0018): [starts_at, ends_at) instants; all_day 1 when it covers whole Lagos days. */
export interface TeamTimeOffTable {
  id: Generated<number>;
  member_id: number;
  starts_at: string;
  ends_at: string;
  all_day: Generated<number>;
  note: Generated<string>;
  created_at: string;
}

/** An invitation to join a team (0018): a single-use link whose token is stored as its SHA-256. */
export interface TeamInvitationsTable {
  id: Generated<number>;
  vendor_id: number;
  member_id: number;
  email: string;
  token_hash: string;
  invited_by: number | null;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface ServicesTable {
  id: Generated<number>;
  key: string | null; // stable key of seeded services
  vendor_id: number;
  category_id: number;
  group_name: string; // Hair, Nails, Pedicure, Spa, Tatoo, Piercing, Facials
  style: string;
  title: string;
  gender: "men" | "women" | "unisex";
  description: string;
  about: string;
  duration_min: number;
  price_kobo: number;
  promo_price_kobo: number | null;
  image: string;
  service_type: ServiceType;
  recommended: number;
  /** The vendor's advice to customers (Pricing tab), e.g. aftercare. */
  recommendations: Generated<string>;
  status: ServiceStatus;
  status_reason: string | null;
  /** Cached aggregates of the reviews table, rewritten in the transaction that changes reviews. */
  rating_count: number;
  rating_sum: number;
  created_at: string;
  updated_at: string;
  /** A draft or pending copy holding changes to this live service, waiting for review (0024); null otherwise. */
  revision_of: Generated<number | null>;
}

export interface ServiceMediaTable {
  id: Generated<number>;
  service_id: number;
  kind: "image" | "video";
  path: string;
  sort: number;
  /** SHA-256 of the uploaded bytes: a gallery never holds the same upload twice. Null for seeded artwork. */
  content_hash: Generated<string | null>;
}

export interface ServiceTagsTable {
  service_id: number;
  tag: string;
}

export interface MaterialsTable {
  id: Generated<number>;
  service_id: number;
  name: string;
  price_kobo: number;
  required: number;
  sort: number;
}

export interface ReviewsTable {
  id: Generated<number>;
  service_id: number;
  user_id: number | null;
  author_name: string | null;
  rating: number;
  body: string | null; // null for a star-only rating
  created_at: string;
  /** The completed visit this review is about (0011); null for seeded reviews. */
  appointment_id: ColumnType<number | null, number | null | undefined, number | null>;
  updated_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The vendor's one public reply. */
  reply_body: ColumnType<string | null, string | null | undefined, string | null>;
  reply_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set by the admin for an abusive review: it is no longer shown nor counted. */
  hidden_at: ColumnType<string | null, string | null | undefined, string | null>;
  hidden_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface VendorRatingsTable {
  id: Generated<number>;
  vendor_id: number;
  user_id: number | null;
  rating: number;
  created_at: string;
}

export interface FavoritesTable {
  user_id: number;
  service_id: number;
  created_at: string;
}

export interface RecentlyViewedTable {
  /** "u:{userId}" for a signed-in person, "b:{browserId}" for an anonymous browser. */
  owner: string;
  service_id: number;
  viewed_at: string;
}

export interface NewsletterTable {
  email: string;
  created_at: string;
}

export interface AppointmentsTable {
  id: Generated<number>;
  ref: string; // booking reference shown to people, e.g. GLW-7Q4K2M
  customer_id: number;
  vendor_id: number;
  service_id: number;
  starts_at: string;
  ends_at: string;
  status: AppointmentStatus;
  payment_status: PaymentStatus;
  payment_method: PaymentMethod | null;
  total_kobo: number;
  comment: string | null;
  pay_token: string; // the unguessable token of /pay/{token}
  hold_expires_at: string | null;
  paid_by_name: string | null;
  paid_at: string | null;
  status_reason: string | null;
  created_at: string;
  updated_at: string;
  /** The Book Now form's per-render token (0004): one order per form, however often it is sent. */
  idempotency_key: string | null;
  location_type: Generated<LocationType>;
  /** The customer's address for a home service. */
  location_address: string | null;
  /** When the vendor must have answered a request by; unanswered, it expires then (0009). */
  answer_by: string | null;
  /** The time a rescheduled appointment had before (0010), until the vendor answers the move. */
  previous_starts_at: string | null;
  previous_ends_at: string | null;
  /** A "Pay to vendor" booking's deposit, paid online; the rest is paid at the visit. 0: no deposit (0014). */
  deposit_kobo: Generated<number>;
  /** The team member the appointment is with (0018); every row written by the app has one. */
  member_id: number | null;
  /** 1: the customer chose this member; 0: they booked "anyone" (or the vendor is a team of one). */
  member_chosen: Generated<number>;
  /** When the salon moved an appointment made with a named member to another (0018): its cancellation is refunded in full. */
  member_changed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0032: the team member who took this booking for the client (a salon-made booking); null: booked online. */
  booked_by_member_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0036: what gifts cover of the booking (their reservations); `total_kobo` is what is left to pay after them. */
  gift_kobo: Generated<number>;
  /** 0037: what a promo code took off the booking (vendor-funded); `total_kobo` is what is left to pay after it and the gifts. */
  promo_kobo: Generated<number>;
  /** 0037: the promo code applied, as the vendor wrote it; null: none. */
  promo_code: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A problem the booker reported with an ended, not yet completed visit (0013); an admin resolves it once. */
export interface VisitProblemsTable {
  id: Generated<number>;
  appointment_id: number;
  reported_by: number;
  reason: string;
  reported_at: string;
  resolution: "released" | "refunded" | "vendor_no_show" | null;
  resolved_by: number | null;
  resolved_at: string | null;
  /** A problem with a visit, or the booker's dispute of a no-show (0020). */
  kind: Generated<"problem" | "no_show_dispute">;
}

export interface AppointmentItemsTable {
  id: Generated<number>;
  appointment_id: number;
  kind: "service" | "material";
  name: string;
  price_kobo: number;
}

export interface PaymentsTable {
  id: Generated<number>;
  appointment_id: number;
  provider: string; // "test" | "paystack" | "credit"
  reference: string;
  amount_kobo: number;
  status: PaymentAttemptStatus;
  payer_name: string | null;
  payer_email: string | null;
  created_at: string;
  updated_at: string;
  /** "checkout" (the customer's own payment step) or "link" (someone through /pay/{token}). */
  source: Generated<"checkout" | "link">;
  /** When the provider was last asked about it (0021). */
  checked_at: string | null;
  /** What an operator must look at (0021): an amount or currency that did not match what was asked. */
  problem: string | null;
  /** The provider's reference of the refund of a payment that arrived for a closed order (0021). */
  refund_reference: string | null;
  /** How the payer paid, as the provider reports it: card, bank_transfer, ussd... (0021). */
  channel: string | null;
}

/**
 * pending: sent to the provider, no verdict yet; succeeded: applied to its order; failed: no money taken;
 * abandoned: still not paid 24 hours on; refunded: it arrived for an order already paid or closed and went back to
 * whoever paid; mismatch: the provider took an amount or currency other than asked, not applied (an operator's item).
 */
export type PaymentAttemptStatus = "pending" | "succeeded" | "failed" | "abandoned" | "refunded" | "mismatch";

/** Provider events already applied (0004), keyed "provider:event:id". */
export interface WebhookEventsTable {
  id: string;
  provider: string;
  received_at: string;
}

export interface CreditEntriesTable {
  id: Generated<number>;
  user_id: number;
  amount_kobo: number; // + refund, - spent
  reason: string;
  appointment_id: number | null;
  created_at: string;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  vendor_id: number;
  kind: LedgerKind;
  amount_kobo: number; // signed: earnings +, fees/refunds/withdrawals -
  title: string;
  group_name: string | null; // Hair, Nails, ... for the Breakdown tabs
  appointment_id: number | null;
  withdrawal_id: number | null;
  created_at: string;
  account: Generated<LedgerAccount>;
  /** The withdrawal whose failed or reversed transfer this entry returns (0021, unique: returned once). */
  returned_withdrawal_id: Generated<number | null>;
  /** The gift whose sale, redemption or expiry this entry records (0034). */
  gift_id: Generated<number | null>;
}

export interface BankAccountsTable {
  id: Generated<number>;
  vendor_id: number;
  bank_code: string;
  bank_name: string;
  number: string;
  holder: string;
  created_at: string;
  deleted_at: string | null;
  /** Set once the vendor entered the code e-mailed for this account (0009); unverified accounts cannot be paid to. */
  verified_at: string | null;
  code_hash: string | null;
  code_expires_at: string | null;
  attempts: Generated<number>;
  /** The account name Paystack resolved for the number (0021); null for accounts saved before. */
  resolved_name: Generated<string | null>;
  /** "waiting" when the resolved name does not match the vendor's: no withdrawals until an operator approves. */
  approval: Generated<BankAccountApproval>;
  /** Paystack's transfer recipient for this account (0021), created once. */
  recipient_code: Generated<string | null>;
}

export type BankAccountApproval = "approved" | "waiting" | "refused";

/**
 * pending: waiting for its code; cancelled: never executed; processing: taken from the balance, the transfer sent
 * or about to be; paid, failed, reversed: the transfer's outcome (failed and reversed give the amount back).
 */
export type WithdrawalStatus = "pending" | "cancelled" | "processing" | "paid" | "failed" | "reversed";

export interface WithdrawalsTable {
  id: Generated<number>;
  vendor_id: number;
  bank_account_id: number;
  amount_kobo: number;
  status: WithdrawalStatus;
  code_hash: string | null;
  code_expires_at: string | null;
  attempts: number;
  /** How many codes were e-mailed for this withdrawal (the first one and re-sends). */
  codes_sent: Generated<number>;
  payout_reference: string | null;
  created_at: string;
  completed_at: string | null;
  /** Derived from the id (0021): a retried transfer can never pay twice. */
  transfer_reference: Generated<string | null>;
  transfer_code: Generated<string | null>;
  /** The session id the bank traces a paid transfer by. */
  session_id: Generated<string | null>;
  failure_reason: Generated<string | null>;
  fee_kobo: Generated<number>;
}

/** Paystack's list of banks (0021), refreshed daily; the bundled list when it cannot be fetched. */
export interface ProviderBanksTable {
  code: string;
  name: string;
  fetched_at: string;
}

/** A gallery file a vendor uploaded; its bytes are stored under the data folder by app/models/media/uploads.server.ts. */
export interface UploadsTable {
  key: string;
  vendor_id: number;
  kind: "image" | "video";
  content_type: string;
  size_bytes: number;
  created_at: string;
  /** SHA-256 of the bytes as sent (null for files stored before it was recorded). */
  content_hash: string | null;
  /** A photo's size as stored at its largest width. */
  width: number | null;
  height: number | null;
}

export interface ConversationsTable {
  id: Generated<number>;
  customer_id: number;
  vendor_id: number;
  pinned_by_vendor: number;
  customer_read_at: string | null;
  vendor_read_at: string | null;
  last_message_at: string;
  created_at: string;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_id: number;
  body: string;
  created_at: string;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text: string;
  created_at: string;
  sent_at: string | null;
  /** Delivery tries so far and the last failure (0008). */
  attempts: Generated<number>;
  last_error: string | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: string;
  count: number;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface EmailChangesTable {
  id: Generated<number>;
  user_id: number;
  new_email: string;
  token_hash: string;
  /** SHA-256 id of the session that asked for the change. */
  requested_by_session: string | null;
  /** 1: the person chose to sign out their other devices when the change is confirmed. */
  sign_out_others: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface RememberedResetEmailsTable {
  /** SHA-256 of the random token in the browser's reset cookie. */
  id: string;
  email: string;
  expires_at: string;
  created_at: string;
}

/** Editorial content of the home page and footer (popular categories, trending, picks...), as JSON. */
export interface ContentBlocksTable {
  key: string;
  data: string;
}

export interface Database {
  content_blocks: ContentBlocksTable;
  users: UsersTable;
  email_confirmations: EmailConfirmationsTable;
  audit_events: AuditEventsTable;
  sessions: SessionsTable;
  categories: CategoriesTable;
  category_styles: CategoryStylesTable;
  vendors: VendorsTable;
  identity_checks: IdentityChecksTable;
  services: ServicesTable;
  service_media: ServiceMediaTable;
  service_tags: ServiceTagsTable;
  materials: MaterialsTable;
  reviews: ReviewsTable;
  vendor_ratings: VendorRatingsTable;
  favorites: FavoritesTable;
  recently_viewed: RecentlyViewedTable;
  newsletter: NewsletterTable;
  appointments: AppointmentsTable;
  appointment_items: AppointmentItemsTable;
  payments: PaymentsTable;
  credit_entries: CreditEntriesTable;
  ledger_entries: LedgerEntriesTable;
  bank_accounts: BankAccountsTable;
  withdrawals: WithdrawalsTable;
  provider_banks: ProviderBanksTable;
  uploads: UploadsTable;
  upload_objects: UploadObjectsTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  outbox: OutboxTable;
  rate_limits: RateLimitsTable;
  password_resets: PasswordResetsTable;
  email_changes: EmailChangesTable;
  remembered_reset_emails: RememberedResetEmailsTable;
  webhook_events: WebhookEventsTable;
  jobs: JobsTable;
  sms_outbox: SmsOutboxTable;
  message_consents: MessageConsentsTable;
  refunds: RefundsTable;
  code_guesses: CodeGuessesTable;
  phone_codes: PhoneCodesTable;
  vendor_time_off: VendorTimeOffTable;
  visit_problems: VisitProblemsTable;
  team_members: TeamMembersTable;
  team_member_services: TeamMemberServicesTable;
  team_time_off: TeamTimeOffTable;
  team_invitations: TeamInvitationsTable;
  salon_clients: SalonClientsTable;
  client_notes: ClientNotesTable;
  gift_settings: GiftSettingsTable;
  gifts: GiftsTable;
  gift_payments: GiftPaymentsTable;
  gift_moves: GiftMovesTable;
  promo_codes: PromoCodesTable;
  promo_code_services: PromoCodeServicesTable;
  promo_uses: PromoUsesTable;
}

/** 0032: what a salon holds about one client besides their appointments (docs/domain.md, "Clients"). */
export interface SalonClientsTable {
  id: Generated<number>;
  vendor_id: number;
  user_id: number;
  /** The phone (E.164) and e-mail the salon was given; null when the salon gave none. */
  phone: string | null;
  email: string | null;
  /** Since when the client may not book this salon online; null: they may. */
  blocked_at: string | null;
  created_at: string;
}

export type ClientNoteKind = "note" | "allergy" | "patch_test";

/** 0032: a salon's private note on a client: a plain note, an allergy, or a patch test with its product and result. */
export interface ClientNotesTable {
  id: Generated<number>;
  vendor_id: number;
  user_id: number;
  kind: ClientNoteKind;
  body: string;
  product: string | null;
  result: string | null;
  /** The day it is about, yyyy-MM-dd in Lagos. */
  noted_on: string;
  member_id: number | null;
  created_at: string;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Service = Selectable<ServicesTable>;
export type Vendor = Selectable<VendorsTable>;
export type Category = Selectable<CategoriesTable>;
export type Appointment = Selectable<AppointmentsTable>;

/** A piece of due work: a one-off job or a periodic sweep (app/models/jobs/queue.server.ts). */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  key: string;
  /** JSON. */
  payload: Generated<string>;
  run_at: string;
  attempts: Generated<number>;
  /** The claim: which runner holds it and until when (after that, anyone may take it again). */
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  done_at: string | null;
  /** Set when the job ran out of attempts; it stays for someone to look at. */
  failed_at: string | null;
  created_at: string;
}

export type PhoneChannel = "sms" | "whatsapp";
/**
 * queued -> sent, or failed (out of tries), or refused (a WhatsApp template refused or paused: it fell back), or test
 * (test mode: kept, not sent). A sent message then moves on by the provider's delivery receipts (0028): delivered,
 * read (WhatsApp), or failed (the network could not deliver it: a WhatsApp message falls back).
 */
export type PhoneMessageStatus = "queued" | "sent" | "delivered" | "read" | "failed" | "refused" | "test";

/**
 * Messages to a phone, SMS and WhatsApp, written with the change they tell of and delivered by due work
 * (app/models/messaging/sms.server.ts, whatsapp.server.ts); the channel and the rest since 0023.
 */
export interface SmsOutboxTable {
  id: Generated<number>;
  /** E.164 digits without "+" (2348031234567), as both providers take them. */
  to_phone: string;
  /** The SMS text, or what the WhatsApp template reads as (for /dev/mail and the admin). */
  text: string;
  created_at: string;
  sent_at: string | null;
  provider_id: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  channel: Generated<PhoneChannel>;
  user_id: number | null;
  vendor_id: number | null;
  appointment_id: number | null;
  /** WhatsApp only: the approved utility template's name and its body parameters (JSON array of strings). */
  template: string | null;
  params: string | null;
  status: Generated<PhoneMessageStatus>;
  /** When the last delivery receipt changed the status (0028). */
  receipt_at: Generated<string | null>;
}

export type ConsentChannel = "whatsapp" | "sms" | "marketing";

/** A person's choice per channel (0023): given or withdrawn, when, and where (e.g. "sign-up", "profile", "opt-out link"). */
export interface MessageConsentsTable {
  user_id: number;
  channel: ConsentChannel;
  given: number;
  changed_at: string;
  source: string;
}

/** Money given back for an appointment (0009), the way it came: "online" through the payment provider, or "credit". */
export interface RefundsTable {
  id: Generated<number>;
  appointment_id: number;
  payment_id: number | null;
  amount_kobo: number;
  method: "online" | "credit";
  provider: string; // "test" | "paystack" | "credit"
  provider_reference: string | null;
  payer_name: string | null;
  payer_email: string | null;
  /** The account whose AutoCredit received it, for "credit". */
  payer_user_id: number | null;
  created_at: string;
}

/** One wrong code entered by a vendor (withdrawal or bank account), counted over a rolling day (0009). */
/** A code texted to confirm a user's phone (0029): kept hashed, for the number it was sent to, used once. */
export interface PhoneCodesTable {
  id: Generated<number>;
  user_id: number;
  /** The number the code went to (E.164): a code confirms only that number. */
  phone: string;
  code_hash: string;
  /** Wrong codes entered against this one; at MAX_PHONE_CODE_TRIES it is spent. */
  tries: Generated<number>;
  created_at: string;
  expires_at: string;
  /** When it confirmed the phone, or a newer code replaced it; null while it may be entered. */
  used_at: string | null;
}

export interface CodeGuessesTable {
  id: Generated<number>;
  vendor_id: number;
  at: string;
}

/** One stored object of an upload (a photo has several: WebP widths and a JPEG); its bytes are in the object store. */
export interface UploadObjectsTable {
  key: string;
  upload_key: string;
  content_type: string;
  size_bytes: number;
}

/** What a vendor offers as gifts (0034): gift cards of chosen amounts and/or a free amount, vouchers for a service. */
export interface GiftSettingsTable {
  vendor_id: number;
  cards_on: Generated<number>;
  /** The amounts a buyer may choose, kobo, comma-separated ("1000000,2000000"). */
  card_amounts: Generated<string>;
  /** A free amount within these bounds (0 and 0: no free amount). */
  free_min_kobo: Generated<number>;
  free_max_kobo: Generated<number>;
  vouchers_on: Generated<number>;
  /** How long a gift sold from now on stays valid; a sold gift keeps the validity it was sold with. */
  validity_months: Generated<number>;
  updated_at: string;
}

export type GiftKind = "card" | "voucher";
/** unpaid: created, waiting for its payment; active: paid, its code works; refunded: its money went back to its payer. */
export type GiftStatus = "unpaid" | "active" | "refunded";

/** A gift card (an amount) or a service voucher (one service) sold by a vendor (0034). */
export interface GiftsTable {
  id: Generated<number>;
  vendor_id: number;
  kind: GiftKind;
  service_id: number | null;
  service_title: string | null;
  /** What it was sold for, which is its first balance. */
  amount_kobo: number;
  status: Generated<GiftStatus>;
  /** SHA-256 of the normalised code, set when it is paid. */
  code_hash: string | null;
  /** The code's last four characters, for the vendor's list. */
  code_tail: string | null;
  pay_token: string;
  buyer_user_id: number | null;
  buyer_name: string;
  buyer_email: string | null;
  recipient_name: string;
  recipient_email: string | null;
  recipient_phone: string | null;
  message: string | null;
  validity_months: number;
  created_at: string;
  paid_at: string | null;
  /** The end of its last valid day in Lagos. */
  expires_at: string | null;
  paid_with: "online" | "credit" | null;
  paid_by_name: string | null;
  payer_email: string | null;
}

/** One try at paying a gift online (0034); the references look like appointments' (glw-...). */
export interface GiftPaymentsTable {
  id: Generated<number>;
  gift_id: number;
  provider: string;
  reference: string;
  amount_kobo: number;
  status: PaymentAttemptStatus;
  payer_name: string | null;
  payer_email: string | null;
  source: "checkout" | "link";
  refund_reference: string | null;
  created_at: string;
  updated_at: string;
}

/** sold (+), reserved (-) by a booking, released (+) when it is cancelled, spent (0: the reservation stands), refunded (-), expired (-). */
export type GiftMoveKind = "sold" | "reserved" | "released" | "spent" | "refunded" | "expired";

/** Every change of a gift's balance (0034): its balance is their sum, its history their list. */
export interface GiftMovesTable {
  id: Generated<number>;
  gift_id: number;
  kind: GiftMoveKind;
  amount_kobo: number;
  appointment_id: number | null;
  /** The provider's reference of the refund a "refunded" move sent online (0038); null for AutoCredit and other moves. */
  refund_reference: Generated<string | null>;
  created_at: string;
}

/** live: customers may use it; paused: not for now (the vendor may resume it); ended: never again. */
export type PromoStatus = "live" | "paused" | "ended";

/** A vendor's promo code (0037): percent or naira off the service, between two Lagos days, with caps. */
export interface PromoCodesTable {
  id: Generated<number>;
  vendor_id: number;
  /** Upper case, letters and digits; unique per vendor. */
  code: string;
  /** Exactly one of the two is set. */
  percent_off: number | null;
  amount_off_kobo: number | null;
  /** Lagos days, yyyy-MM-dd, both included. */
  starts_on: string;
  ends_on: string;
  max_uses: number;
  max_uses_per_customer: number;
  new_customers_only: Generated<number>;
  min_spend_kobo: Generated<number>;
  status: ColumnType<PromoStatus, PromoStatus | undefined, PromoStatus>;
  /** The uses held now: taken by bookings and not given back. */
  uses_taken: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** The services a promo code is limited to (0037); none: all the vendor's services. */
export interface PromoCodeServicesTable {
  promo_id: number;
  service_id: number;
}

/** One booking's use of a promo code (0037): taken at Book Now, released when the booking ends in time. */
export interface PromoUsesTable {
  id: Generated<number>;
  promo_id: number;
  appointment_id: number;
  customer_id: number;
  discount_kobo: number;
  status: ColumnType<"taken" | "released", "taken" | "released" | undefined, "taken" | "released">;
  created_at: string;
  released_at: string | null;
}
