// Demo accounts and the story their pages tell. Times are relative to the moment of seeding,
// so a fresh database always has upcoming appointments, new requests and a recent finance history.

export const demoAccounts = {
  customer: { email: "customer@example.com", password: "Customer123", firstName: "Tolu", lastName: "Adebayo" },
  vendor: { email: "vendor@example.com", password: "Vendor123" }, // name and business come from the catalogue
  admin: { email: "admin@example.com", password: "Admin1234", firstName: "Admin", lastName: "Glow" },
} as const;

export const demoCustomerProfile = {
  phone: "+2348031234567",
  address: "12 Admiralty Way",
  city: "Lekki",
  state: "Lagos",
};

/** Other customers: they write the sample reviews' bookings, chat with the demo vendor and fill its tabs. */
export const sampleCustomers = [
  { firstName: "Chioma", lastName: "Okeke", address: "4 Fola Osibo Road", city: "Lekki", state: "Lagos" },
  { firstName: "Aisha", lastName: "Bello", address: "17 Aminu Kano Crescent", city: "Wuse", state: "FCT" },
  { firstName: "Funmi", lastName: "Adeyemi", address: "9 Admiralty Way", city: "Lekki", state: "Lagos" },
  { firstName: "Emeka", lastName: "Nwosu", address: "22 Adeola Odeku Street", city: "Victoria Island", state: "Lagos" },
  { firstName: "Zainab", lastName: "Yusuf", address: "5 Allen Avenue", city: "Ikeja", state: "Lagos" },
  { firstName: "Kelechi", lastName: "Obi", address: "31 Herbert Macaulay Way", city: "Yaba", state: "Lagos" },
  { firstName: "Bisola", lastName: "Martins", address: "8 Bode Thomas Street", city: "Surulere", state: "Lagos" },
  { firstName: "Ngozi", lastName: "Eze", address: "12 Chevron Drive", city: "Lekki", state: "Lagos" },
] as const;

/** How many of the catalogue's services the demo customer has saved. */
export const demoFavouriteCount = 8;

export type DemoAppointment = {
  /** Index into sampleCustomers, or "demo" for the demo customer. */
  customer: number | "demo";
  /** Index into the demo vendor's active services. */
  service: number;
  dayOffset: number;
  hour: number;
  status: "requested" | "confirmed" | "completed" | "cancelled" | "declined";
  payment: "online" | "vendor" | "credit";
  paid: boolean;
  /** Done by the demo stylist (demoStylist): a service they perform, within their hours. */
  stylist?: true;
};

/** The demo vendor's book: 4 new requests (its Appointment badge shows 4), upcoming, past and cancelled ones. */
export const demoAppointments: DemoAppointment[] = [
  { customer: 0, service: 0, dayOffset: 2, hour: 10, status: "requested", payment: "online", paid: true },
  { customer: 1, service: 1, dayOffset: 2, hour: 14, status: "requested", payment: "vendor", paid: false },
  { customer: 2, service: 2, dayOffset: 3, hour: 11, status: "requested", payment: "online", paid: true },
  { customer: 3, service: 12, dayOffset: 4, hour: 15, status: "requested", payment: "vendor", paid: false, stylist: true },
  { customer: "demo", service: 0, dayOffset: 5, hour: 12, status: "confirmed", payment: "online", paid: true },
  { customer: 4, service: 9, dayOffset: 6, hour: 14, status: "confirmed", payment: "vendor", paid: false, stylist: true },
  { customer: 5, service: 1, dayOffset: 9, hour: 16, status: "cancelled", payment: "online", paid: false },
  { customer: "demo", service: 2, dayOffset: -12, hour: 11, status: "completed", payment: "online", paid: true },
  { customer: 6, service: 8, dayOffset: -1, hour: 13, status: "confirmed", payment: "vendor", paid: false, stylist: true },
  { customer: 7, service: 5, dayOffset: -20, hour: 10, status: "declined", payment: "vendor", paid: false },
];

/** Completed, paid history that fills Finance: one per past day, cycling through services and customers. */
export const demoHistoryDays = 40;

export const demoBankAccounts = [
  { bankCode: "058", number: "0123456789", holderFromVendor: true },
  { bankCode: "044", number: "1234509876", holderFromVendor: true },
];

/** One withdrawal already paid out, so Total Withdrawn is not zero. */
export const demoWithdrawalKobo = 5_000_000; // ₦50,000

/** Conversations with the demo vendor: the first four have unread customer messages (its Messages badge shows 4). */
export const demoConversations: { customer: number | "demo"; unread: boolean; pinned: boolean; messages: [from: "customer" | "vendor", text: string, minutesAgo: number][] }[] = [
  {
    customer: "demo",
    unread: true,
    pinned: true,
    messages: [
      ["customer", "Good morning! Do you have a slot this Saturday for knotless braids?", 180],
      ["vendor", "Good morning Tolu, yes we do. 10am or 2pm?", 170],
      ["customer", "2pm works. Should I come with my own extensions?", 25],
    ],
  },
  { customer: 0, unread: true, pinned: false, messages: [["customer", "Please can you do the braids a bit longer than the picture?", 45]] },
  { customer: 1, unread: true, pinned: true, messages: [["vendor", "Your appointment is confirmed.", 300], ["customer", "Thank you! See you then.", 90]] },
  { customer: 2, unread: true, pinned: false, messages: [["customer", "Is home service available in Ajah?", 200]] },
  { customer: 3, unread: false, pinned: false, messages: [["customer", "How long does the treatment take?", 1500], ["vendor", "About two hours.", 1440]] },
  { customer: 4, unread: false, pinned: false, messages: [["customer", "Thanks for today, I love it!", 4000], ["vendor", "You're welcome, come again!", 3950]] },
];

/**
 * The demo vendor's team besides its owner (who keeps the salon's hours and every service): two stylists with their
 * own hours and services, so the demo shows the choice of stylist. They never do the featured braids, which stay
 * the owner's alone (the booking race tests count one booking per hour on them). `categories` picks the demo
 * vendor's active services they perform; `extraKobo` is added to the first one's price as their own price.
 */
export const demoTeam: {
  name: string;
  title: string;
  week: { day: number; opens: number; closes: number; breakStarts: number | null; breakEnds: number | null }[];
  categories: string[];
  extraKobo: number;
}[] = [
  {
    name: "Tolu Bakare",
    title: "Senior braider",
    week: [2, 3, 4, 5, 6].map((day) => ({ day, opens: 9, closes: 19, breakStarts: 13, breakEnds: 14 })),
    categories: ["women"],
    extraKobo: 150_000,
  },
  {
    name: "Chidi Okafor",
    title: "Nail technician",
    week: [1, 2, 3, 4, 5].map((day) => ({ day, opens: 12, closes: 19, breakStarts: null, breakEnds: null })),
    categories: ["manicure", "pedicure"],
    extraKobo: 0,
  },
];

/**
 * The demo salon's stylist (docs/domain.md, "Roles"): a team member of the demo vendor who signs in to their own day.
 * The seed gives them the demo appointments marked `stylist` (nail services, which they perform): a visit of yesterday
 * to mark, an upcoming one and a request to answer.
 */
export const demoStylist = { email: "stylist@example.com", password: "Stylist123", firstName: "Chidi", lastName: "Okafor", title: "Nail technician" } as const;

/**
 * The demo vendor's gifts (docs/domain.md, "Gifts and offers"): gift cards of three amounts or a free amount, vouchers
 * for its services, valid 3 months; and a ₦20,000 gift card a friend bought for the demo customer, whose code the
 * README lists so anyone can open its voucher page (/gift/{code}) and spend it.
 */
export const demoGiftOffer = { cardAmountsKobo: [1_000_000, 2_000_000, 5_000_000], freeMinKobo: 500_000, freeMaxKobo: 20_000_000, validityMonths: 3 };
/** The demo salon's live promo code (docs/domain.md, "Promo codes"): 10% off any service, for anyone, 3 uses each. */
export const demoPromoCode = { code: "GLOW10", percentOff: 10, maxUses: 500, usesPerCustomer: 3, startedDaysAgo: 7, lastsDays: 365 };
export const demoGiftCard = {
  code: "DEMAGFTCARDS2345",
  amountKobo: 2_000_000,
  buyerName: "Kemi Adeyemi",
  buyerEmail: "kemi.adeyemi@example.com",
  message: "Happy birthday, Tolu! Treat yourself.",
  daysAgo: 10,
};
