/**
 * The catalogue's small dictionaries — categories, brands, colours, coatings, attributes and
 * attribute values (a few hundred rows whatever the catalogue size) — read in one statement.
 * Filters resolve slugs against them, filter/all takes titles from them. Product groups are never
 * loaded here.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";
import { notFound } from "../http/errors";
import { toScope, type ScopeCategory } from "./filters";

export const CATEGORY_NOT_FOUND = "Категория не найдена";

export interface DictCategory {
  id: number;
  parentId: number | null;
  title: string;
  slug: string;
  /** Materialised path "/1/5/". */
  path: string;
  depth: number;
}

export interface Dictionaries {
  /** Active categories, parents first, in menu order. */
  categories: DictCategory[];
  brands: { id: number; title: string; slug: string }[];
  colors: { id: number; title: string; slug: string; hex: string }[];
  coatings: { id: number; title: string; slug: string }[];
  attributes: { id: number; title: string; slug: string; isFilter: boolean }[];
  attributeValues: { id: number; attributeId: number; slug: string; title: string }[];
}

const DICTIONARIES = sql`SELECT json_build_object(
  'categories', COALESCE((SELECT json_agg(json_build_object('id', id, 'parentId', parent_id, 'title', title, 'slug', slug, 'path', path, 'depth', depth)
      ORDER BY depth, sort, title, id) FROM categories WHERE is_active), '[]'::json),
  'brands', COALESCE((SELECT json_agg(json_build_object('id', id, 'title', title, 'slug', slug) ORDER BY title, id) FROM brands), '[]'::json),
  'colors', COALESCE((SELECT json_agg(json_build_object('id', id, 'title', title, 'slug', slug, 'hex', hex) ORDER BY sort, id) FROM colors), '[]'::json),
  'coatings', COALESCE((SELECT json_agg(json_build_object('id', id, 'title', title, 'slug', slug) ORDER BY sort, id) FROM coatings), '[]'::json),
  'attributes', COALESCE((SELECT json_agg(json_build_object('id', id, 'title', title, 'slug', slug, 'isFilter', is_filter) ORDER BY sort, id) FROM attributes), '[]'::json),
  'attributeValues', COALESCE((SELECT json_agg(json_build_object('id', id, 'attributeId', attribute_id, 'slug', slug, 'title', title)
      ORDER BY attribute_id, sort, title, id) FROM attribute_values), '[]'::json)
) AS d`;

export async function loadDictionaries(db: Db): Promise<Dictionaries> {
  const [row] = await queryRows<{ d: Dictionaries }>(db, DICTIONARIES);
  return row.d;
}

/** The category of a slug with its subtree; 404 when unknown or hidden. */
export function findCategory(dict: Dictionaries, slug: string | undefined): ScopeCategory | undefined {
  if (slug === undefined) return undefined;
  const found = dict.categories.find((c) => c.slug === slug);
  if (!found) throw notFound(CATEGORY_NOT_FOUND);
  return toScope(dict.categories, found);
}

/** The category and its ancestors, deepest first. */
export function ancestorsOf(dict: Dictionaries, c: { path: string }): DictCategory[] {
  return dict.categories.filter((a) => c.path.startsWith(a.path)).sort((x, y) => y.depth - x.depth);
}
