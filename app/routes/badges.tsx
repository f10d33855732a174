import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { GeneralErrorBoundary, pageMeta, siteUrlOf } from "~/components/common";
import { LEVEL_RULES } from "~/utils/levels";

// GET /badges: "What our badges mean", the rules of the verification levels (app/utils/levels.ts), as the vendor
// pages' Level badges link to them. The same for everyone.

export const handle = { cache: "public" };

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(siteUrlOf(matches), {
    title: "What our badges mean | Glow",
    description:
      "Glow's Level 1, 2 and 3 badges are earned, never bought: identity checked with the NIN, a registered business or proven visits, and top ratings.",
    path: "/badges",
  });

export function loader(_: LoaderFunctionArgs) {
  return null;
}

export default function BadgesPage() {
  return (
    <div className="container badges">
      <h1>What our badges mean</h1>
      <p>
        Every stylist's level is earned from what they have proved and delivered on Glow. Nobody can buy one, and it is worked out again several times a day, so
        it goes down as well as up.
      </p>
      {LEVEL_RULES.map((l) => (
        <section key={l.level} className="card badges__level" aria-labelledby={`level-${l.level}`}>
          <h2 id={`level-${l.level}`}>
            <span className="level-badge">Level {l.level}</span> {l.title.replace(/^Level \d: /, "")}
          </h2>
          <ul>
            {l.rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </section>
      ))}
      <p className="muted">
        A stylist without a badge has not finished the Level 1 checks yet. Your NIN is checked by our identity provider and never stored: we keep only its last
        four digits. Stylists see what they still need on their dashboard. <Link to="/search/hair">Find a stylist</Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
