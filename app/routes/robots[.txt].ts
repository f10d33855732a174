import type { LoaderFunctionArgs } from "@remix-run/node";
import { siteUrl } from "~/root.server";

// GET /robots.txt: search engines may read the public catalogue, not the pages of an account, a dashboard, a
// booking or a payment (nothing there is for them, and some carry a token in their address), and find the sitemap.

const DISALLOWED = [
  "/admin",
  "/vendor",
  "/user",
  "/favorites",
  "/messages",
  "/booking",
  "/payment",
  "/pay/",
  "/checkout",
  "/login",
  "/register",
  "/reset",
  "/email-change",
  "/auth",
  "/logout",
  "/dev/",
];

export function loader(_: LoaderFunctionArgs) {
  const lines = ["User-agent: *", "Allow: /", ...DISALLOWED.map((path) => `Disallow: ${path}`), "", `Sitemap: ${siteUrl()}/sitemap.xml`, ""];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600", "X-Content-Type-Options": "nosniff" },
  });
}
