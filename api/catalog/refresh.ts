/** Keeping the catalogue's derived facet data in sync after writes (see api/README.md). */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rebuildFacetBitmaps } from "./facet-bitmaps";
import { ATTRIBUTE_VALUE_CODE, COATING_CODE, COLOR_CODE } from "./facet-codes";
import { refreshSearchWords } from "../search/vocabulary";

/**
 * After catalogue writes: adds missing attribute values to the dictionary, recomputes facet_codes
 * of the given groups (all groups when omitted; the same SQL fills an existing catalogue in
 * migration 0003), rebuilds the facet bitmaps and the search vocabulary (ADR 028). Run it in the
 * writer's transaction, then notifyChange() so in-process caches (search answers) are dropped.
 */
export async function refreshCatalogFacets(db: Pick<Db, "execute">, groupIds?: readonly number[]): Promise<void> {
  await updateFacetCodes(db, groupIds);
  await rebuildFacetBitmaps(db);
  await refreshSearchWords(db);
}

async function updateFacetCodes(db: Pick<Db, "execute">, groupIds?: readonly number[]): Promise<void> {
  const only = groupIds ? sql`AND g.id = ANY(${`{${groupIds.map((id) => Math.trunc(id)).join(",")}}`}::int[])` : sql``;
  await db.execute(sql`
    INSERT INTO attribute_values (attribute_id, slug, title)
    SELECT attribute_id, value_slug, min(value_title) FROM product_group_attributes GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (attribute_id, slug) DO NOTHING`);
  await db.execute(sql`
    UPDATE product_groups g SET facet_codes = COALESCE(c.codes, '{}'::int[])
    FROM product_groups g2
    LEFT JOIN LATERAL (
      SELECT array_agg(code ORDER BY code) AS codes FROM (
        SELECT ${sql.raw(String(COLOR_CODE))} + p.color_id AS code FROM products p WHERE p.group_id = g2.id AND p.color_id IS NOT NULL
        UNION SELECT ${sql.raw(String(COATING_CODE))} + pc.coating_id FROM product_group_coatings pc WHERE pc.group_id = g2.id
        UNION SELECT ${sql.raw(String(ATTRIBUTE_VALUE_CODE))} + av.id FROM product_group_attributes v
          JOIN attribute_values av ON av.attribute_id = v.attribute_id AND av.slug = v.value_slug
          WHERE v.group_id = g2.id
      ) s
    ) c ON true
    WHERE g2.id = g.id ${only} AND g.facet_codes IS DISTINCT FROM COALESCE(c.codes, '{}'::int[])`);
}
