import { Link } from "@remix-run/react";
import { PinIcon } from "~/components/service-card";
import { Stars } from "~/components/stars";
import type { VendorCard as Vendor } from "~/models/catalogue/vendor-pages.server";
import { formatNaira } from "~/utils/money";

/** A salon or stylist in a slider (image, title, star rating, '(456)', location, naira price). */
export function VendorCard({ vendor }: { vendor: Vendor }) {
  return (
    <Link to={`/profile/vendor/${vendor.id}`} className="vendor-card">
      <img className="vendor-card__img" src={vendor.image} alt="" width={160} height={160} loading="lazy" decoding="async" />
      <span className="vendor-card__body">
        <span className="vendor-card__title">{vendor.name}</span>
        <Stars value={vendor.rating} count={vendor.ratingCount} />
        <span className="vendor-card__place">
          <PinIcon />
          {vendor.area}, {vendor.city}
        </span>
        <span className="vendor-card__price">
          <span className="vendor-card__from">from </span>
          {formatNaira(vendor.fromKobo)}
        </span>
      </span>
    </Link>
  );
}
