import { getEnv } from "./env.server";

/**
 * Security headers for every document and data response. A document's inline scripts are allowed by
 * a per-request nonce, or, for a publicly cached page (the same bytes for many visitors, where a nonce would be
 * shared), by the SHA-256 hashes of those scripts.
 */
/** Uploaded pictures and videos may come straight from a public bucket or CDN (S3_PUBLIC_URL). */
function uploadsOrigin(): string {
  const url = getEnv().S3_PUBLIC_URL;
  return url ? ` ${new URL(url).origin}` : "";
}

/**
 * Where a payment form may send the payer: Paystack's checkout, or, when PAYSTACK_API_URL points at a stand-in
 * (the tests' fake Paystack), that stand-in, which serves its own checkout address. Without it a form posted with
 * JavaScript off could not follow the redirect to the checkout (browsers apply form-action to redirects).
 */
function checkoutOrigins(): string {
  const api = new URL(getEnv().PAYSTACK_API_URL).origin;
  return api === "https://api.paystack.co" ? "https://checkout.paystack.com" : `https://checkout.paystack.com ${api}`;
}

export function securityHeaders(scripts?: { nonce: string } | { hashes: string[] }): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(self), payment=(self)",
  };
  // Served over https: browsers never again ask for the site over plain http (our server adds it to every response).
  if (getEnv().APP_URL.startsWith("https:")) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  if (scripts) {
    const allowed = "nonce" in scripts ? `'nonce-${scripts.nonce}'` : scripts.hashes.map((h) => `'sha256-${h}'`).join(" ");
    headers["Content-Security-Policy"] = [
      "default-src 'self'",
      `script-src 'self' ${allowed} 'strict-dynamic'`,
      // Inline style attributes are used by Swiper and by React's style prop.
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob:${uploadsOrigin()}`,
      `media-src 'self' blob:${uploadsOrigin()}`,
      "font-src 'self'",
      "connect-src 'self'",
      `form-action 'self' ${checkoutOrigins()}`,
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
    ].join("; ");
  }
  return headers;
}
