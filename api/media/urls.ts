/**
 * URLs of the generated SVG pictures. All demo pictures are drawn by the API itself
 * (GET /api/media/{kind}/{id}.svg), so the shop works offline and the seed stays deterministic.
 */
export const PRODUCT_SHAPES = [
  "pen", "notebook", "mug", "thermos", "bottle", "glass", "bag", "backpack", "tshirt", "hoodie",
  "cap", "blanket", "powerbank", "usb", "charger", "speaker", "headphones", "umbrella", "gift",
  "desk", "cardholder", "keychain", "badge", "lanyard",
] as const;
export type ProductShape = (typeof PRODUCT_SHAPES)[number];

/** og: 1200×630 social-network preview of pages without a product picture; map: the office's street map. */
export const OTHER_KINDS = ["brand", "coating", "slide", "slide-mobile", "banner", "post", "og", "map"] as const;
export type MediaKind = ProductShape | (typeof OTHER_KINDS)[number];

export const MEDIA_KINDS: ReadonlySet<string> = new Set<string>([...PRODUCT_SHAPES, ...OTHER_KINDS]);

/**
 * `/api/media/mug/42-d32f2f.svg`: the id seeds the drawing, the optional hex is the main colour;
 * `/api/media/banner/1-580x290.svg`: compositions can take their canvas size.
 */
export function mediaUrl(kind: MediaKind, id: number, hex?: string, size?: { width: number; height: number }): string {
  const colour = hex ? `-${hex.replace("#", "").toLowerCase()}` : "";
  const dims = size ? `-${size.width}x${size.height}` : "";
  return `/api/media/${kind}/${id}${colour}${dims}.svg`;
}

/** A post's cover (800×500 unless sized): a composition around the product the post is about. */
export function postCoverUrl(id: number, shape: ProductShape, size?: { width: number; height: number }): string {
  const dims = size ? `-${size.width}x${size.height}` : "";
  return `/api/media/post/${id}-${shape}${dims}.svg`;
}
