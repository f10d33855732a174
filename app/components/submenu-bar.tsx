import { NavLink } from "@remix-run/react";
import { keyJson } from "~/components/kept-markup.server";
import { SharedMarkup } from "~/components/shared-markup";
import type { SubmenuItem } from "~/models/catalogue/site-content.server";

/**
 * Which of the bar's links the page's path makes current (NavLink's rule: the path, any case, is the link's or below
 * it), for the kept markup's key: on any other page none is.
 */
const submenuKeyPath = (pathname: string) => (/^\/submenu\//i.test(pathname) ? pathname.toLowerCase() : "");

/** The sub-menu bar: one link to /submenu/{url} per sub-navigation item. Scrolls sideways on phones. */
export function SubmenuBar({ items }: { items: SubmenuItem[] }) {
  return (
    <nav className="submenu" aria-label="Categories">
      {/* On every page, the same for everyone: kept (components/shared-markup.tsx). */}
      <SharedMarkup as="ul" className="submenu__list container" markupKey={(at) => `submenu ${submenuKeyPath(at.pathname)} ${keyJson(items)}`}>
        {() =>
          items.map((item) => (
            <li key={item.id}>
              <NavLink to={`/submenu/${item.url}`} className="submenu__link" prefetch="intent">
                {item.title}
              </NavLink>
            </li>
          ))
        }
      </SharedMarkup>
    </nav>
  );
}
