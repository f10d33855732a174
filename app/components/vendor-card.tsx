import { Link } from "@remix-run/react";
import { Stars } from "~/components/stars";
import type { VendorCard as Vendor } from "~/models/catalogue/vendor-pages.server";
import { formatNaira } from "~/utils/money";

/** What a vendor card shows, and no more (a page's loader data is written into its HTML). */
export type VendorCardData = Pick<Vendor, "id" | "name" | "image" | "area" | "city" | "rating" | "ratingCount" | "fromKobo">;

export function vendorCardData({ id, name, image, area, city, rating, ratingCount, fromKobo }: VendorCardData): VendorCardData {
  return { id, name, image, area, city, rating, ratingCount, fromKobo };
}

/** A salon or stylist in a slider (image, title, star rating, '(456)', location, naira price). */
export function VendorCard({ vendor }: { vendor: VendorCardData }) {
  return (
    <Link to={`/profile/vendor/${vendor.id}`} className="vendor-card">
      <img className="vendor-card__img" src={vendor.image} alt="" width={160} height={160} loading="lazy" decoding="async" />
      <span className="vendor-card__body">
        <span className="vendor-card__title">{vendor.name}</span>
        <Stars value={vendor.rating} count={vendor.ratingCount} />
        {/* The pin is the place's ::before (catalogue.css). */}
        <span className="vendor-card__place">{`${vendor.area}, ${vendor.city}`}</span>
        <span className="vendor-card__price">
          <span className="vendor-card__from">from </span>
          {formatNaira(vendor.fromKobo)}
        </span>
      </span>
    </Link>
  );
}
