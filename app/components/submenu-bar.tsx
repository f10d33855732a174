import { NavLink } from "@remix-run/react";
import type { SubmenuItem } from "~/models/catalogue/site-content.server";

/** The sub-menu bar: one link to /submenu/{url} per sub-navigation item. Scrolls sideways on phones. */
export function SubmenuBar({ items }: { items: SubmenuItem[] }) {
  return (
    <nav className="submenu" aria-label="Categories">
      <ul className="submenu__list container">
        {items.map((item) => (
          <li key={item.id}>
            <NavLink to={`/submenu/${item.url}`} className="submenu__link" prefetch="intent">
              {item.title}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
