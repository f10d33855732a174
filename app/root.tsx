import crypto from "node:crypto";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import type { ReactNode } from "react";
import type { CategoryRootData } from "~/components/category-banner";
import { GeneralErrorBoundary } from "~/components/common";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { SubmenuBar } from "~/components/submenu-bar";
import { Toaster, type FlashToastData } from "~/components/toaster";
import type { PictureRootData } from "~/components/vendor-picture";
import type { SiteRootData } from "~/components/page-meta";
import { accountMenuUnread, getSessionUser, getShellData, getToast, isLite, menuSectionsOf, publicUploadsBase, siteUrl } from "./root.server";
import { useNonce } from "~/utils/nonce";
import appStyles from "~/styles/app.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appStyles },
  { rel: "icon", href: "/img/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
];

export const meta: MetaFunction = () => [
  { title: "Glow: find a perfect beautician near you" },
  { name: "description", content: "Find, book and pay for hair, spa, nails, facials, tattoo and piercing in Nigerian cities." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  // Only a request that carries the toast cookie can have a flash; others skip the work and set no cookie.
  const hasToastCookie = request.headers.get("Cookie")?.includes("glow_toast=") ?? false;
  const [shell, user, { toast, headers }] = await Promise.all([
    getShellData(),
    getSessionUser(request),
    hasToastCookie ? getToast(request) : { toast: undefined, headers: new Headers() },
  ]);
  const flash: FlashToastData | undefined = toast
    ? { id: crypto.randomUUID(), type: toast.type, message: toast.message, description: toast.description }
    : undefined;
  const [unread, opens] = user ? await Promise.all([accountMenuUnread(user, new URL(request.url).pathname), menuSectionsOf(request, user)]) : [0, undefined];
  return data(
    {
      ...shell,
      toast: flash,
      user: user ? { firstName: user.firstName, role: user.role, unread, ...(opens ? { opens } : {}) } : null,
      uploadsBase: publicUploadsBase(),
      siteUrl: siteUrl(),
      lite: isLite(request),
    },
    toast ? { headers } : undefined,
  );
}

/** The root's data; components read parts of it by useRouteLoaderData("root"), and this fails to compile when it
 * stops giving what they declare they read. */
export type RootData = Holds<SerializeFrom<typeof loader>, CategoryRootData & PictureRootData & SiteRootData>;
type Holds<T extends Shape, Shape> = T;

// Opening a conversation reads it, and the account menu counts unread ones: moving to or from a messages page
// reads the shell again, so the count is right on the next page with JavaScript too (without it every page is
// a fresh load). Other navigations keep the defaults.
const MESSAGE_PAGES = /^\/(messages|vendor\/chats)(\/|$)/;

export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || (currentUrl.pathname !== nextUrl.pathname && (MESSAGE_PAGES.test(currentUrl.pathname) || MESSAGE_PAGES.test(nextUrl.pathname)));

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const shell = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en-NG">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#5b2a86" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <SiteHeader user={shell?.user} />
        {shell ? <SubmenuBar items={shell.submenu} /> : null}
        <main id="main">{children}</main>
        {/* Without loader data (an error page) the browser's year is close enough, and keeps date-fns out of
            every page's JavaScript. */}
        <SiteFooter columns={shell?.footerColumns ?? []} year={shell?.year ?? new Date().getFullYear()} lite={shell?.lite ?? false} />
        <Toaster flash={shell?.toast} />
        {/* A lite page runs no script at all (app/http/lite.server.ts); everything on it works as with JavaScript off. */}
        {shell?.lite ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
