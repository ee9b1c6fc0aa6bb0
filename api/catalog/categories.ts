/**
 * Category tree with product counts (init.categories / footerCategories). Counts include the
 * whole subtree, so a parent shows how many groups its page lists (§3 category counters).
 */
import { asc, count, eq, sql } from "drizzle-orm";
import type { CategoryLink, CategoryNode } from "../../contract/index";
import type { Db } from "../db/client";
import { categories, productGroups } from "../db/schema";

export interface CategoryTree {
  roots: CategoryNode[];
  /** Categories flagged for the footer, in tree order. */
  footer: CategoryLink[];
}

export async function loadCategoryTree(db: Db): Promise<CategoryTree> {
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: categories.id,
        parentId: categories.parentId,
        title: categories.title,
        slug: categories.slug,
        image: categories.image,
        showInFooter: categories.showInFooter,
      })
      .from(categories)
      .where(eq(categories.isActive, true))
      .orderBy(asc(categories.depth), asc(categories.sort), asc(categories.title)),
    db
      .select({ categoryId: productGroups.categoryId, n: count() })
      .from(productGroups)
      .where(sql`${productGroups.isActive}`)
      .groupBy(productGroups.categoryId),
  ]);
  const direct = new Map(counts.map((r) => [r.categoryId, Number(r.n)]));
  const nodes = new Map<number, CategoryNode>();
  const roots: CategoryNode[] = [];
  // Rows come parents first (depth order), so a parent always exists before its children.
  for (const row of rows) {
    const node: CategoryNode = {
      id: row.id,
      title: row.title,
      slug: row.slug,
      parentId: row.parentId,
      image: row.image,
      productCount: direct.get(row.id) ?? 0,
      children: [],
    };
    nodes.set(row.id, node);
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent) parent.children.push(node);
    else if (row.parentId === null) roots.push(node);
    // A child of an inactive parent is hidden with its parent.
  }
  const footerIds = new Set(rows.filter((r) => r.showInFooter).map((r) => r.id));
  const footer: CategoryLink[] = [];
  const walk = (node: CategoryNode): number => {
    if (footerIds.has(node.id)) footer.push({ id: node.id, title: node.title, slug: node.slug });
    for (const child of node.children) node.productCount += walk(child);
    return node.productCount;
  };
  roots.forEach(walk);
  return { roots, footer };
}
