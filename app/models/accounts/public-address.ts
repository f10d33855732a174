// Where a vendor is, as anyone may read it. A vendor's profile has two addresses: their own (vendors.address, which
// may be their home) and their business's (vendors.business_address). Pages, bookings, calendar files, reminders and
// the search show the business address, or the area and city when there is none; the personal one is for the vendor
// and Glow only (docs/security.md, "Personal data").

export interface VendorLocation {
  business_address: string | null;
  area: string;
  city: string;
}

/** The address a vendor's public pages and a customer's bookings show: never the personal one. */
export function publicVendorAddress(v: VendorLocation): string {
  const business = v.business_address?.trim();
  if (business) return business;
  return [v.area, v.city]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");
}
