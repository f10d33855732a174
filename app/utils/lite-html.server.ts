// A rendered page made lite (app/http/lite.server.ts): every photo and video becomes its description and a "Show
// photo" link to the picture itself (inside a link, just the description: links do not nest), a decorative one
// (empty alt) goes, and no script remains but structured data, which no browser runs. The page's own markup is
// React's: attribute values are quoted and escaped (no `>` or `"` inside them), and script bodies escape `</`,
// so these patterns see whole tags.

/** Pictures every lite page keeps: the logo (half a kilobyte of SVG, and the only way home for some visitors). */
const KEPT = /^\/img\/(?:logo|favicon)\.svg$/;

const TOKEN =
  /<a\b[^>]*>|<\/a>|<picture\b[^>]*>[\s\S]*?<\/picture>|<img\b[^>]*>|<video\b[^>]*>[\s\S]*?<\/video>|<script\b([^>]*)>[\s\S]*?<\/script>|<link\b[^>]*\brel="modulepreload"[^>]*>/g;

const attr = (tag: string, name: string): string | null => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? match[1]! : null;
};

export function liteHtml(html: string): string {
  let linkDepth = 0;
  return html.replace(TOKEN, (token: string, scriptAttrs: string | undefined) => {
    if (token.startsWith("<a")) {
      linkDepth++;
      return token;
    }
    if (token === "</a>") {
      linkDepth = Math.max(0, linkDepth - 1);
      return token;
    }
    if (token.startsWith("<script")) return /\btype="application\/ld\+json"/.test(scriptAttrs ?? "") ? token : "";
    if (token.startsWith("<link")) return "";
    const isVideo = token.startsWith("<video");
    const img = isVideo ? token : (/<img\b[^>]*>/.exec(token)?.[0] ?? token);
    const src = attr(img, "src") ?? attr(token, "src") ?? "";
    if (!isVideo && KEPT.test(src)) return token;
    const alt = (isVideo ? attr(token, "aria-label") : attr(img, "alt")) ?? "";
    if (!alt.trim()) return "";
    if (linkDepth > 0 || !src) return `<span class="lite-photo">${alt}</span>`;
    return `<span class="lite-photo">${alt} <a href="${src}">${isVideo ? "Show video" : "Show photo"}</a></span>`;
  });
}
