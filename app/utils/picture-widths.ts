// The widths every uploaded photo is stored at as WebP, shared by the upload code that makes them and the
// component that offers them in srcset. 160 px serves a phone's small card thumbnail (116 CSS px at 1x), 1280 px a
// desktop gallery at 2x. The JPEG fallback (and the photo's address) is at 640 px.
export const WEBP_WIDTHS = [160, 320, 640, 1280] as const;
export const FALLBACK_WIDTH = 640;
