// The components of the browsing pages (Home, submenu, search, service detail, vendor profile, favorites), in
// one module so that esbuild puts them in one chunk: it keys chunks by the exact set of routes that reach a
// module, and these, each used by a different subset of those routes, used to become a chunk of 0.2–3 KB apiece
// (one request each). Routes import these components from here, never from their files, so that every module
// below is reached by the same routes. Swiper stays out: the carousel loads it when a visitor reaches for it.
export { default as detailStyles } from "~/styles/detail.css";
export { Carousel } from "~/components/carousel";
export { CategoryBanner, CategoryErrorBoundary, CategoryNotFound } from "~/components/category-banner";
export { FavoriteButton } from "~/components/favorite-button";
export { Problems } from "~/components/problems";
export { Section } from "~/components/section";
export { CardCarousel, CardGrid, PinIcon, Price, ServiceCard, type Card } from "~/components/service-card";
export { Stars } from "~/components/stars";
export { VendorCard, vendorCardData } from "~/components/vendor-card";
export { DISTANCES_KM, FAVORITE_FILTERS, PRICE_RANGES, RATING_RANGES, type FavoriteFilter } from "~/models/catalogue/filters";
export { titleCase } from "~/utils/text";
export { LevelBadge } from "~/components/level-badge";
