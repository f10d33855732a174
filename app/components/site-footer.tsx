import { Link, useLocation } from "@remix-run/react";
import type { FooterColumn } from "~/models/catalogue/site-content.server";

/** Footer: logo and the current year; the link columns are hidden on small screens. */
export function SiteFooter({ columns, year, lite }: { columns: FooterColumn[]; year: number; lite: boolean }) {
  const location = useLocation();
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="site-footer__columns">
          {columns.map((column, i) => (
            <div key={i} className="site-footer__column">
              <h2 className="site-footer__heading">{column.heading}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.href + link.text}>
                    <Link to={link.href}>{link.text}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <div className="site-footer__bottom">
          <Link to="/" aria-label="Glow home">
            <img src="/img/logo.svg" alt="Glow" width={120} height={32} />
          </Link>
          <p>© {year} Glow. Beauty and grooming, booked and paid in naira.</p>
          {/* A plain form, so the next page loads whole, with or without its scripts and photos. */}
          <form method="post" action="/lite" className="site-footer__lite">
            <input type="hidden" name="back" value={location.pathname + location.search} />
            <button type="submit" name="mode" value={lite ? "full" : "lite"} className="site-footer__lite-button">
              {lite ? "Full pages (photos)" : "Lite (saves data)"}
            </button>
          </form>
        </div>
      </div>
    </footer>
  );
}
