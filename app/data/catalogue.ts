// The sample catalogue: categories, vendors, services and the editorial blocks of Home and the footer.
// Services are generated deterministically from the readable templates below with a seeded PRNG,
// so the file stays short and every run produces exactly the same catalogue (and the same keys).

import type {
  CategoryData,
  CategorySlug,
  CollageData,
  ImageTextData,
  MaterialData,
  PopularCategoryData,
  ReviewData,
  ServiceData,
  VendorData,
} from "./types";
import { findArea } from "./cities";
import { generalPraise, groupPraise, mixedReviews, reviewers } from "./names";

export { reviewers };

// ---------------------------------------------------------------------------------------------
// Helpers

/** mulberry32: a tiny deterministic PRNG. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rand = mulberry32(20260214);
const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const chance = (p: number) => rand() < p;
function shuffled<T>(xs: readonly T[]): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}
const naira = (n: number) => n * 100; // to kobo
const svc = (name: string) => `/img/svc/${name}.svg`;
const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

type Stars = 1 | 2 | 3 | 4 | 5;

// ---------------------------------------------------------------------------------------------
// Categories: the men's, women's and other category (submenu) pages

const PAY_LINK = "Order a service and share the payment link with anyone to pay on your behalf.";

export const categories: CategoryData[] = [
  {
    slug: "men",
    title: "Men",
    heading: "Select Cut Styles",
    banner: {
      titleSpan1: "Fresh cuts",
      titleSpan2: "from the best barbers",
      titleSpan3: "near you",
      paragraph: `Fades, waves, lineups and beard grooming at a barber close to you. ${PAY_LINK}`,
      img1: "/img/cat/men.svg",
      img2: "/img/cat/men-2.svg",
    },
    styles: ["Afro", "Buzz Cut with Lineup", "Relaxed Dread Undercut", "Textured Waves", "Messy Shag Top", "Afro Dread"].map(
      (text, i) => ({ text, img: `/img/style/${i + 1}.svg` }),
    ),
  },
  {
    slug: "women",
    title: "Women",
    heading: "Select Braids Styles",
    banner: {
      titleSpan1: "Braids, wigs",
      titleSpan2: "and natural hair",
      titleSpan3: "done right",
      paragraph: `Knotless braids, cornrows, silk press and wig installs by stylists who love their craft. ${PAY_LINK}`,
      img1: "/img/cat/women.svg",
      img2: "/img/cat/women-2.svg",
    },
    styles: typeStyles([7, 8, 9, 10, 11, 12]),
  },
  {
    slug: "spa",
    title: "Spa",
    heading: "Select Spa Types",
    banner: {
      titleSpan1: "Relax",
      titleSpan2: "and unwind",
      titleSpan3: "at a spa near you",
      paragraph: `Massages, hot stones, saunas and body scrubs to melt the stress away. ${PAY_LINK}`,
      img1: "/img/cat/spa.svg",
      img2: "/img/cat/spa-2.svg",
    },
    styles: typeStyles([10, 12, 9, 11, 7, 8]),
  },
  {
    slug: "manicure",
    title: "Manicure",
    heading: "Select Manicure Styles",
    banner: {
      titleSpan1: "Beautiful nails",
      titleSpan2: "for every occasion",
      paragraph: `Gel polish, acrylics and nail art by skilled nail techs. ${PAY_LINK}`,
      img1: "/img/cat/manicure.svg",
      img2: "/img/cat/manicure-2.svg",
    },
    styles: typeStyles([12, 9, 7, 10, 8, 11]),
  },
  {
    slug: "pedicure",
    title: "Pedicure",
    heading: "Select Pedicure Styles",
    banner: {
      titleSpan1: "Treat your feet",
      titleSpan2: "to a proper pedicure",
      paragraph: `Foot soaks, scrubs, callus care and gel toes. ${PAY_LINK}`,
      img1: "/img/cat/pedicure.svg",
      img2: "/img/cat/pedicure-2.svg",
    },
    styles: typeStyles([9, 11, 12, 8, 10, 7]),
  },
  {
    slug: "tatoo",
    title: "Tatoo",
    heading: "Select Tatoo Styles",
    banner: {
      titleSpan1: "Wear your story",
      titleSpan2: "with a Tatoo",
      titleSpan3: "from trusted artists",
      paragraph: `Fine line, lettering, colour work, sleeves and henna. ${PAY_LINK}`,
      img1: "/img/cat/tatoo.svg",
      img2: "/img/cat/tatoo-2.svg",
    },
    styles: typeStyles([6, 3, 11, 5, 2, 8]),
  },
  {
    slug: "piercing",
    title: "Piercing",
    heading: "Select Piercing types",
    banner: {
      titleSpan1: "Safe, sterile",
      titleSpan2: "piercing",
      titleSpan3: "by professionals",
      paragraph: `Ear, cartilage and nose piercings with quality jewellery and aftercare. ${PAY_LINK}`,
      img1: "/img/cat/piercing.svg",
      img2: "/img/cat/piercing-2.svg",
    },
    styles: typeStyles([10, 7, 12, 9, 11, 8]),
  },
  {
    slug: "facials",
    title: "Facials",
    heading: "Select Facial types",
    banner: {
      titleSpan1: "Glowing skin",
      titleSpan2: "starts here",
      paragraph: `Facials, masks, lashes and makeovers for your big day or your everyday. ${PAY_LINK}`,
      img1: "/img/cat/facials.svg",
      img2: "/img/cat/facials-2.svg",
    },
    styles: typeStyles([11, 10, 8, 12, 7, 9]),
  },
];

function typeStyles(imgs: number[]): { text: string; img: string }[] {
  return ["A", "B", "C", "D", "E", "F"].map((l, i) => ({ text: `Type ${l}`, img: `/img/style/${imgs[i]}.svg` }));
}

export const groupOf: Record<CategorySlug, string> = {
  men: "Hair",
  women: "Hair",
  spa: "Spa",
  manicure: "Nails",
  pedicure: "Pedicure",
  tatoo: "Tatoo",
  piercing: "Piercing",
  facials: "Facials",
};

/**
 * The groups whose services are non-refundable: a customer who cancels a paid booking gets nothing back. Spa
 * services, as the note shown with every appointment says ("A voucher is valid for 3 months and spa services are
 * non-refundable.", app/routes/user.appointment/route.tsx; the spa services' about text below repeats it). The
 * seed marks each category of these groups (categories.refundable).
 */
export const nonRefundableGroups: readonly string[] = ["Spa"];

// ---------------------------------------------------------------------------------------------
// Vendors

type VendorRow = {
  key: string;
  name: [first: string, last: string];
  business: string;
  address: string;
  area: string;
  city: string;
  level: number;
  /** How many services of each category the vendor offers. */
  offers: Partial<Record<CategorySlug, number>>;
  homeService?: boolean;
  /** Opening hours [open, close) and ISO weekdays, when not the usual 9-19 Monday to Saturday. */
  hours?: [number, number];
  days?: number[];
};

const vendorRows: VendorRow[] = [
  // The demo vendor (vendor@example.com) comes first.
  { key: "demo-vendor", name: ["Ronke", "Alabi"], business: "Ronke's Beauty Lounge", address: "12 Admiralty Way, Lekki Phase 1", area: "Lekki", city: "Lagos", level: 1, offers: { women: 6, men: 1, manicure: 2, facials: 2, pedicure: 1 }, homeService: true },
  { key: "chioma-nail-bar", name: ["Chioma", "Okafor"], business: "Chioma's Nail Bar", address: "24 Allen Avenue", area: "Ikeja", city: "Lagos", level: 2, offers: { manicure: 4, pedicure: 3 } },
  { key: "kunle-cuts", name: ["Kunle", "Balogun"], business: "Kunle Cuts Barbershop", address: "7 Herbert Macaulay Way", area: "Yaba", city: "Lagos", level: 3, offers: { men: 6 }, hours: [8, 20], days: [1, 2, 3, 4, 5, 6, 7] },
  { key: "serenity-spa-vi", name: ["Amaka", "Nwosu"], business: "Serenity Spa by Amaka", address: "15 Adeola Odeku Street", area: "Victoria Island", city: "Lagos", level: 3, offers: { spa: 5, facials: 2 }, hours: [10, 20], days: [1, 2, 3, 4, 5, 6, 7] },
  { key: "bisi-hair-palace", name: ["Bisi", "Ogunleye"], business: "Bisi Hair Palace", address: "31 Adeniran Ogunsanya Street", area: "Surulere", city: "Lagos", level: 2, offers: { women: 6 }, homeService: true },
  { key: "inkspire-lekki", name: ["Emeka", "Eze"], business: "Inkspire Tattoo Studio", address: "3 Fola Osibo Road, Lekki Phase 1", area: "Lekki", city: "Lagos", level: 2, offers: { tatoo: 5, piercing: 3 }, hours: [11, 21] },
  { key: "zee-glam-ajah", name: ["Zainab", "Bello"], business: "Zee Glam Studio", address: "Km 22 Lekki-Epe Expressway, Abraham Adesanya", area: "Ajah", city: "Lagos", level: 1, offers: { women: 4, facials: 3 }, homeService: true },
  { key: "fadeline-ikeja", name: ["Tunde", "Olawale"], business: "Fadeline Barbers", address: "10 Obafemi Awolowo Way", area: "Ikeja", city: "Lagos", level: 2, offers: { men: 5 }, hours: [8, 18] },
  { key: "ngozi-natural-hair", name: ["Ngozi", "Umeh"], business: "Ngozi Natural Hair Studio", address: "45 Commercial Avenue, Sabo", area: "Yaba", city: "Lagos", level: 1, offers: { women: 5 } },
  { key: "oasis-wellness-vi", name: ["Seun", "Akinola"], business: "Oasis Wellness & Spa", address: "5 Akin Adesola Street", area: "Victoria Island", city: "Lagos", level: 3, offers: { spa: 5 }, hours: [7, 21], days: [1, 2, 3, 4, 5, 6, 7] },
  { key: "pretty-toes-surulere", name: ["Ifeoma", "Obi"], business: "Pretty Toes Pedicure Lounge", address: "18 Bode Thomas Street", area: "Surulere", city: "Lagos", level: 1, offers: { pedicure: 4, manicure: 2 }, homeService: true },
  { key: "gentlemens-den-lekki", name: ["Dayo", "Fashola"], business: "Gentlemen's Den Lekki", address: "9 Admiralty Road, Lekki Phase 1", area: "Lekki", city: "Lagos", level: 3, offers: { men: 5, spa: 2 }, homeService: true },
  { key: "aisha-henna-spa", name: ["Aisha", "Abdullahi"], business: "Aisha Henna & Spa", address: "Plot 1042 Aminu Kano Crescent, Wuse 2", area: "Wuse", city: "Abuja", level: 2, offers: { spa: 3, tatoo: 2, women: 2 } },
  { key: "royal-trims-wuse", name: ["Ibrahim", "Musa"], business: "Royal Trims Wuse", address: "12 Adetokunbo Ademola Crescent, Wuse 2", area: "Wuse", city: "Abuja", level: 2, offers: { men: 5 }, hours: [8, 18] },
  { key: "halima-nail-studio", name: ["Halima", "Yusuf"], business: "Halima Nail Studio", address: "Plot 58 Ahmadu Bello Way, Area 11", area: "Garki", city: "Abuja", level: 1, offers: { manicure: 4, pedicure: 2 } },
  { key: "maitama-skin-clinic", name: ["Ebere", "Nnaji"], business: "Maitama Skin Clinic", address: "21 Gana Street", area: "Maitama", city: "Abuja", level: 3, offers: { facials: 5, spa: 2 } },
  { key: "crown-and-coils", name: ["Folake", "Ajayi"], business: "Crown & Coils", address: "7 Aguiyi Ironsi Street", area: "Maitama", city: "Abuja", level: 2, offers: { women: 6 }, homeService: true },
  { key: "tonye-beauty-hub", name: ["Tamunotonye", "Briggs"], business: "Tonye's Beauty Hub", address: "14 Forces Avenue, Old GRA", area: "GRA", city: "Port Harcourt", level: 2, offers: { women: 4, manicure: 2 } },
  { key: "garden-city-ink", name: ["Ebiere", "Amadi"], business: "Garden City Ink", address: "22 Tombia Street, GRA Phase 2", area: "GRA", city: "Port Harcourt", level: 1, offers: { tatoo: 4, piercing: 3 }, hours: [11, 20] },
  { key: "rumuola-grooming", name: ["Preye", "Alalibo"], business: "Rumuola Grooming Lounge", address: "8 Rumuola Road", area: "Rumuola", city: "Port Harcourt", level: 1, offers: { men: 4, spa: 2 } },
  { key: "sadiq-cuts-kano", name: ["Sadiq", "Abubakar"], business: "Sadiq Gentlemen's Cuts", address: "23 Murtala Mohammed Way", area: "Nassarawa GRA", city: "Kano", level: 2, offers: { men: 5 }, hours: [8, 18], days: [1, 2, 3, 4, 6, 7] },
  { key: "lalle-beauty-kano", name: ["Fatima", "Sani"], business: "Lalle Henna & Beauty", address: "41 Niger Street", area: "Sabon Gari", city: "Kano", level: 1, offers: { tatoo: 2, women: 3, manicure: 2 }, homeService: true },
  { key: "bodija-braids", name: ["Yetunde", "Adewale"], business: "Bodija Braids & Beauty", address: "11 Awolowo Avenue, Old Bodija", area: "Bodija", city: "Ibadan", level: 2, offers: { women: 5, pedicure: 1 } },
  { key: "ringroad-spa-barbers", name: ["Segun", "Oyelaran"], business: "Ring Road Spa & Barbers", address: "27 Ring Road, beside Challenge", area: "Ring Road", city: "Ibadan", level: 1, offers: { men: 3, spa: 3 } },
  { key: "coal-city-ink", name: ["Obinna", "Chukwu"], business: "Coal City Ink & Piercing", address: "9 Nza Street", area: "Independence Layout", city: "Enugu", level: 2, offers: { tatoo: 3, piercing: 3 }, hours: [10, 19] },
  { key: "adaeze-beauty-place", name: ["Adaeze", "Okeke"], business: "Adaeze Beauty Place", address: "33 Chime Avenue", area: "New Haven", city: "Enugu", level: 3, offers: { women: 4, facials: 2, manicure: 1 }, homeService: true },
  { key: "osas-fresh-cuts", name: ["Osasere", "Igbinedion"], business: "Osas Fresh Cuts", address: "4 Aideyan Street", area: "GRA", city: "Benin City", level: 1, offers: { men: 4 }, days: [1, 2, 3, 4, 5, 6, 7] },
  { key: "efe-spa-nails", name: ["Efe", "Omoregie"], business: "Efe's Spa & Nails", address: "45 Ugbowo-Lagos Road", area: "Ugbowo", city: "Benin City", level: 2, offers: { spa: 2, manicure: 2, pedicure: 2 } },
  { key: "hauwa-beauty-corner", name: ["Hauwa", "Ibrahim"], business: "Hauwa's Beauty Corner", address: "17 Kachia Road", area: "Barnawa", city: "Kaduna", level: 1, offers: { women: 3, facials: 2, pedicure: 1 } },
  { key: "malali-grooming", name: ["Danjuma", "Garba"], business: "Malali Grooming & Piercing", address: "3 Isa Kaita Road", area: "Malali", city: "Kaduna", level: 2, offers: { men: 3, piercing: 2 } },
];

const vendorAbout: Record<CategorySlug, string> = {
  men: "A clean, air-conditioned barbershop with sterilised clippers and a fresh blade for every client.",
  women: "Neat, long-lasting protective styles and natural hair care, with gentle hands that protect your edges.",
  spa: "A calm spa with trained therapists, clean linen for every guest and a steady power supply.",
  manicure: "Hygienic nail care with new files and buffers for every client and a big collection of gel colours.",
  pedicure: "Relaxing pedicures with a proper foot soak, callus care and single-use kits.",
  tatoo: "A licensed studio with single-use needles, custom designs and honest aftercare advice.",
  piercing: "Safe, needle-only piercing with implant-grade jewellery and a free check-up after four weeks.",
  facials: "Skin treatments and makeovers tailored to melanin-rich skin, from everyday glow to owambe glam.",
};

const vendorTags: Record<CategorySlug, string[]> = {
  men: ["Barber", "Haircut"],
  women: ["Braids", "Hair"],
  spa: ["Spa", "Massage"],
  manicure: ["Nails", "Manicure"],
  pedicure: ["Pedicure"],
  tatoo: ["Tatoo"],
  piercing: ["Piercing"],
  facials: ["Facials", "Makeup"],
};

/** Star counts that add up to `total`, mostly fives and fours. */
function starCounts(total: number, five = 0.6 + rand() * 0.25): { stars: Stars; count: number }[] {
  const c5 = Math.round(total * five);
  const rest = total - c5;
  const c4 = Math.round(rest * (0.55 + rand() * 0.2));
  const c3 = Math.round((rest - c4) * 0.6);
  const c2 = Math.round((rest - c4 - c3) * 0.6);
  const c1 = rest - c4 - c3 - c2;
  const all: [Stars, number][] = [[5, c5], [4, c4], [3, c3], [2, c2], [1, c1]];
  return all.filter(([, n]) => n > 0).map(([stars, count]) => ({ stars, count }));
}

const jitter = () => Math.round((rand() - 0.5) * 0.01 * 10000) / 10000;

export const vendors: VendorData[] = vendorRows.map((v, i) => {
  const { city, area } = findArea(v.city, v.area);
  const main = Object.keys(v.offers)[0] as CategorySlug;
  const specialties = Object.keys(v.offers) as CategorySlug[];
  const isDemo = v.key === "demo-vendor";
  return {
    key: v.key,
    email: isDemo ? "vendor@example.com" : `${v.key}@vendors.glow.example`,
    firstName: v.name[0],
    lastName: v.name[1],
    businessName: v.business,
    about: `${v.business} in ${area.name}, ${city.name}. ${vendorAbout[main]} Led by ${v.name[0]}${
      v.homeService ? ", with home service available across " + city.name : ""
    }.`,
    address: `${v.address}${v.address.includes(area.name) ? "" : `, ${area.name}`}, ${city.name}`,
    area: area.name,
    city: city.name,
    state: city.state,
    lat: isDemo ? area.lat : Math.round((area.lat + jitter()) * 10000) / 10000,
    lng: isDemo ? area.lng : Math.round((area.lng + jitter()) * 10000) / 10000,
    level: v.level,
    image: `/img/vendor/${(i % 10) + 1}.svg`,
    banner: `/img/vendor/banner-${(i % 4) + 1}.svg`,
    tags: [...new Set(specialties.flatMap((s) => vendorTags[s]))].slice(0, 5),
    homeService: v.homeService ?? false,
    opensHour: v.hours?.[0] ?? 9,
    closesHour: v.hours?.[1] ?? 19,
    openDays: v.days ?? [1, 2, 3, 4, 5, 6],
    // The demo vendor's card reads "(456 ratings)".
    ratings: isDemo
      ? [
          { stars: 5, count: 300 },
          { stars: 4, count: 110 },
          { stars: 3, count: 30 },
          { stars: 2, count: 10 },
          { stars: 1, count: 6 },
        ]
      : starCounts(int(24, 620)),
  };
});

// ---------------------------------------------------------------------------------------------
// Materials (naira) by kind of service

type M = [name: string, naira: number, required: boolean];
const materialSets: Record<string, M[]> = {
  braids: [["Braiding extensions (3 packs)", 4500, true], ["Edge control", 1500, false], ["Gold braid cuffs (10 pcs)", 1000, false], ["Mousse and setting foam", 2000, false]],
  locs: [["Loc gel and wax", 3000, true], ["Scalp oil", 1500, false], ["Loc beads and cuffs", 1000, false]],
  wig: [["Wig cap", 500, true], ["Lace glue and tint spray", 3500, true], ["Heat protectant", 2000, false], ["Satin scarf", 1500, false]],
  natural: [["Deep conditioner", 2500, true], ["Leave-in cream", 2000, false], ["Satin bonnet", 1500, false]],
  cut: [["Fresh blade and neck strip", 500, true], ["Aftershave balm", 1000, false], ["Hair sponge", 1500, false], ["Beard oil", 2500, false]],
  colour: [["Hair dye", 3500, true], ["Toner", 2000, false], ["Colour-safe shampoo", 2500, false]],
  kids: [["Kids' detangling spray", 1500, true], ["Hair bobbles (pack)", 800, false], ["Beads (pack)", 1000, false]],
  nails: [["Gel polish", 2000, true], ["Cuticle oil", 1200, false], ["Nail gems (set)", 1500, false], ["Top coat", 1000, false]],
  acrylic: [["Acrylic powder and liquid", 5000, true], ["Nail tips", 1500, true], ["Nail charms", 2000, false], ["Cuticle oil", 1200, false]],
  pedi: [["Pedicure kit (single use)", 2500, true], ["Foot scrub", 1500, false], ["Gel polish", 2000, false], ["Paraffin wax", 3000, false]],
  spa: [["Disposable towels", 1000, true], ["Essential oil blend", 3000, false], ["Aromatherapy candle", 2500, false], ["Body butter (take-home)", 4500, false]],
  scrub: [["Sugar and shea scrub", 3500, true], ["Loofah", 1500, false], ["Body butter (take-home)", 4500, false]],
  gym: [["Towel hire", 1000, true], ["Locker", 500, false], ["Protein shake", 2500, false]],
  tattoo: [["Sterile needle cartridges", 3000, true], ["Ink (per colour)", 2500, true], ["Aftercare balm", 2000, false], ["Cling film and bandage", 500, false]],
  henna: [["Henna cones (2)", 1500, true], ["Lemon-sugar sealant", 500, false], ["Aftercare oil", 1000, false]],
  piercing: [["Surgical steel stud", 2500, true], ["Titanium jewellery upgrade", 8000, false], ["Saline aftercare spray", 2500, false]],
  facial: [["Single-use facial kit", 3500, true], ["Sheet mask", 1500, false], ["Vitamin C serum (take-home)", 6000, false], ["Sunscreen SPF 50", 5000, false]],
  makeup: [["Skin prep", 2500, true], ["Lash strip", 2000, false], ["Setting spray", 1500, false], ["Gele tying", 5000, false]],
  lash: [["Lash extension trays", 5000, true], ["Lash glue", 2000, true], ["Lash shampoo", 2500, false]],
};

// ---------------------------------------------------------------------------------------------
// Service templates per category

type Tpl = {
  style: string;
  titles: string[];
  gender: ServiceData["gender"];
  naira: [number, number];
  mins: [number, number];
  image: string;
  more: string[];
  tags: string[];
  kind: keyof typeof materialSets;
};

const templates: Record<CategorySlug, Tpl[]> = {
  men: [
    { style: "Haircut", titles: ["Classic Haircut & Lineup", "Gentleman's Haircut"], gender: "men", naira: [3000, 5000], mins: [30, 60], image: "barber", more: ["buzz-cut", "beard"], tags: ["Haircut", "Barber", "Lineup"], kind: "cut" },
    { style: "Low Cut", titles: ["Low Cut with Sharp Lineup", "Buzz Cut with Lineup"], gender: "men", naira: [3000, 4500], mins: [30, 30], image: "buzz-cut", more: ["barber", "waves"], tags: ["Haircut", "Buzz Cut", "Low Cut"], kind: "cut" },
    { style: "Fade", titles: ["Skin Fade", "Taper Fade & Design"], gender: "men", naira: [4000, 7000], mins: [30, 60], image: "buzz-cut", more: ["barber", "beard"], tags: ["Fade", "Haircut", "Barber"], kind: "cut" },
    { style: "Beard", titles: ["Beard Trim & Shape-up", "Hot Towel Beard Grooming"], gender: "men", naira: [3000, 6000], mins: [30, 60], image: "beard", more: ["barber", "buzz-cut"], tags: ["Beard", "Grooming", "Haircut"], kind: "cut" },
    { style: "Waves", titles: ["360 Waves Package", "Textured Waves"], gender: "men", naira: [5000, 9000], mins: [60, 90], image: "waves", more: ["barber", "buzz-cut"], tags: ["Waves", "Haircut", "Hair"], kind: "cut" },
    { style: "Dreadlocks", titles: ["Starter Locs", "Relaxed Dread Undercut", "Loc Retwist & Style"], gender: "men", naira: [15000, 45000], mins: [120, 240], image: "dreadlocks", more: ["afro", "barber"], tags: ["Dreadlocks", "Locs", "Retwist"], kind: "locs" },
    { style: "Afro", titles: ["Afro Shape-up & Trim", "Afro Dread Sponge Twist"], gender: "men", naira: [4000, 8000], mins: [30, 60], image: "afro", more: ["barber", "dreadlocks"], tags: ["Afro", "Natural Hair", "Shape-up"], kind: "cut" },
    { style: "Colour", titles: ["Hair Dye & Cut", "Blonde Tips (Colourful)"], gender: "men", naira: [8000, 20000], mins: [60, 120], image: "waves", more: ["barber", "afro"], tags: ["Colour", "Hair Dye", "Colourful"], kind: "colour" },
    { style: "Kids", titles: ["Kids' Haircut", "Boys' Haircut (under 12)"], gender: "men", naira: [3000, 4000], mins: [30, 30], image: "kids-hair", more: ["barber", "buzz-cut"], tags: ["Kids", "Haircut", "Kiddies"], kind: "kids" },
    { style: "Home Service", titles: ["Home Service Haircut", "Executive Home Barbing"], gender: "men", naira: [8000, 15000], mins: [60, 60], image: "barber", more: ["beard", "waves"], tags: ["Home Service", "Haircut", "Barber"], kind: "cut" },
  ],
  women: [
    { style: "Braids", titles: ["Knotless Box Braids", "Medium Knotless Braids", "Small Knotless Braids"], gender: "women", naira: [15000, 45000], mins: [180, 300], image: "knotless", more: ["braids", "cornrows"], tags: ["Braids", "Knotless", "Protective Style"], kind: "braids" },
    { style: "Braids", titles: ["Box Braids", "Jumbo Box Braids", "Bob Braids"], gender: "women", naira: [10000, 30000], mins: [120, 240], image: "braids", more: ["knotless", "kids-hair"], tags: ["Braids", "Box Braids", "Protective Style"], kind: "braids" },
    { style: "Cornrows", titles: ["Straight-back Cornrows", "Stitch Cornrows", "Ghana Weaving"], gender: "women", naira: [6000, 18000], mins: [60, 180], image: "cornrows", more: ["braids", "knotless"], tags: ["Cornrows", "Ghana Weaving", "Braids"], kind: "braids" },
    { style: "Twists", titles: ["Passion Twists", "Senegalese Twists", "Kinky Twists"], gender: "women", naira: [15000, 35000], mins: [180, 300], image: "braids", more: ["knotless", "afro"], tags: ["Twists", "Protective Style", "Hair"], kind: "braids" },
    { style: "Locs", titles: ["Faux Locs", "Soft Locs", "Butterfly Locs"], gender: "women", naira: [20000, 45000], mins: [180, 300], image: "dreadlocks", more: ["braids", "knotless"], tags: ["Locs", "Faux Locs", "Protective Style"], kind: "locs" },
    { style: "Wig", titles: ["Frontal Wig Install", "Closure Wig Install & Styling", "Wig Revamp & Colour"], gender: "women", naira: [10000, 30000], mins: [90, 180], image: "wig", more: ["silk-press", "makeup"], tags: ["Wig", "Frontal", "Colour"], kind: "wig" },
    { style: "Silk Press", titles: ["Silk Press on Natural Hair", "Wash & Blow-dry"], gender: "women", naira: [8000, 20000], mins: [90, 150], image: "silk-press", more: ["afro", "wig"], tags: ["Silk Press", "Natural Hair", "Blow-dry"], kind: "natural" },
    { style: "Natural Hair", titles: ["Wash & Twist-out", "Bantu Knots", "Natural Hair Treatment"], gender: "women", naira: [6000, 15000], mins: [60, 120], image: "afro", more: ["silk-press", "cornrows"], tags: ["Natural Hair", "Twist-out", "Treatment"], kind: "natural" },
    { style: "Relaxer", titles: ["Relaxer Retouch & Set", "Steam Treatment & Trim"], gender: "women", naira: [6000, 12000], mins: [60, 120], image: "silk-press", more: ["wig", "afro"], tags: ["Relaxer", "Treatment", "Hair"], kind: "natural" },
    { style: "Kids", titles: ["Kiddies Cornrows with Beads", "Kids' Braids"], gender: "women", naira: [4000, 12000], mins: [60, 150], image: "kids-hair", more: ["cornrows", "braids"], tags: ["Kids", "Braids", "Kiddies"], kind: "kids" },
    { style: "Bridal Hair", titles: ["Bridal Hair Styling", "Owambe Updo"], gender: "women", naira: [15000, 50000], mins: [90, 180], image: "silk-press", more: ["wig", "makeup"], tags: ["Bridal", "Owambe", "Updo"], kind: "wig" },
  ],
  spa: [
    { style: "Massage", titles: ["Swedish Massage (60 min)", "Deep Tissue Massage", "Couples Massage"], gender: "unisex", naira: [15000, 60000], mins: [60, 120], image: "massage", more: ["hot-stones", "body-scrub"], tags: ["Massage", "Spa", "Relaxation"], kind: "spa" },
    { style: "Hot Stones", titles: ["Hot Stone Massage", "Hot Stone & Aromatherapy"], gender: "unisex", naira: [20000, 45000], mins: [90, 120], image: "hot-stones", more: ["massage", "sauna"], tags: ["Hot Stones", "Massage", "Spa"], kind: "spa" },
    { style: "Sauna", titles: ["Sauna & Steam Session", "Steam Room Day Pass"], gender: "unisex", naira: [5000, 15000], mins: [60, 60], image: "sauna", more: ["gym", "massage"], tags: ["Sauna", "Steam", "Spa"], kind: "spa" },
    { style: "Body Scrub", titles: ["Shea Butter Body Scrub", "Coffee Body Polish"], gender: "unisex", naira: [12000, 30000], mins: [60, 90], image: "body-scrub", more: ["massage", "sauna"], tags: ["Body Scrub", "Spa & Treatment", "Skin"], kind: "scrub" },
    { style: "Gym", titles: ["Gym Center Day Pass", "Gym & Sauna Weekly Pass"], gender: "unisex", naira: [3000, 25000], mins: [60, 120], image: "gym", more: ["sauna", "massage"], tags: ["Gym", "Gym Center", "Fitness"], kind: "gym" },
    { style: "Hair Spa", titles: ["Hot Oil Hair & Scalp Treatment", "Scalp Detox Hair Spa"], gender: "unisex", naira: [8000, 18000], mins: [60, 90], image: "silk-press", more: ["massage", "afro"], tags: ["Hair Spa", "Scalp", "Spa & Treatment"], kind: "natural" },
    { style: "Spa Package", titles: ["Half-day Spa Package", "Pamper Me Spa Day"], gender: "unisex", naira: [45000, 120000], mins: [180, 300], image: "massage", more: ["hot-stones", "facial", "foot-spa"], tags: ["Spa Package", "Spa & Treatment", "Gift"], kind: "spa" },
  ],
  manicure: [
    { style: "Gel Manicure", titles: ["Gel Polish Manicure", "Classic Manicure"], gender: "women", naira: [5000, 10000], mins: [60, 60], image: "manicure", more: ["nail-art", "acrylic"], tags: ["Manicure", "Gel", "Nails"], kind: "nails" },
    { style: "Nail Art", titles: ["Nail Art (Full Set)", "French Tips & Nail Art"], gender: "women", naira: [7000, 15000], mins: [60, 90], image: "nail-art", more: ["manicure", "acrylic"], tags: ["Nail Art", "Colourful", "Nails"], kind: "nails" },
    { style: "Acrylic", titles: ["Acrylic Full Set", "Acrylic Refill", "Stiletto Acrylics"], gender: "women", naira: [10000, 25000], mins: [90, 150], image: "acrylic", more: ["nail-art", "manicure"], tags: ["Acrylic", "Nails", "Extensions"], kind: "acrylic" },
    { style: "Gel-X", titles: ["Gel-X Extensions", "BIAB Builder Gel"], gender: "women", naira: [12000, 22000], mins: [90, 120], image: "acrylic", more: ["manicure", "nail-art"], tags: ["Gel-X", "Nails", "Extensions"], kind: "acrylic" },
    { style: "Press-on", titles: ["Custom Press-on Nails", "Press-on Nails Fitting"], gender: "women", naira: [6000, 12000], mins: [30, 60], image: "nail-art", more: ["acrylic", "manicure"], tags: ["Press-on", "Nails", "Colourful"], kind: "nails" },
    { style: "Men's Manicure", titles: ["Men's Grooming Manicure"], gender: "men", naira: [4000, 7000], mins: [30, 60], image: "manicure", more: ["pedicure", "beard"], tags: ["Manicure", "Men", "Grooming"], kind: "nails" },
    { style: "Mani-Pedi", titles: ["Mani-Pedi Combo"], gender: "unisex", naira: [12000, 20000], mins: [120, 120], image: "manicure", more: ["pedicure", "foot-spa"], tags: ["Manicure", "Pedicure", "Nails"], kind: "nails" },
  ],
  pedicure: [
    { style: "Classic Pedicure", titles: ["Classic Pedicure", "Express Pedicure"], gender: "unisex", naira: [5000, 9000], mins: [60, 60], image: "pedicure", more: ["foot-spa", "manicure"], tags: ["Pedicure", "Feet"], kind: "pedi" },
    { style: "Spa Pedicure", titles: ["Spa Pedicure with Foot Soak", "Jelly Spa Pedicure"], gender: "unisex", naira: [8000, 16000], mins: [60, 90], image: "foot-spa", more: ["pedicure", "body-scrub"], tags: ["Spa Pedicure", "Pedicure", "Spa & Treatment"], kind: "pedi" },
    { style: "Gel Toes", titles: ["Gel Polish Toes", "Toe Nail Art"], gender: "women", naira: [5000, 9000], mins: [30, 60], image: "pedicure", more: ["nail-art", "foot-spa"], tags: ["Gel", "Pedicure", "Colourful"], kind: "pedi" },
    { style: "Medical Pedicure", titles: ["Callus Removal Pedicure", "Medi-Pedi"], gender: "unisex", naira: [10000, 20000], mins: [60, 90], image: "foot-spa", more: ["pedicure", "massage"], tags: ["Medi-Pedi", "Pedicure", "Callus"], kind: "pedi" },
    { style: "Paraffin", titles: ["Paraffin Wax Foot Treatment"], gender: "unisex", naira: [8000, 14000], mins: [60, 60], image: "foot-spa", more: ["pedicure", "hot-stones"], tags: ["Paraffin", "Pedicure", "Treatment"], kind: "pedi" },
  ],
  tatoo: [
    { style: "Fine Line", titles: ["Fine Line Tattoo (small)", "Minimalist Tatoo"], gender: "unisex", naira: [15000, 40000], mins: [60, 120], image: "tattoo", more: ["tattoo-sleeve", "piercing-ear"], tags: ["Tattoo", "Fine Line", "Minimalist"], kind: "tattoo" },
    { style: "Sleeve", titles: ["Half Sleeve Tattoo Session", "Full Sleeve Tattoo Session"], gender: "unisex", naira: [80000, 150000], mins: [240, 300], image: "tattoo-sleeve", more: ["tattoo", "piercing-nose"], tags: ["Sleeve", "Tattoo", "Bold"], kind: "tattoo" },
    { style: "Cover-up", titles: ["Tattoo Cover-up", "Tattoo Rework"], gender: "unisex", naira: [40000, 90000], mins: [180, 300], image: "tattoo-sleeve", more: ["tattoo"], tags: ["Cover-up", "Tattoo", "Bold"], kind: "tattoo" },
    { style: "Lettering", titles: ["Script & Lettering Tattoo", "Name Tattoo"], gender: "unisex", naira: [15000, 35000], mins: [60, 120], image: "tattoo", more: ["tattoo-sleeve"], tags: ["Lettering", "Tattoo", "Script"], kind: "tattoo" },
    { style: "Henna", titles: ["Henna (Lalle) Hands & Feet", "Bridal Henna Design"], gender: "women", naira: [5000, 25000], mins: [60, 180], image: "nail-art", more: ["tattoo", "pedicure"], tags: ["Henna", "Lalle", "Bridal"], kind: "henna" },
    { style: "Colour Tattoo", titles: ["Colour Tattoo Session", "Watercolour Tattoo"], gender: "unisex", naira: [40000, 100000], mins: [120, 240], image: "tattoo-sleeve", more: ["tattoo", "nail-art"], tags: ["Colour", "Colourful", "Tattoo"], kind: "tattoo" },
  ],
  piercing: [
    { style: "Ear", titles: ["Ear Lobe Piercing (pair)", "Second Lobe Piercing"], gender: "unisex", naira: [5000, 10000], mins: [30, 30], image: "piercing-ear", more: ["piercing-nose"], tags: ["Ear Piercing", "Piercing", "Lobe"], kind: "piercing" },
    { style: "Cartilage", titles: ["Helix Piercing", "Tragus Piercing", "Conch Piercing"], gender: "unisex", naira: [8000, 15000], mins: [30, 30], image: "piercing-ear", more: ["piercing-nose", "tattoo"], tags: ["Cartilage", "Piercing", "Bold"], kind: "piercing" },
    { style: "Nose", titles: ["Nose Stud Piercing", "Septum Piercing", "Nose Ring Piercing"], gender: "unisex", naira: [8000, 15000], mins: [30, 30], image: "piercing-nose", more: ["piercing-ear"], tags: ["Nose Piercing", "Piercing", "Bold"], kind: "piercing" },
    { style: "Kids", titles: ["Baby Ear Piercing", "Kids' Ear Piercing"], gender: "unisex", naira: [4000, 7000], mins: [30, 30], image: "piercing-ear", more: ["kids-hair"], tags: ["Kids", "Ear Piercing", "Piercing"], kind: "piercing" },
    { style: "Navel", titles: ["Navel Piercing"], gender: "unisex", naira: [10000, 18000], mins: [30, 30], image: "piercing-nose", more: ["piercing-ear", "tattoo"], tags: ["Navel", "Piercing"], kind: "piercing" },
    { style: "Jewellery", titles: ["Jewellery Change & Check-up"], gender: "unisex", naira: [3000, 5000], mins: [30, 30], image: "piercing-ear", more: ["piercing-nose"], tags: ["Jewellery", "Piercing", "Aftercare"], kind: "piercing" },
  ],
  facials: [
    { style: "Facial", titles: ["Deep Cleansing Facial", "Hydrating Facial", "Acne Clearing Facial"], gender: "unisex", naira: [12000, 35000], mins: [60, 90], image: "facial", more: ["face-mask", "makeup"], tags: ["Facial", "Skin Care", "Glow"], kind: "facial" },
    { style: "Face Mask", titles: ["Brightening Face Mask Treatment", "Clay Mask Detox"], gender: "unisex", naira: [8000, 18000], mins: [60, 60], image: "face-mask", more: ["facial", "body-scrub"], tags: ["Face Mask", "Facial", "Skin Care"], kind: "facial" },
    { style: "Chemical Peel", titles: ["Chemical Peel (light)", "Dermaplaning & Peel"], gender: "unisex", naira: [20000, 50000], mins: [60, 90], image: "face-mask", more: ["facial"], tags: ["Peel", "Facial", "Skin Care"], kind: "facial" },
    { style: "Makeup", titles: ["Soft Glam Makeup", "Owambe Makeup & Gele", "Bridal Makeup"], gender: "women", naira: [15000, 80000], mins: [60, 180], image: "makeup", more: ["lashes", "wig"], tags: ["Makeup", "Makeover", "Glam"], kind: "makeup" },
    { style: "Lashes", titles: ["Classic Lash Extensions", "Volume Lash Extensions", "Lash Lift & Tint"], gender: "women", naira: [12000, 30000], mins: [90, 150], image: "lashes", more: ["makeup", "facial"], tags: ["Lashes", "Lash Extensions", "Makeover"], kind: "lash" },
    { style: "Brows", titles: ["Brow Shaping & Tint", "Brow Lamination"], gender: "women", naira: [5000, 12000], mins: [30, 60], image: "lashes", more: ["makeup"], tags: ["Brows", "Makeover"], kind: "makeup" },
    { style: "Shop", titles: ["Take-home Glow Skincare Kit", "Shop: Skin & Hair Care Bundle"], gender: "unisex", naira: [8000, 25000], mins: [30, 30], image: "body-scrub", more: ["face-mask", "facial"], tags: ["Shop", "Skin Care", "Products"], kind: "facial" },
  ],
};

// Short descriptions and longer "about" texts per category. Placeholders: {title}, {business}, {area}, {city}, {mins}.
const descriptions: Record<CategorySlug, string[]> = {
  men: [
    "{title} by a skilled barber at {business}, {area}. Clean tools, sharp lines and a hot towel to finish your hair and beard.",
    "Get a fresh {title} in {area}, {city}. Your hair is washed, cut and finished in about {mins} minutes.",
  ],
  women: [
    "{title} done neatly at {business} in {area}. Gentle on your edges and made to last, with hair extensions and styling included in the price guide.",
    "Beautiful {title} by experienced hair stylists in {area}, {city}. Bring your inspiration picture and we will match it.",
  ],
  spa: [
    "{title} at {business}, {area}. Leave the Lagos traffic behind and relax in a quiet, air-conditioned room.",
    "Unwind with a {title} in {area}, {city}. Fresh towels, calming music and a professional therapist.",
  ],
  manicure: [
    "{title} by a certified nail tech at {business}, {area}. New files for every client and a wide range of colours.",
    "Neat, long-lasting {title} in {area}, {city}. Cuticle care and hand massage included.",
  ],
  pedicure: [
    "{title} at {business}, {area}: a warm foot soak, scrub, nail shaping and polish.",
    "Treat your feet to a {title} in {area}, {city}. Single-use kits and a relaxing foot massage.",
  ],
  tatoo: [
    "{title} at {business}, {area}. Custom design consultation, single-use needles and aftercare guide included.",
    "Get inked in {area}, {city}: {title} by an experienced Tatoo artist.",
  ],
  piercing: [
    "{title} at {business}, {area}, done with a sterile needle and implant-grade jewellery.",
    "Safe {title} in {area}, {city}, with aftercare spray advice and a free check-up.",
  ],
  facials: [
    "{title} at {business}, {area}, tailored to melanin-rich skin and your skin type.",
    "Glow up with a {title} in {area}, {city}. Products are dermatologist-approved and suitable for sensitive skin.",
  ],
};

const aboutTexts: Record<CategorySlug, string> = {
  men: "Please arrive five minutes early. Tell your barber if you have a sensitive scalp or razor bumps so a guard can be used. Beard oil and aftershave are optional extras.",
  women: "Please come with washed, blow-dried and detangled hair unless washing is included. Required materials such as extensions are added to the total; you may bring your own if you prefer, just message the stylist first. Kindly keep to your booking time.",
  spa: "Arrive 10 minutes early to change and relax. Let the therapist know about any injuries, allergies or pregnancy. A voucher is valid for 3 months and spa services are non-refundable.",
  manicure: "Come with clean, polish-free nails if possible; removal of old gel or acrylic is charged separately. Choose your colour on arrival or send a picture ahead.",
  pedicure: "Wear open shoes so your polish can dry. Let us know about diabetes or circulation problems before the session. A voucher is valid for 3 months.",
  tatoo: "You must be 18 or older and bring a valid ID. Eat well before your session and avoid alcohol for 24 hours. A deposit secures your design; touch-ups within 6 weeks are free.",
  piercing: "Bring a valid ID; under-16s must come with a parent or guardian. Clean with saline twice a day and do not change the jewellery for at least 6 weeks.",
  facials: "Come with a clean face where possible. Avoid retinol and exfoliating products for 3 days before peels. Tell us about allergies and skin conditions before your session.",
};

// ---------------------------------------------------------------------------------------------
// Service generation

const fill = (s: string, vars: Record<string, string | number>) => s.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ""));

const roundTo = (n: number, step: number) => Math.round(n / step) * step;

function reviewDate(): string {
  const month = int(1, 4);
  const day = int(1, month === 2 ? 28 : 30);
  return `2026-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function writtenReviews(n: number, group: string, vars: Record<string, string>): ReviewData[] {
  const authors = shuffled(reviewers).slice(0, n);
  return authors
    .map((author): ReviewData => {
      const roll = rand();
      const rating: Stars = roll < 0.6 ? 5 : roll < 0.88 ? 4 : 3;
      const pool = rating === 3 ? mixedReviews : chance(0.6) ? groupPraise[group] ?? generalPraise : generalPraise;
      return { author, date: reviewDate(), rating, body: fill(pick(pool), vars) };
    })
    .sort((a, b) => b.date.localeCompare(a.date));
}

function materialsFor(kind: keyof typeof materialSets): MaterialData[] {
  const set = materialSets[kind]!;
  const required = set.filter((m) => m[2]);
  const optional = shuffled(set.filter((m) => !m[2])).slice(0, int(0, Math.min(3, 4 - required.length)));
  const chosen = [...required, ...optional];
  if (chosen.length === 0) chosen.push(set[0]!);
  return chosen.map(([name, price, req]) => ({ name, priceKobo: naira(price), required: req }));
}

function makeService(v: VendorData, category: CategorySlug, t: Tpl, title: string, key: string): ServiceData {
  const group = groupOf[category];
  const mins = roundTo(int(t.mins[0], t.mins[1]), 30);
  const price = roundTo(int(t.naira[0], t.naira[1]), 500);
  const vars = { title, business: v.businessName, area: v.area, city: v.city, mins, name: v.firstName };
  const reviews = writtenReviews(int(0, 4), group, { title: title.toLowerCase(), name: v.firstName, area: v.area });
  const total = Math.max(int(5, 300), reviews.length + 1);
  const extra = starCounts(total - reviews.length);
  const others = shuffled(t.more).slice(0, int(2, 3));
  while (others.length < 2) others.push(pick(["braids", "massage", "manicure", "facial"].filter((x) => x !== t.image && !others.includes(x))));
  const serviceType: ServiceData["serviceType"] = v.homeService ? pick(["both", "both", "home", "salon"] as const) : "salon";
  const tags = [...new Set([...t.tags, ...(serviceType === "salon" ? [] : ["Home Service"]), category === "men" || category === "women" ? "Hair" : group])].slice(0, int(3, 5));
  return {
    key,
    vendorKey: v.key,
    category,
    style: t.style,
    group,
    title,
    gender: t.gender,
    description: fill(pick(descriptions[category]), vars),
    about: aboutTexts[category],
    durationMin: mins,
    priceKobo: naira(price),
    ...(chance(0.2) && price >= 6000 ? { promoPriceKobo: naira(roundTo(price * 0.85, 500)) } : {}),
    image: svc(t.image),
    gallery: [svc(t.image), ...others.map(svc)],
    tags,
    serviceType,
    recommended: chance(0.3),
    materials: materialsFor(t.kind),
    reviews,
    extraRatings: extra,
  };
}

/** The featured service (Hair > Braids, ₦7,500, 120 min, 4.56 from 458 ratings): /details without an id shows it. */
const featured: ServiceData = {
  key: "featured-braids",
  vendorKey: "demo-vendor",
  category: "women",
  group: "Hair",
  style: "Braids",
  title: "Knotless Box Braids",
  gender: "women",
  description:
    "Neat, lightweight knotless box braids at Ronke's Beauty Lounge in Lekki. Gentle on your edges, mid-back length, done in about two hours with two stylists.",
  about:
    "Please come with washed, blow-dried and detangled hair. Three packs of braiding extensions are required and added to your total; edge control and gold cuffs are optional. Home service is available within Lekki and Ajah. Kindly keep to your booking time; a lateness of over 30 minutes may be rescheduled.",
  durationMin: 120,
  priceKobo: 750000,
  image: "/img/svc/knotless.svg",
  gallery: ["/img/svc/knotless.svg", "/img/svc/braids.svg", "/img/svc/cornrows.svg", "/img/style/7.svg"],
  tags: ["Braids", "Knotless", "Hair", "Protective Style", "Lekki"],
  serviceType: "both",
  recommended: true,
  materials: [
    { name: "Braiding extensions (3 packs)", priceKobo: 450000, required: true },
    { name: "Edge control", priceKobo: 150000, required: false },
    { name: "Gold braid cuffs (10 pcs)", priceKobo: 100000, required: false },
  ],
  reviews: [
    {
      author: "Chioma O.",
      date: "2026-03-14",
      rating: 5,
      body: "Ronke did my knotless braids in two hours and they came out so neat and light. No tension at all on my edges. I will definitely come back!",
    },
    {
      author: "Aisha B.",
      date: "2026-02-21",
      rating: 4,
      body: "Lovely service and the shop is very clean. We started a bit late because of the light, but the braids are fine and the price is fair for Lekki.",
    },
    // Older written reviews, so "+ See more" has more to show.
    { author: "Funmi A.", date: "2026-02-09", rating: 5, body: "My third time here. The braids last a good six weeks and Ronke always checks the tension before she starts." },
    { author: "Kemi L.", date: "2026-01-30", rating: 5, body: "Booked for a Saturday morning and we finished before noon. Neat parting and the extensions were good quality." },
    { author: "Blessing E.", date: "2026-01-18", rating: 4, body: "Beautiful result. It took a little longer than two hours because my hair is very thick, but she told me at the start." },
    { author: "Tosin M.", date: "2026-01-05", rating: 5, body: "Home service in Ajah was on time and she brought everything. My daughter loved her braids." },
    { author: "Ifeoma N.", date: "2025-12-20", rating: 5, body: "Very gentle hands and a clean salon. Worth every naira for Christmas." },
    { author: "Zainab K.", date: "2025-12-02", rating: 4, body: "Good braids and friendly staff. Parking in the plaza is a bit tight, so come early." },
  ],
  // 8 written + 450 star-only ratings = 458; (37 + 2052) / 458 = 4.561 -> 4.56.
  extraRatings: [
    { stars: 5, count: 316 },
    { stars: 4, count: 92 },
    { stars: 3, count: 26 },
    { stars: 2, count: 10 },
    { stars: 1, count: 6 },
  ],
};

function generateServices(): ServiceData[] {
  const out: ServiceData[] = [featured];
  const used = new Set(out.map((s) => s.key));
  // Templates no vendor has offered yet go first, so every template appears somewhere in the catalogue.
  const fresh = new Map<CategorySlug, Set<Tpl>>();
  for (const v of vendorRows) {
    const vendor = vendors.find((x) => x.key === v.key)!;
    const short = v.key.replace(/-vendor$/, "");
    for (const [category, n] of Object.entries(v.offers) as [CategorySlug, number][]) {
      const unused = fresh.get(category) ?? new Set(templates[category]);
      fresh.set(category, unused);
      const all = templates[category];
      const chosen = [...shuffled(all.filter((t) => unused.has(t))), ...shuffled(all.filter((t) => !unused.has(t)))].slice(0, n);
      for (const t of chosen) {
        unused.delete(t);
        const title = pick(t.titles);
        let key = `${slugify(title)}-${short}`;
        for (let k = 2; used.has(key); k++) key = `${slugify(title)}-${short}-${k}`;
        used.add(key);
        out.push(makeService(vendor, category, t, title, key));
      }
    }
  }
  // The demo vendor's services in the other moderation states, so each tab of its services page (Active, Pending,
  // Paused, Draft) has something to show.
  const demo = vendors[0]!;
  const states: [NonNullable<ServiceData["status"]>, CategorySlug, number, string][] = [
    ["pending", "women", 3, "Goddess Passion Twists"],
    ["paused", "spa", 5, "Hot Oil Hair & Scalp Treatment"],
    ["draft", "women", 10, "Owambe Updo with Gele"],
  ];
  for (const [status, category, tplIndex, title] of states) {
    const key = `${slugify(title)}-demo-${status}`;
    out.push({ ...makeService(demo, category, templates[category][tplIndex]!, title, key), status, reviews: [], extraRatings: status === "paused" ? starCounts(12) : [] });
  }
  return out;
}

export const services: ServiceData[] = generateServices();

// ---------------------------------------------------------------------------------------------
// Home page and footer blocks

export const popularSearches: string[] = ["Hair", "Nail", "Spa", "Gym Center"];

export const categoryTags: { text: string; href: string }[] = [
  { text: "Haircut", href: "/search/haircut" },
  { text: "Spa & Treatment", href: "/search/spa" },
  { text: "Tatoo", href: "/search/tatoo" },
  { text: "Pedicure", href: "/search/pedicure" },
  { text: "Piercing", href: "/search/piercing" },
];

export const popularCategories: PopularCategoryData[] = [
  { img: "/img/svc/braids.svg", title: "Hair", stats: "over 2,000 styles", bg: "#fde8e4", statsTxtClr: "#a3271a", href: "/search/hair" },
  { img: "/img/svc/nail-art.svg", title: "Nails", stats: "over 500 Nailtechs", bg: "#efe6f8", statsTxtClr: "#5b2a86", href: "/search/nails" },
  { img: "/img/svc/makeup.svg", title: "Makeover", stats: "over 1,000 artists", bg: "#fff4dc", statsTxtClr: "#7a4d00", href: "/search/makeover" },
  { img: "/img/svc/massage.svg", title: "Spa", stats: "over 700 professionals", bg: "#e2f4f0", statsTxtClr: "#11604f", href: "/search/spa" },
];

export const serviceIcons: ImageTextData[] = [
  { img: "/img/svc/braids.svg", text: "Hair Dressing", href: "/search/hair" },
  { img: "/img/svc/makeup.svg", text: "Make Over", href: "/search/makeover" },
  { img: "/img/svc/massage.svg", text: "Body Spa", href: "/search/spa" },
  { img: "/img/svc/manicure.svg", text: "Manicure & Pedicure", href: "/search/manicure" },
  { img: "/img/svc/body-scrub.svg", text: "Shop", href: "/search/shop" },
];

export const trending: CollageData[] = [
  { images: [svc("knotless"), svc("silk-press"), svc("cornrows"), svc("wig")], text: "Hairstyles", href: "/search/hair" },
  { images: [svc("nail-art"), svc("acrylic"), svc("manicure"), svc("pedicure")], text: "Nail Choices", href: "/search/nails" },
  { images: [svc("makeup"), svc("lashes"), svc("facial"), svc("face-mask")], text: "Make Over", href: "/search/makeover" },
  { images: [svc("massage"), svc("hot-stones"), svc("sauna"), svc("body-scrub")], text: "Spa Spots", href: "/search/spa" },
];

export const picks: CollageData[] = [
  { images: [svc("kids-hair"), "/img/style/9.svg", "/img/style/8.svg", svc("cornrows")], text: "Kiddies", href: "/search/kids" },
  { images: [svc("barber"), "/img/style/2.svg", svc("waves"), svc("beard")], text: "Men", href: "/submenu/men" },
  { images: [svc("nail-art"), svc("wig"), "/img/style/11.svg", svc("tattoo-sleeve")], text: "Colourful", href: "/search/colourful" },
  { images: [svc("tattoo"), svc("piercing-nose"), "/img/style/6.svg", "/img/style/3.svg"], text: "Bold", href: "/search/bold" },
];

const footerLinks = [
  { text: "Manicure in Lagos", href: "/search/manicure?location=Lagos" },
  { text: "Manicure in Abuja", href: "/search/manicure?location=Abuja" },
  { text: "Manicure in Portharcout", href: "/search/manicure?location=Port%20Harcourt" },
  { text: "Manicure in Kano", href: "/search/manicure?location=Kano" },
];

/** The footer's link list: four identical columns headed 'manicure', as the product requires; do not "fix" them. */
export const footerColumns: { heading: string; links: { text: string; href: string }[] }[] = [1, 2, 3, 4].map(() => ({
  heading: "manicure",
  links: footerLinks.map((l) => ({ ...l })),
}));
