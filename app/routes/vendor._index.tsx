import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireVendor } from "~/http/session.server";

// The dashboard opens on the appointments, where new requests wait (others get their 403 here too).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireVendor(request);
  return redirect("/vendor/appointment");
}
