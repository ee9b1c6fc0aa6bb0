/**
 * JSON-LD for crawlers: Product with Offer, BreadcrumbList, ItemList. A data block, not a script
 * that runs, so CSP does not apply; "<" is escaped so no content can close the tag.
 */
export function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}

export function jsonLdText(data: object): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

export function breadcrumbListJsonLd(origin: string, items: { title: string; href: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [{ title: "Главная", href: "/" }, ...items].map((item, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: item.title,
      item: origin + item.href,
    })),
  };
}

export function itemListJsonLd(origin: string, items: { title: string; href: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, url: origin + item.href, name: item.title })),
  };
}

export function productJsonLd(
  origin: string,
  product: { id: number; title: string; description: string; images: string[]; sku: string | null; brand: string | null; minPrice: number; maxPrice: number; inStock: boolean; href: string },
) {
  const url = origin + product.href;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    description: product.description,
    image: product.images.map((src) => (src.startsWith("http") ? src : origin + src)),
    ...(product.sku ? { sku: product.sku } : {}),
    ...(product.brand ? { brand: { "@type": "Brand", name: product.brand } } : {}),
    offers: {
      "@type": "AggregateOffer",
      priceCurrency: "RUB",
      lowPrice: product.minPrice,
      highPrice: product.maxPrice,
      availability: product.inStock ? "https://schema.org/InStock" : "https://schema.org/PreOrder",
      url,
    },
  };
}
