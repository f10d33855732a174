import { NavLink } from "@remix-run/react";

/** The admin's pages, as tabs on each of them (the account menu lists them too): plain links, so they work without JavaScript. */
export const ADMIN_PAGES = [
  { to: "/admin/services", label: "Services to review" },
  { to: "/admin/reviews", label: "Customer reviews" },
  { to: "/admin/problems", label: "Reported visits" },
] as const;

export function AdminNav() {
  return (
    <nav className="tabs" aria-label="Admin pages">
      {ADMIN_PAGES.map((p) => (
        <NavLink key={p.to} to={p.to} className="tabs__tab" end>
          {p.label}
        </NavLink>
      ))}
    </nav>
  );
}
