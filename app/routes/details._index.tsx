import type { LoaderFunctionArgs } from "@remix-run/node";
import { FEATURED_SERVICE_KEY, serviceIdByKey } from "~/models/catalogue/service-page.server";
import { detailResponse } from "./details.$id/route";

// /details without an id (an address that names no service) opens the featured service, on the same page as
// /details/{id}.
export { default, ErrorBoundary, handle, links, meta } from "./details.$id/route";

export async function loader({ request }: LoaderFunctionArgs) {
  return detailResponse(request, await serviceIdByKey(FEATURED_SERVICE_KEY));
}
