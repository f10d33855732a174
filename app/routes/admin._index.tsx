import { redirect } from "@remix-run/node";

// Moderation is the admin's only page so far.
export function loader() {
  return redirect("/admin/services");
}
