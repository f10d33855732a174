import { describe, expect, test } from "vitest";
import { liteHtml } from "./lite-html.server";

describe("a lite page", () => {
  test("a described photo becomes its description and a link to it; a decorative one goes; the logo stays", () => {
    const html =
      '<p><img src="/img/svc/braids.svg" alt="Knotless braids &amp; &quot;beads&quot;" width="10"/></p><img src="/img/vendor/1.svg" alt=""/><a href="/"><img src="/img/logo.svg" alt="Glow"/></a>';
    expect(liteHtml(html)).toBe(
      '<p><span class="lite-photo">Knotless braids &amp; &quot;beads&quot; <a href="/img/svc/braids.svg">Show photo</a></span></p><a href="/"><img src="/img/logo.svg" alt="Glow"/></a>',
    );
  });

  test("a photo inside a link keeps only its description (links do not nest), and a <picture> goes whole", () => {
    const html =
      '<a href="/details/1" class="card"><picture class="vendor-picture"><source type="image/webp" srcSet="/uploads/a-320.webp 320w"/><img src="/uploads/a-640.jpg" alt="Cornrows"/></picture><span>Cornrows</span></a><picture><source srcSet="/x.webp"/><img src="/x.jpg" alt=""/></picture>';
    expect(liteHtml(html)).toBe('<a href="/details/1" class="card"><span class="lite-photo">Cornrows</span><span>Cornrows</span></a>');
  });

  test("no script remains but structured data, nor a module preload; a video becomes a link", () => {
    const html =
      '<link rel="modulepreload" href="/build/entry.client-X.js"/><script type="application/ld+json">{"name":"\\u003c/script\\u003e"}</script><script nonce="n">window.__remixContext = {"a":"\\u003c/script>"};</script><script type="module" async="" src="/build/x.js"></script><video src="/uploads/v.mp4" controls="" aria-label="Video 1"></video>';
    const out = liteHtml(html);
    expect(out).toBe(
      '<script type="application/ld+json">{"name":"\\u003c/script\\u003e"}</script><span class="lite-photo">Video 1 <a href="/uploads/v.mp4">Show video</a></span>',
    );
    expect(out).not.toMatch(/<script(?![^>]*ld\+json)/);
  });
});
