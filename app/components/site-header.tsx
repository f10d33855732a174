import { Form, Link, NavLink } from "@remix-run/react";
import { useDetailsOverlay } from "~/components/overlay";

export interface HeaderUser {
  firstName: string;
  role: "customer" | "vendor" | "admin";
}

/** Where the name in the top bar leads: each kind of account's own pages. */
const accountHome: Record<HeaderUser["role"], string> = {
  customer: "/user/appointment",
  vendor: "/vendor/appointment",
  admin: "/admin/services",
};

const links = [
  { to: "/main/men", label: "Men" },
  { to: "/main/women", label: "Women" },
];

/**
 * Top bar. Below 1000px the links move into a full-screen overlay. The overlay is a
 * <details> element, so it opens and closes without JavaScript; with JavaScript it also closes when a link is
 * chosen, on Escape and when focus leaves it (useDetailsOverlay).
 */
export function SiteHeader({ user }: { user?: HeaderUser | null }) {
  const menu = useDetailsOverlay();

  const accountLinks = (where: "bar" | "menu") =>
    user ? (
      <>
        <NavLink to={accountHome[user.role]} className="nav-link">
          {user.firstName}
        </NavLink>
        <Form method="post" action="/logout" className="inline-form">
          <button type="submit" className={where === "bar" ? "btn btn--ghost" : "btn btn--outline btn--block"}>
            Sign out
          </button>
        </Form>
      </>
    ) : (
      <>
        <NavLink to="/login" className="nav-link">
          Login
        </NavLink>
        <Link to="/register" className={where === "bar" ? "btn btn--primary" : "btn btn--primary btn--block"}>
          Join
        </Link>
      </>
    );

  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Link to="/" className="site-header__logo" aria-label="Glow home">
          <img src="/img/logo.svg" alt="Glow" width={120} height={32} />
        </Link>
        <nav className="site-header__nav" aria-label="Main">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} className="nav-link">
              {l.label}
            </NavLink>
          ))}
          {accountLinks("bar")}
        </nav>
        <details className="mobile-menu" ref={menu}>
          <summary className="mobile-menu__toggle">
            <span className="mobile-menu__open-icon" aria-hidden="true">
              <svg width="24" height="24" viewBox="0 0 24 24"><path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
            </span>
            <span className="mobile-menu__close-icon" aria-hidden="true">
              <svg width="24" height="24" viewBox="0 0 24 24"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
            </span>
            <span className="visually-hidden mobile-menu__open-label">Open menu</span>
            <span className="visually-hidden mobile-menu__close-label">Close menu</span>
          </summary>
          <nav className="mobile-menu__panel" aria-label="Menu">
            <Link to="/" className="mobile-menu__logo">
              <img src="/img/logo.svg" alt="Glow home" width={120} height={32} />
            </Link>
            {links.map((l) => (
              <NavLink key={l.to} to={l.to} className="mobile-menu__link">
                {l.label}
              </NavLink>
            ))}
            {accountLinks("menu")}
          </nav>
        </details>
      </div>
    </header>
  );
}
