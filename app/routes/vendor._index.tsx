import { redirect } from "@remix-run/node";

// The dashboard opens on the appointments, where new requests wait.
export function loader() {
  return redirect("/vendor/appointment");
}
