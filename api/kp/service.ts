/**
 * Commercial offers, read-only (§7 kp/list and kp/read/{id}; the editor comes with the offers
 * issue). ADR 035, who sees which offers:
 * - ROLE_SALES_CHIEF, ROLE_ADMIN and ROLE_ADMIN_MANAGER see every offer;
 * - everyone else (ROLE_MANAGER, ROLE_USER) sees the offers they authored
 *   (`commercial_offers.manager_id` = the caller);
 * - an offer outside the caller's scope reads as one that does not exist: 404.
 * The list is paged by 10 (§9), sorted and filtered by the contract's KpListQuery, all in SQL
 * (one statement for the page and its count).
 */
import { sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Kp, KpListQuery, KpSortBy, KpSummary, Paged } from "../../contract/index";
import { queryRows, type Db } from "../db/client";
import { notFound } from "../http/errors";
import { hasRole, type AuthUser } from "../auth/session";

type ListQuery = z.output<typeof KpListQuery>;

export const OFFER_NOT_FOUND = "Коммерческое предложение не найдено";

/** Roles that see every offer (ADR 035). */
export const KP_ALL_ROLES = ["ROLE_SALES_CHIEF", "ROLE_ADMIN", "ROLE_ADMIN_MANAGER"] as const;

export const seesAllOffers = (user: AuthUser) => hasRole(user, ...KP_ALL_ROLES);

/** The caller's scope as a condition on `co`. */
function scope(user: AuthUser): SQL {
  return seesAllOffers(user) ? sql`true` : sql`co.manager_id = ${user.id}`;
}

const SORT: Record<KpSortBy, SQL> = {
  createdAt: sql`co.created_at`,
  updatedAt: sql`co.updated_at`,
  totalPrice: sql`co.total_price`,
  title: sql`co.title`,
  id: sql`co.id`,
};

/** `value` as a LIKE pattern matching it anywhere, its own % _ \ taken literally. */
const contains = (value: string) => `%${value.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
const ids = (values: readonly number[]) => sql`${`{${values.map((v) => Math.trunc(v)).join(",")}}`}::int[]`;

const SUMMARY_JSON = sql`json_build_object(
  'id', co.id,
  'publicId', co.public_id,
  'title', co.title,
  'totalPrice', co.total_price::float8,
  'createdAt', co.created_at,
  'updatedAt', co.updated_at,
  'isActive', co.is_active,
  'isHidden', co.is_hidden,
  'isFavorite', co.is_favorite,
  'itemsCount', (SELECT count(*)::int FROM commercial_offer_items i WHERE i.offer_id = co.id),
  'manager', (SELECT json_build_object('id', u.id, 'name', COALESCE(u.name, ''), 'email', u.email, 'phone', u.phone, 'avatar', u.avatar)
    FROM users u WHERE u.id = co.manager_id),
  'client', (SELECT json_build_object('id', c.id, 'title', c.title, 'inn', c.inn) FROM kp_clients c WHERE c.id = co.client_id),
  'representative', (SELECT json_build_object('id', r.id, 'clientId', r.client_id, 'name', r.name, 'email', r.email, 'phone', r.phone)
    FROM kp_representatives r WHERE r.id = co.representative_id),
  'purpose', (SELECT json_build_object('id', p.id, 'clientId', p.client_id, 'title', p.title) FROM kp_purposes p WHERE p.id = co.purpose_id),
  'delay', (SELECT json_build_object('id', d.id, 'title', d.title, 'days', d.days) FROM commercial_offer_delays d WHERE d.id = co.delay_id)
)`;

const ITEMS_JSON = sql`COALESCE((SELECT json_agg(json_build_object(
    'id', i.id,
    'productId', i.product_id,
    'groupId', p.group_id,
    'sku', i.sku,
    'title', i.title,
    'image', COALESCE(p.image, g.image),
    'count', i.count,
    'price', i.price::float8,
    'printPrice', i.print_price::float8,
    'totalPrice', round(i.price * i.count + i.print_price, 2)::float8,
    'coatings', i.coatings,
    'comment', i.comment) ORDER BY i.sort, i.id)
  FROM commercial_offer_items i
  LEFT JOIN products p ON p.id = i.product_id
  LEFT JOIN product_groups g ON g.id = p.group_id
  WHERE i.offer_id = co.id), '[]'::json)`;

function filters(user: AuthUser, q: ListQuery): SQL {
  const where: SQL[] = [scope(user), q.hidden === "1" ? sql`co.is_hidden` : sql`NOT co.is_hidden`];
  if (q.favorite !== undefined) where.push(q.favorite === "1" ? sql`co.is_favorite` : sql`NOT co.is_favorite`);
  if (q.status) where.push(q.status === "active" ? sql`co.is_active` : sql`NOT co.is_active`);
  if (q.search) {
    const like = contains(q.search);
    where.push(sql`(co.title ILIKE ${like} OR EXISTS (SELECT 1 FROM kp_clients c WHERE c.id = co.client_id AND c.title ILIKE ${like})
      OR EXISTS (SELECT 1 FROM commercial_offer_items i WHERE i.offer_id = co.id AND i.sku ILIKE ${like}))`);
  }
  if (q.purposeTitle) where.push(sql`EXISTS (SELECT 1 FROM kp_purposes p WHERE p.id = co.purpose_id AND p.title ILIKE ${contains(q.purposeTitle)})`);
  // §9: dates as YYYY-MM-DD, both ends inclusive (the whole "to" day).
  if (q.createdAtFrom) where.push(sql`co.created_at >= ${q.createdAtFrom}::date`);
  if (q.createdAtTo) where.push(sql`co.created_at < ${q.createdAtTo}::date + 1`);
  if (q.totalPriceFrom !== undefined) where.push(sql`co.total_price >= ${q.totalPriceFrom}`);
  if (q.totalPriceTo !== undefined) where.push(sql`co.total_price <= ${q.totalPriceTo}`);
  if (q.clientIds?.length) where.push(sql`co.client_id = ANY(${ids(q.clientIds)})`);
  if (q.representativeIds?.length) where.push(sql`co.representative_id = ANY(${ids(q.representativeIds)})`);
  if (q.purposeIds?.length) where.push(sql`co.purpose_id = ANY(${ids(q.purposeIds)})`);
  if (q.managerIds?.length) where.push(sql`co.manager_id = ANY(${ids(q.managerIds)})`);
  if (q.delayIds?.length) where.push(sql`co.delay_id = ANY(${ids(q.delayIds)})`);
  return sql.join(where, sql` AND `);
}

const iso = (value: string) => new Date(value).toISOString();

export function createKpService(db: Db) {
  return {
    async list(user: AuthUser, q: ListQuery): Promise<Paged<KpSummary>> {
      const where = filters(user, q);
      const direction = q.sortOrder === "asc" ? sql`ASC` : sql`DESC`;
      const order = sql`${SORT[q.sortBy]} ${direction}, co.id ${direction}`;
      const [row] = await queryRows<{ total: number; elements: KpSummary[] }>(
        db,
        sql`SELECT (SELECT count(*)::int FROM commercial_offers co WHERE ${where}) AS total,
          COALESCE((SELECT json_agg(x.s ORDER BY x.n) FROM (
            SELECT ${SUMMARY_JSON} AS s, row_number() OVER (ORDER BY ${order}) AS n
            FROM commercial_offers co WHERE ${where}
            ORDER BY ${order} LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}) x), '[]'::json) AS elements`,
      );
      return {
        pageLimit: q.limit,
        countItems: row.total,
        countPages: Math.ceil(row.total / q.limit),
        elements: row.elements.map((e) => ({ ...e, createdAt: iso(e.createdAt), updatedAt: iso(e.updatedAt) })),
      };
    },

    async read(user: AuthUser, id: number): Promise<Kp> {
      const [row] = await queryRows<{ s: KpSummary; comment: string | null; items: Kp["items"] }>(
        db,
        sql`SELECT ${SUMMARY_JSON} AS s, co.comment, ${ITEMS_JSON} AS items
            FROM commercial_offers co WHERE co.id = ${id} AND ${scope(user)}`,
      );
      // Someone else's offer reads as one that does not exist.
      if (!row) throw notFound(OFFER_NOT_FOUND);
      const items = row.items.map((item) => ({
        ...item,
        coatings: (Array.isArray(item.coatings) ? item.coatings : []).map((c) => ({ ...c, problems: c.problems ?? [] })),
      }));
      const round = (n: number) => Math.round(n * 100) / 100;
      const itemsPrice = round(items.reduce((sum, i) => sum + i.price * i.count, 0));
      const printPrice = round(items.reduce((sum, i) => sum + i.printPrice, 0));
      return {
        ...row.s,
        createdAt: iso(row.s.createdAt),
        updatedAt: iso(row.s.updatedAt),
        comment: row.comment,
        itemsPrice,
        printPrice,
        items,
      };
    },
  };
}

export type KpService = ReturnType<typeof createKpService>;
