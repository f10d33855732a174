import { NavLink } from "@remix-run/react";

/**
 * The admin's pages, as tabs on each of them: plain links, so they work without JavaScript. The account menu
 * (site-header.tsx) lists the same pages; it keeps its own copy because a module shared by the root and these pages
 * would become one more file on every first view (scripts/check-bundle.mjs). A test holds the two equal.
 */
export const ADMIN_PAGES = [
  { to: "/admin/services", label: "Services to review" },
  { to: "/admin/reviews", label: "Customer reviews" },
  { to: "/admin/problems", label: "Reported visits" },
  { to: "/admin/audit", label: "Audit trail" },
  { to: "/admin/payouts", label: "Payouts and payments" },
  { to: "/admin/messages", label: "Messages sent" },
  { to: "/admin/vendors", label: "Vendors" },
] as const;

export function AdminNav() {
  return (
    // Seven pages: on a phone the row wraps rather than hide the last ones past the edge.
    <nav className="tabs tabs--wrap" aria-label="Admin pages">
      {ADMIN_PAGES.map((p) => (
        <NavLink key={p.to} to={p.to} className="tabs__tab" end>
          {p.label}
        </NavLink>
      ))}
    </nav>
  );
}
