import type { LoaderFunctionArgs } from "@remix-run/node";
import { FEATURED_VENDOR_SLUG } from "~/models/catalogue/vendor-pages.server";
import { vendorResponse } from "./profile.vendor.$id/route";

// /profile/vendor without an id (a 'Hire Me' link that names no vendor) opens the featured vendor's public profile.
export { default, ErrorBoundary, handle, links, meta } from "./profile.vendor.$id/route";

export function loader({ request }: LoaderFunctionArgs) {
  return vendorResponse(request, { slug: FEATURED_VENDOR_SLUG });
}
