import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** A titled part of a page (a region named by its h2), with an optional link beside the title ("View all"). */
export function Section({
  id,
  title,
  action,
  className = "",
  children,
}: {
  id: string;
  title: ReactNode;
  action?: { to: string; text: string };
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={`section ${className}`.trim()} aria-labelledby={`${id}-title`} id={id}>
      <div className="section__head">
        <h2 id={`${id}-title`}>{title}</h2>
        {action ? (
          <Link to={action.to} className="section__action">
            {action.text}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
