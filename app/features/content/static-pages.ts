/** The static content pages of §2 (HTML from the content service), each at `/{slug}`. */
export const STATIC_PAGES = [
  "about",
  "agreement",
  "delivery",
  "faq",
  "obmen-vozvrat-tovarov",
  "payment",
  "privacy",
  "public-offer",
  "requirements",
  "vacancy",
] as const;

const slugs = new Set<string>(STATIC_PAGES);

export function isStaticPage(slug: string | undefined): boolean {
  return slug !== undefined && slugs.has(slug);
}
