import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/common";
import { HomePage, homeData, links as homeLinks } from "./_index";

// Any unmatched path shows the Home page content, with status 404 so that search engines, caches
// and monitoring still see a missing page.

export const links: LinksFunction = homeLinks;

export async function loader({ request }: LoaderFunctionArgs) {
  return data(await homeData(request), { status: 404 });
}

export const meta: MetaFunction = () => [{ title: "Page not found | Glow" }, { name: "robots", content: "noindex" }];

export default function NotFoundHome() {
  return (
    <>
      <p className="notice container" role="note">
        We couldn't find that page, so here is our home page.
      </p>
      <HomePage />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
