// Shapes of the sample catalogue. The seed (app/db/seed.server.ts) is the only reader of app/data at run time;
// pages read the database. Money is integer kobo (₦1 = 100 kobo); images are paths under public/.

export type CategorySlug =
  | "men"
  | "women"
  | "spa"
  | "manicure"
  | "pedicure"
  | "tatoo"
  | "piercing"
  | "facials";

/** A submenu/category page (its banner and sub-navigation item). */
export interface CategoryData {
  slug: CategorySlug;
  /** Label in the sub-menu bar, spelled as the product requires (e.g. "Pedicure", "Tatoo"; do not correct). */
  title: string;
  /** e.g. "Select Cut Styles" */
  heading: string;
  banner: {
    titleSpan1: string;
    titleSpan2: string;
    titleSpan3?: string;
    paragraph: string;
    img1: string;
    img2: string;
  };
  /** The style slider: exactly 6 items (men: named cuts such as "Afro"; others: Type A to Type F). */
  styles: { text: string; img: string }[];
}

export interface MaterialData {
  name: string;
  priceKobo: number;
  /** Required materials are always in the total; optional ones the customer may add. */
  required: boolean;
}

export interface ReviewData {
  author: string;
  /** ISO date, e.g. "2026-03-14" */
  date: string;
  rating: 1 | 2 | 3 | 4 | 5;
  body: string;
}

export interface ServiceData {
  /** Stable key used by the seed and by tests, e.g. "knotless-braids-lekki". */
  key: string;
  vendorKey: string;
  category: CategorySlug;
  /** Sub category / style, e.g. "Braids" (breadcrumb "Hair > Braids"). */
  style: string;
  /** Top-level group shown in breadcrumbs and filters: Hair, Nails, Pedicure, Spa, Tatoo, Piercing, Facials. */
  group: string;
  title: string;
  gender: "men" | "women" | "unisex";
  description: string;
  about: string;
  durationMin: number;
  priceKobo: number;
  promoPriceKobo?: number;
  image: string;
  gallery: string[];
  tags: string[];
  serviceType: "salon" | "home" | "both";
  recommended: boolean;
  /** Moderation state; the public site shows only active services. Defaults to "active". */
  status?: "active" | "pending" | "paused" | "draft";
  materials: MaterialData[];
  /** Written reviews shown on the detail page. */
  reviews: ReviewData[];
  /** Star-only ratings added to the written reviews so the totals match the sample figures. */
  extraRatings: { stars: 1 | 2 | 3 | 4 | 5; count: number }[];
}

export interface VendorData {
  key: string;
  /** Login of the vendor's user. Seeded vendors other than the demo vendor get an unusable password. */
  email: string;
  firstName: string;
  lastName: string;
  businessName: string;
  about: string;
  address: string;
  area: string;
  city: string;
  state: string;
  /** Approximate coordinates of the area, for "distance from the chosen location". */
  lat: number;
  lng: number;
  level: number;
  image: string;
  banner: string;
  tags: string[];
  homeService: boolean;
  /** Opening hours, Africa/Lagos, 24h clock: [open, close). */
  opensHour: number;
  closesHour: number;
  /** ISO weekdays the vendor opens: 1 = Monday ... 7 = Sunday. */
  openDays: number[];
  /** Star-only ratings of the stylist (vendor card "(456 ratings)"). */
  ratings: { stars: 1 | 2 | 3 | 4 | 5; count: number }[];
}

export interface PopularCategoryData {
  img: string;
  title: string;
  stats: string;
  bg: string;
  statsTxtClr: string;
  /** Where the card leads. */
  href: string;
}

export interface ImageTextData {
  img: string;
  text: string;
  href: string;
}

/** Trending and picks: four images and a label. */
export interface CollageData {
  images: [string, string, string, string];
  text: string;
  href: string;
}
