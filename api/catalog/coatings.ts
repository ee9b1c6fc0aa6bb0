/**
 * Coatings = print types (§3 productCoatings, §7 coating/all, coating/recalculate, print-types).
 * A handful of rows with their variants and options, read in one statement.
 */
import { sql } from "drizzle-orm";
import type { Coating, CoatingPrice, CoatingRecalculateRequest, PrintTypeSummary } from "../../contract/index";
import { queryRows, type Db } from "../db/client";
import { HttpError } from "../http/errors";
import { priceCoatingLine, validateCoatingLine } from "./pricing";

export const COATING_NOT_FOUND = "Нанесение не найдено";

/** JSON of one coating (contract Coating), `co` being coatings; also read by the cart pricing. */
/** A coating's variants as JSON (alias `co` for coatings), in their order; shared with cart pricing. */
export const COATING_VARIANTS_JSON = sql`COALESCE((SELECT json_agg(json_build_object('id', v.id, 'title', v.title, 'priceMultiplier', v.price_multiplier) ORDER BY v.sort, v.id)
      FROM coating_variants v WHERE v.coating_id = co.id), '[]'::json)`;

export const COATING_JSON = sql`json_build_object(
  'id', co.id,
  'title', co.title,
  'slug', co.slug,
  'description', co.description,
  'preview', co.preview,
  'image', co.image,
  'variants', ${COATING_VARIANTS_JSON},
  'options', COALESCE((SELECT json_agg(json_build_object('id', o.id, 'title', o.title, 'priceType', o.modifier_type,
        'price', o.modifier_value, 'enabled', o.is_enabled, 'isDefault', o.is_default) ORDER BY o.sort, o.id)
      FROM coating_options o WHERE o.coating_id = co.id), '[]'::json),
  'basePrice', co.base_price,
  'pricePerCm2', co.price_per_cm2,
  'minPrice', co.min_price,
  'maxWidth', co.max_width,
  'maxHeight', co.max_height
)`;

type RecalculateBody = Omit<CoatingRecalculateRequest, "options"> & { options: string[] };

export function createCoatingService(db: Db) {
  async function load(id?: number): Promise<Coating[]> {
    const where = id === undefined ? sql`true` : sql`co.id = ${id}`;
    const rows = await queryRows<{ c: Coating }>(db, sql`SELECT ${COATING_JSON} AS c FROM coatings co WHERE ${where} ORDER BY co.sort, co.id`);
    return rows.map((r) => r.c);
  }

  return {
    all: () => load(),

    async printTypes(): Promise<PrintTypeSummary[]> {
      return queryRows<PrintTypeSummary>(
        db,
        sql`SELECT id, title, slug, preview, image FROM coatings ORDER BY sort, id`,
      );
    },

    async printType(id: number): Promise<Coating> {
      const [coating] = await load(id);
      if (!coating) throw new HttpError(404, "Вид нанесения не найден");
      return coating;
    },

    /** One coating line priced for a quantity (pricing.ts); 404 unknown coating, 400 invalid line. */
    async recalculate(body: RecalculateBody): Promise<CoatingPrice> {
      const [coating] = await load(body.coating);
      if (!coating) throw new HttpError(404, COATING_NOT_FOUND, [{ field: "coating", message: COATING_NOT_FOUND }]);
      const errors = validateCoatingLine(coating, body);
      if (body.productId !== undefined) {
        const [product] = await queryRows<{ accepts: boolean }>(
          db,
          sql`SELECT EXISTS (SELECT 1 FROM product_group_coatings pc WHERE pc.group_id = p.group_id AND pc.coating_id = ${coating.id}) AS accepts
              FROM products p WHERE p.id = ${body.productId}`,
        );
        if (!product) errors.push({ field: "productId", message: "Товар не найден" });
        else if (!product.accepts) errors.push({ field: "coating", message: "Это нанесение недоступно для выбранного товара" });
      }
      if (errors.length) throw new HttpError(400, "Проверьте параметры нанесения", errors);
      return priceCoatingLine(coating, body);
    },
  };
}

export type CoatingService = ReturnType<typeof createCoatingService>;
