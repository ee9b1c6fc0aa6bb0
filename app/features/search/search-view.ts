/**
 * What the search page and the header suggestions show of a search/global or search/fast answer
 * (§3 Search results: brands, categories with their breadcrumbs and counts, products), as plain
 * data with hrefs: only what is shown goes into the HTML, the hydration data and the fetcher.
 */
import type { SearchResults } from "#contract/search.ts";
import { toCardView } from "#app/features/catalog/card-view.ts";

export interface FoundBrand {
  title: string;
  href: string;
}

export interface FoundCategory {
  title: string;
  href: string;
  /** Matching product groups in it. */
  count: number;
  /** Its ancestors, root first (the category itself is not among them). */
  crumbs: { title: string; href: string }[];
}

export interface FoundProduct {
  id: number;
  title: string;
  href: string;
  image: string;
  /** "от" price in rubles; 0 when the group has no price. */
  price: number;
}

export interface FoundSet {
  brands: FoundBrand[];
  categories: FoundCategory[];
}

export interface SuggestionsView extends FoundSet {
  /** The normalised text the suggestions are for (a late answer for an older text is dropped). */
  text: string;
  products: FoundProduct[];
  /** Matching products over all pages (for "Показать все результаты"). */
  totalProducts: number;
}

/** Slugs that make a path segment as they are (the catalogue's alphabet): anything else is left out. */
const SLUG_RE = /^[A-Za-z0-9_-]{1,120}$/;

/** Brands and categories found, each category with its breadcrumbs (matched by id, §3). */
export function foundSet(results: Pick<SearchResults, "brands" | "categories" | "categoriesBreadCrumbsItems">): FoundSet {
  const chains = new Map(results.categoriesBreadCrumbsItems.map((c) => [c.categoryId, c.items]));
  return {
    brands: results.brands.filter((b) => SLUG_RE.test(b.slug)).map((b) => ({ title: b.title, href: `/brands/${b.slug}` })),
    categories: results.categories
      .filter((c) => SLUG_RE.test(c.slug))
      .map((c) => ({
        title: c.title,
        href: `/catalog/${c.slug}`,
        count: c.count,
        crumbs: (chains.get(c.id) ?? [])
          .filter((a) => a.id !== c.id && SLUG_RE.test(a.slug))
          .map((a) => ({ title: a.title, href: `/catalog/${a.slug}` })),
      })),
  };
}

export function suggestionsView(text: string, results: SearchResults): SuggestionsView {
  return {
    text,
    ...foundSet(results),
    products: results.products.map((group) => {
      // "ручка синяя": the blue pen's picture (issue 25); the suggestion says "от …": the group's lowest price.
      const card = toCardView(group, { colors: results.reading?.colors.map((c) => c.slug) });
      return { id: card.id, title: card.title, href: card.href, image: card.image, price: card.otherPricesFrom ?? card.price };
    }),
    totalProducts: results.total.products,
  };
}

/** The group id of the product whose SKU the text is (ADR 029: the search page redirects to it). */
export function exactProductOf(results: SearchResults): number | null {
  return results.exactProduct?.groupId ?? null;
}
