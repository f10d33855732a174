import type { ReactNode } from "react";

/** What was wrong with the page's query (a bad date, page or filter), said plainly above what is shown instead. */
export function Problems({ problems, children }: { problems: string[]; children?: ReactNode }) {
  if (problems.length === 0) return null;
  return (
    <div className="notice notice--error" role="alert">
      {problems.map((p) => (
        <p key={p} className="notice__line">
          {p}
        </p>
      ))}
      {children}
    </div>
  );
}
