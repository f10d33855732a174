import { Children, useEffect, useRef, useState, type ReactNode } from "react";
import type { Swiper as SwiperInstance, SwiperOptions } from "swiper/types";
import { useHydrated } from "~/components/forms";

// Carousels. Without JavaScript each is a CSS scroll-snap list that reads and scrolls
// (catalogue.css, with the same number of slides per width as below). With JavaScript it becomes a Swiper with the
// breakpoints and spacing below. Swiper (about 20 KB gzip) is its own chunk, fetched when a visitor first reaches
// for a carousel (pointer over it, touch, focus, wheel, an arrow): people who only read the page on costly data
// never download it, and by the time a finger or mouse moves the list, Swiper has taken over from the same position.

export type CarouselKind = "cards" | "salons" | "tiles" | "styles";

// Swiper's breakpoints are min-widths; the top salons' sizes are given as max-widths (3 at <= 1024 ...), hence 1025.
const OPTIONS: Record<CarouselKind, SwiperOptions> = {
  cards: { slidesPerView: 1, spaceBetween: 35, breakpoints: { 640: { slidesPerView: 2 }, 1000: { slidesPerView: 3 } } },
  salons: {
    slidesPerView: 1.1,
    spaceBetween: 16,
    speed: 800,
    breakpoints: { 481: { slidesPerView: 2.1 }, 769: { slidesPerView: 3 }, 1025: { slidesPerView: 4 } },
  },
  tiles: { slidesPerView: 1, spaceBetween: 30, breakpoints: { 700: { slidesPerView: 3 }, 900: { slidesPerView: 4 }, 1050: { slidesPerView: 5 } } },
  styles: { slidesPerView: 1, spaceBetween: 30, breakpoints: { 640: { slidesPerView: 2 }, 900: { slidesPerView: 3 }, 1050: { slidesPerView: 4 } } },
};

/**
 * `focusable`: slides with nothing to tab to (pictures only) make the list itself a tab stop, so a keyboard can
 * scroll it too.
 */
export function Carousel({ kind, label, focusable = false, children }: { kind: CarouselKind; label: string; focusable?: boolean; children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLUListElement>(null);
  const swiper = useRef<SwiperInstance | null>(null);
  const hydrated = useHydrated();
  // null until Swiper runs; then whether it is at the first and at the last slide.
  const [edges, setEdges] = useState<{ start: boolean; end: boolean } | null>(null);
  const slides = Children.toArray(children);

  const start = useRef<() => void>(() => {});
  useEffect(() => {
    const el = viewport.current;
    const outer = root.current;
    if (!el || !outer) return;
    let cancelled = false;
    let started = false;
    start.current = () => {
      if (started) return;
      started = true;
      void import("swiper").then(({ Swiper }) => {
        if (cancelled) return;
        // Carry over where the visitor had scrolled the plain list to.
        const list = track.current;
        const first = list?.firstElementChild as HTMLElement | null;
        const index = list && first ? Math.round(list.scrollLeft / (first.offsetWidth || 1)) : 0;
        if (list) list.scrollLeft = 0;
        swiper.current = new Swiper(el, {
          ...OPTIONS[kind],
          wrapperClass: "carousel__track",
          slideClass: "carousel__slide",
          watchOverflow: true,
          initialSlide: index,
          on: {
            afterInit: (s) => setEdges({ start: s.isBeginning, end: s.isEnd }),
            slideChange: (s) => setEdges({ start: s.isBeginning, end: s.isEnd }),
            resize: (s) => setEdges({ start: s.isBeginning, end: s.isEnd }),
          },
        });
      });
    };
    const events = ["pointerenter", "pointerdown", "touchstart", "focusin", "wheel"] as const;
    const onReach = () => start.current();
    for (const name of events) outer.addEventListener(name, onReach, { passive: true, once: true });
    return () => {
      cancelled = true;
      for (const name of events) outer.removeEventListener(name, onReach);
      swiper.current?.destroy(false, false);
      swiper.current = null;
    };
  }, [kind]);

  // New slides after a client-side navigation (same page, other data): Swiper re-measures.
  useEffect(() => {
    swiper.current?.update();
  });

  // Keyboard users tab through links inside slides: bring the focused slide into view the Swiper way, since
  // the browser's own scrolling of an overflow-hidden box would leave Swiper's position out of step.
  const onFocus = (event: React.FocusEvent<HTMLUListElement>) => {
    const s = swiper.current;
    if (!s) return;
    const slide = (event.target as HTMLElement).closest(".carousel__slide");
    const index = slide ? s.slides.indexOf(slide as HTMLElement) : -1;
    if (viewport.current) viewport.current.scrollLeft = 0;
    if (index >= 0) s.slideTo(index);
  };

  // A list that is itself a tab stop (pictures only) scrolls with the arrow keys without JavaScript; once Swiper
  // holds it (overflow hidden), the arrow keys move Swiper instead.
  const onKeyDown = (event: React.KeyboardEvent<HTMLUListElement>) => {
    if (!swiper.current || event.target !== event.currentTarget) return;
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    event.preventDefault();
    step(event.key === "ArrowRight" ? 1 : -1);
  };

  const step = (direction: 1 | -1) => {
    start.current();
    if (swiper.current) {
      if (direction === 1) swiper.current.slideNext();
      else swiper.current.slidePrev();
      return;
    }
    const list = track.current;
    if (list) list.scrollBy({ left: direction * list.clientWidth * 0.9, behavior: "smooth" });
  };

  return (
    <div className={`carousel carousel--${kind}`} ref={root} role="group" aria-roledescription="carousel" aria-label={label}>
      <div className="carousel__viewport" ref={viewport}>
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the focus of a link in a slide bubbles up to bring its slide into view; the keys scroll a list that is itself a tab stop */}
        <ul
          className="carousel__track"
          ref={track}
          onFocus={onFocus}
          onKeyDown={focusable ? onKeyDown : undefined}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a list of pictures only scrolls, so it is the tab stop (see `focusable`)
          tabIndex={focusable ? 0 : undefined}
        >
          {slides.map((slide, i) => (
            <li className="carousel__slide" key={(slide as { key?: string | null }).key ?? i}>
              {slide}
            </li>
          ))}
        </ul>
      </div>
      {hydrated && slides.length > 1 ? (
        <div className="carousel__arrows">
          <button type="button" className="carousel__arrow" onClick={() => step(-1)} disabled={edges?.start ?? false} aria-label={`Previous: ${label}`}>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <button type="button" className="carousel__arrow" onClick={() => step(1)} disabled={edges?.end ?? false} aria-label={`Next: ${label}`}>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        </div>
      ) : null}
    </div>
  );
}
