import { Link } from "@remix-run/react";
import type { FooterColumn } from "~/models/catalogue/site-content.server";

/** Footer: logo and the current year; the link columns are hidden on small screens. */
export function SiteFooter({ columns, year }: { columns: FooterColumn[]; year: number }) {
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
        </div>
      </div>
    </footer>
  );
}
