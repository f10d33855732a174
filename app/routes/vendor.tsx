import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, NavLink, Outlet, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/common";
import type { loader as rootLoader } from "~/root";
import { dashboardSummary } from "~/models/accounts/vendor-account.server";
import { formatDate } from "~/utils/time";
import { requireVendor } from "~/http/session.server";
import { may, ROLE_LABEL, type Permission } from "~/models/team/roles";
import styles from "~/styles/dashboard.css";

// The vendor dashboard's frame: every /vendor/* page renders inside it. Each child loader and action
// checks requireVendor itself too, because Remix runs a child's loader even when this one refuses.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Vendor dashboard | Glow" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const vendor = await requireVendor(request, "own-day");
  const seesAll = may(vendor.teamRole, "appointments");
  const summary = await dashboardSummary(vendor.vendorId, seesAll ? undefined : vendor.memberId);
  // The sidebar lists what this member's role may open (app/models/team/roles.ts), so no link leads to a 403.
  const sections = SECTIONS.filter((s) => may(vendor.teamRole, s));
  return data({ ...summary, firstName: vendor.firstName, role: ROLE_LABEL[vendor.teamRole], owner: vendor.teamRole === "owner", sections });
}

const SECTIONS: Permission[] = ["settings", "appointments", "own-day", "services", "messages", "money", "reviews", "team", "team-roles"];

const icon = (d: string) => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 24 24"
    aria-hidden="true"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d={d} />
  </svg>
);

const icons = {
  profile: icon("M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z"),
  appointment: icon("M8 2v4M16 2v4M3 10h18M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z"),
  services: icon("M4 7h16M4 12h16M4 17h10"),
  calendar: icon("M3 4h18v18H3zM3 10h18M9 4v18M15 4v18"),
  place: icon("M12 22s7-6.2 7-12a7 7 0 1 0-14 0c0 5.8 7 12 7 12zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z"),
  offers: icon("M20.59 13.41 13.42 20.58a2 2 0 0 1-2.83 0L2 12V2h10l8.59 8.59a2 2 0 0 1 0 2.82zM7 7h.01"),
  gifts: icon("M20 12v10H4V12M2 7h20v5H2zM12 22V7M12 7H7.5a2.5 2.5 0 0 1 0-5C11 2 12 7 12 7zM12 7h4.5a2.5 2.5 0 0 0 0-5C13 2 12 7 12 7z"),
  badge: icon("M12 2l3 6 6 .9-4.5 4.3 1 6.3L12 16.5 6.5 19.5l1-6.3L3 8.9 9 8z"),
  messages: icon("M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"),
  finance: icon("M3 7h18v12H3zM3 11h18M7 15h4"),
  reviews: icon("M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z"),
  hours: icon("M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 6v6l4 2"),
  day: icon("M3 10h18M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM12 14l2 2 4-4"),
  clients: icon("M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM19 8v6M22 11h-6"),
  team: icon("M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75"),
};

function NavItem({
  to,
  label,
  iconEl,
  badge,
  badgeLabel,
  also,
}: {
  to: string;
  label: string;
  iconEl: ReactNode;
  badge?: number;
  badgeLabel?: string;
  also?: string;
}) {
  const { pathname } = useLocation();
  // Withdrawing is part of Finance: its pages keep Finance marked as the current section.
  const alsoHere = also !== undefined && pathname.startsWith(also);
  return (
    <NavLink
      to={to}
      className={({ isActive }) => `dash-nav__link${isActive || alsoHere ? " active" : ""}`}
      aria-current={alsoHere ? "page" : undefined}
      prefetch="intent"
    >
      {iconEl}
      <span className="dash-nav__label">{label}</span>
      {badge ? (
        <span className="badge" aria-label={badgeLabel}>
          {badge}
        </span>
      ) : null}
    </NavLink>
  );
}

export default function VendorDashboard() {
  const summary = useLoaderData<typeof loader>();
  // The root's loader counts unread conversations for the account menu; the Messages badge shows the same count.
  const unreadChats = useRouteLoaderData<typeof rootLoader>("root")?.user?.unread ?? 0;
  const opens = (section: Permission) => summary.sections.includes(section);
  return (
    <div className="dash container">
      <aside className="dash__side">
        <div className="dash__who">
          <img src={summary.image} alt="" width={48} height={48} className="dash__avatar" />
          <div>
            <p className="dash__business">{summary.businessName}</p>
            <p className="dash__hello">
              Hello, {summary.firstName}
              {summary.owner ? null : <span className="dash__role"> · {summary.role}</span>}
            </p>
          </div>
        </div>
        <nav className="dash-nav" aria-label="Dashboard">
          {opens("settings") ? <NavItem to="/vendor/profile" label="Profile" iconEl={icons.profile} /> : null}
          {opens("appointments") ? (
            <NavItem
              to="/vendor/appointment"
              label="Appointment"
              iconEl={icons.appointment}
              badge={summary.newRequests}
              badgeLabel={`${summary.newRequests} new requests`}
            />
          ) : null}
          <NavItem
            to="/vendor/day"
            label="My day"
            iconEl={icons.day}
            badge={opens("appointments") ? undefined : summary.newRequests}
            badgeLabel={`${summary.newRequests} new requests`}
          />
          <NavItem to="/vendor/calendar" label="Calendar" iconEl={icons.calendar} />
          <NavItem to="/vendor/clients" label="Clients" iconEl={icons.clients} />
          {opens("services") ? <NavItem to="/vendor/services" label="Services" iconEl={icons.services} /> : null}
          {opens("settings") ? <NavItem to="/vendor/hours" label="Hours" iconEl={icons.hours} /> : null}
          {opens("settings") ? <NavItem to="/vendor/place" label="Place" iconEl={icons.place} /> : null}
          {opens("settings") ? <NavItem to="/vendor/gifts" label="Gifts" iconEl={icons.gifts} /> : null}
          {opens("settings") ? <NavItem to="/vendor/offers" label="Promo codes" iconEl={icons.offers} /> : null}
          {opens("messages") ? (
            <NavItem to="/vendor/chats" label="Messages" iconEl={icons.messages} badge={unreadChats} badgeLabel={`${unreadChats} unread conversations`} />
          ) : null}
          {opens("money") ? <NavItem to="/vendor/finance" label="Finance" iconEl={icons.finance} also="/vendor/withdraw" /> : null}
          {opens("reviews") ? <NavItem to="/vendor/reviews" label="Reviews" iconEl={icons.reviews} /> : null}
          {opens("team") ? <NavItem to="/vendor/team" label="Team" iconEl={icons.team} /> : null}
          {opens("settings") ? <NavItem to="/vendor/verification" label="Badge" iconEl={icons.badge} /> : null}
        </nav>
      </aside>
      <div className="dash__main">
        {summary.suspension ? (
          // On every page of the dashboard, so whoever signs in learns it first (docs/decisions/037-vendor-suspension.md).
          <section className="notice notice--error" aria-labelledby="suspension-title">
            <h2 id="suspension-title" className="card__title">
              Your business is suspended on Glow
            </h2>
            <p>
              Glow suspended {summary.businessName} on {formatDate(summary.suspension.suspendedAt)}. The reason: {summary.suspension.reason}
            </p>
            <p>
              While it is suspended, your pages are not shown to customers, no new bookings or gift sales are taken, and withdrawals are held. Visits that were
              booked were cancelled and refunded, and gift balances went back to whoever paid for them. To ask about it, write to Glow.
            </p>
          </section>
        ) : null}
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
