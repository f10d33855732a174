import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * A <details> overlay (the mobile menu, the favourites filter drawer). It opens and closes without JavaScript
 * (and app.css hides what it covers, so Tab stays inside it). With JavaScript it also closes:
 * - when a link in it is chosen (the page stays mounted across client-side navigations);
 * - on Escape, giving focus back to its toggle;
 * - when keyboard focus moves out of it, so nothing focused is ever hidden behind it.
 */
export function useDetailsOverlay() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // Close after a client-side navigation, but not when the page first wakes up: someone on a slow phone may have
  // opened the overlay before hydration finished, and closing it under their finger would undo their tap.
  const shownFor = useRef(location.key);
  useEffect(() => {
    if (shownFor.current === location.key) return;
    shownFor.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [location.key]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (details.open && next instanceof Node && !details.contains(next)) details.open = false;
    };
    document.addEventListener("keydown", onKeyDown);
    details.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      details.removeEventListener("focusout", onFocusOut);
    };
  }, []);
  return ref;
}
