import { Form, Link, NavLink } from "@remix-run/react";
import { useDetailsOverlay } from "~/components/overlay";

export interface HeaderUser {
  firstName: string;
  role: "customer" | "vendor" | "admin";
  /** Conversations with a message this person has not opened yet. */
  unread?: number;
  /** For a team member who is not the owner: the dashboard's sections their role opens (app/models/team/roles.ts). */
  opens?: string[];
}

interface AccountLink {
  to: string;
  label: string;
  /** Shows the unread count beside it. */
  unread?: boolean;
  /** The dashboard's section it opens, for a team member whose role may not open them all. */
  section?: string;
}

/** A member who may not see the salon's whole book has their own day instead. */
const OWN_DAY: AccountLink = { to: "/vendor/day", label: "My day" };

/** The links of this person's menu: a team member's only those their role opens. */
function accountLinks(user: HeaderUser): AccountLink[] {
  const { opens } = user;
  if (!opens) return accountLinksFor[user.role];
  const open = accountLinksFor[user.role].filter((l) => !l.section || opens.includes(l.section));
  return opens.includes("appointments") ? open : [OWN_DAY, ...open];
}

/** Each kind of account's own pages, as its account menu lists them. */
/** The account menu's links by role; the admin's are also the tabs on each admin page (admin-nav.tsx). */
export const accountLinksFor: Record<HeaderUser["role"], AccountLink[]> = {
  customer: [
    { to: "/user/appointment", label: "Appointments" },
    { to: "/messages", label: "Messages", unread: true },
    { to: "/favorites", label: "Favourites" },
    { to: "/user/gifts", label: "Gifts" },
    { to: "/user/profile", label: "Profile" },
  ],
  vendor: [
    { to: "/vendor/appointment", label: "Appointments", section: "appointments" },
    { to: "/vendor/services", label: "Services", section: "services" },
    { to: "/vendor/team", label: "Team", section: "team" },
    { to: "/vendor/chats", label: "Messages", unread: true, section: "messages" },
    { to: "/vendor/reviews", label: "Reviews", section: "reviews" },
    { to: "/vendor/finance", label: "Finance", section: "money" },
    { to: "/vendor/activity", label: "Activity", section: "money" },
    { to: "/vendor/profile", label: "Profile", section: "settings" },
  ],
  admin: [
    { to: "/admin/services", label: "Services to review" },
    { to: "/admin/reviews", label: "Customer reviews" },
    { to: "/admin/problems", label: "Reported visits" },
    { to: "/admin/audit", label: "Audit trail" },
    { to: "/admin/payouts", label: "Payouts and payments" },
    { to: "/admin/messages", label: "Messages sent" },
    { to: "/admin/vendors", label: "Vendors" },
  ],
};

function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="badge" aria-label={`${count} unread`}>
      {count}
    </span>
  );
}

/** Classes of the two places the account's links stand: the top bar's drop-down and the phone overlay. */
const placeClasses = {
  bar: { link: "account-menu__link", signOut: "btn btn--ghost btn--block", join: "btn btn--primary" },
  overlay: { link: "mobile-menu__link", signOut: "btn btn--outline btn--block", join: "btn btn--primary btn--block" },
};

/** The account's links and Sign out (or Login and Join for a visitor): one list for both places. */
function AccountLinks({ user, place }: { user?: HeaderUser | null; place: keyof typeof placeClasses }) {
  const classes = placeClasses[place];
  if (!user) {
    return (
      <>
        <NavLink to="/login" className="nav-link">
          Login
        </NavLink>
        <Link to="/register" className={classes.join}>
          Join
        </Link>
      </>
    );
  }
  return (
    <>
      <ul className="account-menu__list">
        {accountLinks(user).map((l) => (
          <li key={l.to}>
            <NavLink to={l.to} className={classes.link}>
              {l.label}
              {l.unread ? <UnreadBadge count={user.unread ?? 0} /> : null}
            </NavLink>
          </li>
        ))}
      </ul>
      <Form method="post" action="/logout" className="inline-form">
        <button type="submit" className={classes.signOut}>
          Sign out
        </button>
      </Form>
    </>
  );
}

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

  const account = useDetailsOverlay();
  const unread = user?.unread ?? 0;

  const accountBar = user ? (
    // A <details> drop-down: it opens without JavaScript; with it, it also closes on a choice, Escape or Tab away.
    <details className="account-menu" ref={account}>
      <summary className="nav-link account-menu__toggle">
        {user.firstName}
        <UnreadBadge count={unread} />
        <span className="visually-hidden"> account menu</span>
        <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
        </svg>
      </summary>
      <div className="account-menu__panel">
        <AccountLinks user={user} place="bar" />
      </div>
    </details>
  ) : (
    <AccountLinks place="bar" />
  );

  const accountOverlay = user ? (
    <section className="mobile-menu__account" aria-label={`${user.firstName}'s account`}>
      <p className="mobile-menu__who">{user.firstName}</p>
      <AccountLinks user={user} place="overlay" />
    </section>
  ) : (
    <AccountLinks place="overlay" />
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
          {accountBar}
        </nav>
        <details className="mobile-menu" ref={menu}>
          <summary className="mobile-menu__toggle">
            <span className="mobile-menu__open-icon" aria-hidden="true">
              <svg width="24" height="24" viewBox="0 0 24 24">
                <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </span>
            <span className="mobile-menu__close-icon" aria-hidden="true">
              <svg width="24" height="24" viewBox="0 0 24 24">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </span>
            {unread > 0 ? (
              <span className="badge mobile-menu__badge" aria-hidden="true">
                {unread}
              </span>
            ) : null}
            <span className="visually-hidden mobile-menu__open-label">{unread > 0 ? `Open menu, ${unread} unread` : "Open menu"}</span>
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
            {accountOverlay}
          </nav>
        </details>
      </div>
    </header>
  );
}
