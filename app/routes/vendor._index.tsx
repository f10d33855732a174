import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/common";
import { requireVendor } from "~/http/session.server";
import { may } from "~/models/team/roles";

// The dashboard opens on the appointments, where new requests wait (others get their 403 here too); a member who
// may see only their own appointments opens on their own day.
export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "own-day");
  return redirect(may(vendor.teamRole, "appointments") ? "/vendor/appointment" : "/vendor/day");
}

// A page, not a resource route: someone who may not open the dashboard gets the site's styled answer (its error
// boundary) instead of a bare text 403. A vendor never sees it: the loader redirects.
export default function VendorHome() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
