import { useRouteLoaderData } from "@remix-run/react";
import { WEBP_WIDTHS } from "~/utils/picture-widths";

// A vendor's picture at the size the page needs. An uploaded photo is stored as WebP at four widths plus a
// 640 px JPEG (see docs/decisions/010-photo-processing.md) and its address is that JPEG's: a <picture> offers the
// WebPs with srcset/sizes and keeps the JPEG for browsers without WebP. Anything else (the seeded SVG artwork,
// files stored before photos were processed) is a plain <img> as before. width/height (with the CSS's fixed aspect
// ratio) reserve the box, so nothing shifts when the picture arrives.

const PROCESSED = /^\/uploads\/([A-Za-z0-9_-]{22})-640\.jpg$/;

export interface VendorPictureProps {
  src: string;
  alt?: string;
  /** How wide the picture is shown, as the `sizes` attribute says it (e.g. "(max-width: 559px) 116px, 280px"). */
  sizes: string;
  width: number;
  height: number;
  className?: string;
  /** Pictures below the fold load lazily (the default); the first ones a page shows load at once. */
  eager?: boolean;
  fetchPriority?: "high" | "low" | "auto";
}

/** What this file reads of the root loader's data (app/root.tsx checks that it gives it). */
export interface PictureRootData {
  uploadsBase: string;
}

/** The browser address of an upload: the public bucket/CDN when configured, else the app's /uploads route. */
function useUploadUrl(): (path: string) => string {
  const base = useRouteLoaderData<PictureRootData>("root")?.uploadsBase ?? "/uploads";
  return (path) => (path.startsWith("/uploads/") ? `${base}/${path.slice("/uploads/".length)}` : path);
}

export function VendorPicture({ src, alt = "", sizes, width, height, className, eager = false, fetchPriority }: VendorPictureProps) {
  const url = useUploadUrl();
  const img = (
    <img
      className={className}
      src={url(src)}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={fetchPriority}
    />
  );
  const processed = PROCESSED.exec(src);
  if (!processed) return img;
  const token = processed[1];
  return (
    <picture className="vendor-picture">
      <source type="image/webp" srcSet={WEBP_WIDTHS.map((w) => `${url(`/uploads/${token}-${w}.webp`)} ${w}w`).join(", ")} sizes={sizes} />
      {img}
    </picture>
  );
}
