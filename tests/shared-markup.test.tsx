import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createPath, Router, type Path } from "react-router-dom";
import { expect, test } from "vitest";
import { SharedMarkup } from "~/components/shared-markup";
import { sharedMarkupStats } from "~/utils/shared-markup.server";

// Kept markup (components/shared-markup.tsx) must be exactly what React renders in place, so the browser hydrates
// it as its own; a part is rendered once per key and reads the page's router as the page does.

let renders = 0;
function Card({ title }: { title: string }) {
  renders += 1;
  const location = useLocation();
  return (
    <>
      <Link to="/details/7" className="svc-card__link">
        <span className="svc-card__title">{title}</span> ₦12,500 – {"a"}
        {"b"}
      </Link>
      <form method="post" action="/favorites">
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}#card-7`} />
      </form>
    </>
  );
}

// A static router, as the server renders pages.
const navigator = { createHref: createPath, encodeLocation: (to: Path) => to, push() {}, replace() {}, go() {} };
const page = (at: string, body: ReactNode) =>
  renderToString(
    <Router location={at} navigator={navigator} static>
      {body}
    </Router>,
  );

test("kept markup is what React renders in place, read once per key, with the page's router", () => {
  const inPlace = page(
    "/search/hair?page=2",
    <article className="svc-card" id="card-7">
      <Card title="Knotless & Box <Braids>" />
    </article>,
  );
  expect(inPlace).toContain('value="/search/hair?page=2#card-7"');
  expect(inPlace).toContain("Knotless &amp; Box &lt;Braids&gt;");

  renders = 0;
  const kept = (title: string, at = "/search/hair?page=2") =>
    page(
      at,
      <SharedMarkup as="article" className="svc-card" id="card-7" markupKey={(place) => `${place.pathname}${place.search} ${title}`}>
        {() => <Card title={title} />}
      </SharedMarkup>,
    );
  expect(kept("Knotless & Box <Braids>")).toBe(inPlace);
  expect(renders).toBe(1);
  // The same key again: the kept markup, not a second render.
  expect(kept("Knotless & Box <Braids>")).toBe(inPlace);
  expect(renders).toBe(1);
  // Anything the key names, changed: rendered anew.
  expect(kept("Cornrows")).toContain("Cornrows");
  expect(kept("Knotless & Box <Braids>", "/favorites")).toContain('value="/favorites#card-7"');
  expect(renders).toBe(3);
});

test("a part that fails on its own is rendered in place, where the page's error handling meets it, and is not kept", () => {
  function Broken(): ReactNode {
    throw new Error("no such service");
  }
  const before = sharedMarkupStats().entries;
  expect(() =>
    page(
      "/",
      <SharedMarkup as="div" markupKey={() => "broken"}>
        {() => <Broken />}
      </SharedMarkup>,
    ),
  ).toThrow("no such service");
  expect(sharedMarkupStats().entries).toBe(before);
});

test("what is kept is bounded: the oldest parts make room", () => {
  for (let i = 0; i < 4100; i++) {
    page(
      "/",
      <SharedMarkup as="div" markupKey={() => `bounded ${i}`}>
        {() => <p>{i}</p>}
      </SharedMarkup>,
    );
  }
  const { entries, bytes } = sharedMarkupStats();
  expect(entries).toBeLessThanOrEqual(4000);
  expect(bytes).toBeLessThanOrEqual(8 * 1024 * 1024);
  expect(entries).toBeGreaterThan(3900);
});
