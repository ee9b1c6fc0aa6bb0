/**
 * Commercial offers (§7 /api/kp, ADR 051): the list and the offer, the editor's writes and
 * reference calls. Who sees and changes what: scope.ts. Pricing: pricing.ts over
 * contract/kp-pricing.ts. Sent versions, the document and the public page: versions.ts, public.ts.
 *
 * The list is paged by 10 (§9), sorted and filtered by the contract's KpListQuery, all in SQL
 * (one statement for the page and its count). A save is one transaction that locks the offer's row
 * and compares its `version`: an older one is a 409 with what differs, and nothing is stored.
 */
import { randomBytes } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type {
  DelayOption,
  Kp,
  KpCalculation,
  KpCategory,
  KpClient,
  KpClientInput,
  KpFilterKind,
  KpFilterOption,
  KpInput,
  KpItem,
  KpListQuery,
  KpProductLookup,
  KpPurpose,
  KpPurposeInput,
  KpRepresentative,
  KpRepresentativeInput,
  KpSortBy,
  KpSummary,
  Paged,
  Product,
  ProductGroup,
} from "../../contract/index";
import { normalizePhone } from "../../contract/index";
import { endOfMoscowDay, defaultValidUntil, addDays, moscowDate, kpNumber } from "../../contract/kp-pricing";
import { queryRows, type Db } from "../db/client";
import { HttpError, notFound, type FieldError } from "../http/errors";
import type { AuthUser } from "../auth/session";
import type { CartPricing } from "../cart/pricing";
import type { SearchEngine } from "../search/index";
import type { ListingService } from "../catalog/listing";
import { intArray as intArrayOf } from "../catalog/filters";
import { isDbId } from "../../contract/index";
import { PRODUCT_JSON } from "../catalog/groups";
import { clientScope, editsOffers, offerEditScope, offerScope, requireOfferEditor } from "./scope";
import { priceOfferItems, totalsOf, type CalculateInput } from "./pricing";
import { diffStates, type OfferState } from "./diff";

export { KP_ALL_ROLES, seesAllOffers } from "./scope";

type ListQuery = z.output<typeof KpListQuery>;
type OfferInput = z.output<typeof KpInput>;

export const OFFER_NOT_FOUND = "Коммерческое предложение не найдено";
export const CLIENT_NOT_FOUND = "Клиент не найден";
export const STALE_VERSION = "Предложение изменили, пока вы его редактировали: посмотрите, что изменилось, и сохраните снова";
export const VERSION_MISSING = "Обновите страницу: не указана версия предложения";
export const SAVE_REFUSED = "Проверьте правильность заполнения полей";

/** ADR 051: 16 random bytes, base64url; never the id or the number. */
export const newPublicId = () => randomBytes(16).toString("base64url");

const SORT: Record<KpSortBy, SQL> = {
  createdAt: sql`co.created_at`,
  updatedAt: sql`co.updated_at`,
  totalPrice: sql`co.total_price`,
  title: sql`co.title`,
  id: sql`co.id`,
};

/** `value` as a LIKE pattern matching it anywhere, its own % _ \ taken literally. */
const contains = (value: string) => `%${value.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

const DELAY_JSON = sql`(SELECT json_build_object('id', d.id, 'title', d.title, 'days', d.days, 'surchargePercent', d.surcharge_percent::float8)
  FROM commercial_offer_delays d WHERE d.id = co.delay_id)`;

/**
 * §4, ADR 051 addendum: an offer is on the hidden tab (/cp/hidden, `hidden=1`) when it is
 * deactivated (its public link closed) or hidden by its flag; `isHidden` says the same.
 */
const LISTED_HIDDEN = sql`(co.is_hidden OR NOT co.is_active)`;

function summaryJson(user: AuthUser, now: Date): SQL {
  return sql`json_build_object(
  'id', co.id,
  'number', co.number,
  'publicId', co.public_id,
  'title', co.title,
  'totalPrice', co.total_price::float8,
  'createdAt', co.created_at,
  'updatedAt', co.updated_at,
  'validUntil', to_char(co.valid_until AT TIME ZONE 'Europe/Moscow', 'YYYY-MM-DD'),
  'isExpired', COALESCE(co.valid_until < ${now.toISOString()}::timestamptz, false),
  'version', co.version,
  'sentVersion', (SELECT max(v.number) FROM commercial_offer_versions v WHERE v.offer_id = co.id),
  'acceptedVersion', co.accepted_version,
  'isActive', co.is_active,
  'isHidden', ${LISTED_HIDDEN},
  'isFavorite', co.is_favorite,
  'itemsCount', (SELECT count(*)::int FROM commercial_offer_items i WHERE i.offer_id = co.id),
  'manager', (SELECT json_build_object('id', u.id, 'name', COALESCE(u.name, ''), 'email', u.email, 'phone', u.phone, 'avatar', u.avatar)
    FROM users u WHERE u.id = co.manager_id),
  'client', (SELECT json_build_object('id', c.id, 'title', c.title, 'inn', c.inn) FROM kp_clients c WHERE c.id = co.client_id),
  'representative', (SELECT json_build_object('id', r.id, 'clientId', r.client_id, 'name', r.name, 'email', r.email, 'phone', r.phone)
    FROM kp_representatives r WHERE r.id = co.representative_id),
  'purpose', (SELECT json_build_object('id', p.id, 'clientId', p.client_id, 'title', p.title) FROM kp_purposes p WHERE p.id = co.purpose_id),
  'delay', ${DELAY_JSON},
  'canEdit', ${editsOffers(user)}::boolean
)`;
}

const ITEMS_JSON = sql`COALESCE((SELECT json_agg(json_build_object(
    'id', i.id,
    'productId', i.product_id,
    'groupId', p.group_id,
    'sku', i.sku,
    'title', i.title,
    'variation', i.variation,
    'image', COALESCE(i.image, p.image, g.image),
    'count', i.count,
    'listPrice', i.list_price::float8,
    'manualPrice', i.manual_price::float8,
    'discountPercent', i.discount_percent::float8,
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
  const where: SQL[] = [offerScope(user), q.hidden === "1" ? LISTED_HIDDEN : sql`NOT ${LISTED_HIDDEN}`];
  if (q.favorite !== undefined) where.push(q.favorite === "1" ? sql`co.is_favorite` : sql`NOT co.is_favorite`);
  if (q.status) where.push(q.status === "active" ? sql`co.is_active` : sql`NOT co.is_active`);
  if (q.search) {
    const like = contains(q.search);
    where.push(sql`(co.title ILIKE ${like} OR co.number ILIKE ${like} OR EXISTS (SELECT 1 FROM kp_clients c WHERE c.id = co.client_id AND c.title ILIKE ${like})
      OR EXISTS (SELECT 1 FROM commercial_offer_items i WHERE i.offer_id = co.id AND i.sku ILIKE ${like}))`);
  }
  if (q.purposeTitle) where.push(sql`EXISTS (SELECT 1 FROM kp_purposes p WHERE p.id = co.purpose_id AND p.title ILIKE ${contains(q.purposeTitle)})`);
  // §9: dates as YYYY-MM-DD, both ends inclusive (the whole "to" day).
  if (q.createdAtFrom) where.push(sql`co.created_at >= ${q.createdAtFrom}::date`);
  if (q.createdAtTo) where.push(sql`co.created_at < ${q.createdAtTo}::date + 1`);
  if (q.totalPriceFrom !== undefined) where.push(sql`co.total_price >= ${q.totalPriceFrom}`);
  if (q.totalPriceTo !== undefined) where.push(sql`co.total_price <= ${q.totalPriceTo}`);
  if (q.clientIds?.length) where.push(sql`co.client_id = ANY(${intArray(q.clientIds)})`);
  if (q.representativeIds?.length) where.push(sql`co.representative_id = ANY(${intArray(q.representativeIds)})`);
  if (q.purposeIds?.length) where.push(sql`co.purpose_id = ANY(${intArray(q.purposeIds)})`);
  if (q.managerIds?.length) where.push(sql`co.manager_id = ANY(${intArray(q.managerIds)})`);
  if (q.delayIds?.length) where.push(sql`co.delay_id = ANY(${intArray(q.delayIds)})`);
  if (q.categoryIds?.length) {
    // A category means its subtree (categories.path "/1/5/").
    where.push(sql`EXISTS (SELECT 1 FROM commercial_offer_items i JOIN products p ON p.id = i.product_id
      JOIN product_groups g ON g.id = p.group_id JOIN categories gc ON gc.id = g.category_id
      WHERE i.offer_id = co.id AND EXISTS (SELECT 1 FROM categories f WHERE f.id = ANY(${intArray(q.categoryIds)}) AND gc.path LIKE f.path || '%'))`);
  }
  return sql.join(where, sql` AND `);
}

/** Ids of a query (not capped by the contract: lists may name ids that cannot exist) as int[]; those beyond int4 name nothing. */
const intArray = (values: readonly number[]) => intArrayOf(values.filter((v) => isDbId(v)));

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

type SummaryRow = Omit<KpSummary, "createdAt" | "updatedAt"> & { createdAt: string; updatedAt: string };
const summaryOut = (s: SummaryRow): KpSummary => ({ ...s, createdAt: iso(s.createdAt)!, updatedAt: iso(s.updatedAt)! });

/** A stored offer's state for the 409's diff. */
export function stateOfOffer(offer: Pick<Kp, "title" | "validUntil" | "vatRate" | "vatIncluded" | "totalPrice" | "client" | "representative" | "delay"> & { items: Pick<KpItem, "sku" | "title" | "count" | "price" | "printPrice">[] }): OfferState {
  return {
    fields: {
      title: offer.title,
      client: offer.client?.title ?? null,
      representative: offer.representative?.name ?? null,
      delay: offer.delay?.title ?? null,
      validUntil: offer.validUntil,
      vat: offer.vatRate === null ? "без НДС" : `${offer.vatRate} % ${offer.vatIncluded ? "в т.ч." : "сверху"}`,
      total: offer.totalPrice,
    },
    lines: offer.items.map((i) => ({ key: i.sku, title: i.title, count: i.count, unitPrice: i.price, printPrice: i.printPrice })),
  };
}

/** An offer with its lines and totals as the caller sees it; null outside `scope` (default: the caller's). */
export async function readOffer(tx: Pick<Db, "execute">, user: AuthUser, id: number, at: Date, scope: SQL = offerScope(user)): Promise<Kp | null> {
  const [row] = await queryRows<{
    s: SummaryRow;
    comment: string | null;
    items: Kp["items"];
    seller: Kp["seller"];
    vatRate: number | null;
    vatIncluded: boolean;
    first: string | null;
    last: string | null;
    opens: number;
  }>(
    tx,
    sql`SELECT ${summaryJson(user, at)} AS s, co.comment, ${ITEMS_JSON} AS items,
          (SELECT json_build_object('id', l.id, 'title', l.short_title, 'inn', l.inn) FROM legal_companies l WHERE l.id = co.seller_company_id) AS seller,
          co.vat_rate AS "vatRate", co.vat_included AS "vatIncluded", co.public_first_opened_at AS first,
          co.public_last_opened_at AS last, co.public_open_count AS opens
        FROM commercial_offers co WHERE co.id = ${id} AND ${scope}`,
  );
  if (!row) return null;
  const items = row.items.map((item) => ({
    ...item,
    coatings: (Array.isArray(item.coatings) ? item.coatings : []).map((c) => ({ ...c, problems: c.problems ?? [] })),
  }));
  const totals = totalsOf(items, { surchargePercent: row.s.delay?.surchargePercent ?? 0, vatRate: row.vatRate, vatIncluded: row.vatIncluded });
  return {
    ...summaryOut(row.s),
    comment: row.comment,
    itemsPrice: totals.goods,
    printPrice: totals.print,
    seller: row.seller,
    vatRate: row.vatRate,
    vatIncluded: row.vatIncluded,
    totals,
    publicFirstOpenedAt: iso(row.first),
    publicLastOpenedAt: iso(row.last),
    publicOpenCount: row.opens,
    items,
  };
}


export interface KpServiceOptions {
  pricing: CartPricing;
  search: SearchEngine;
  listing: ListingService;
  now?: () => Date;
}

export function createKpService(db: Db, options: KpServiceOptions) {
  const now = () => options.now?.() ?? new Date();

  const readRow = (user: AuthUser, id: number, scope: SQL = offerScope(user), tx: Pick<Db, "execute"> = db) => readOffer(tx, user, id, now(), scope);

  async function read(user: AuthUser, id: number): Promise<Kp> {
    const offer = await readRow(user, id);
    // Someone else's offer reads as one that does not exist.
    if (!offer) throw notFound(OFFER_NOT_FOUND);
    return offer;
  }

  async function summary(user: AuthUser, id: number): Promise<KpSummary> {
    const [row] = await queryRows<{ s: SummaryRow }>(db, sql`SELECT ${summaryJson(user, now())} AS s FROM commercial_offers co WHERE co.id = ${id}`);
    return summaryOut(row.s);
  }

  /** Checks the references of a save; field errors for each. Returns the seller and delay to store. */
  async function checkReferences(
    tx: Pick<Db, "execute">,
    user: AuthUser,
    body: OfferInput,
    stored: { validUntil: string | null } | null,
  ): Promise<{ errors: FieldError[]; sellerId: number | null; surchargePercent: number }> {
    const errors: FieldError[] = [];
    const [row] = await queryRows<{
      client: boolean;
      repClient: number | null;
      purposeClient: number | null;
      purpose: boolean;
      delay: number | null;
      seller: number | null;
      firstSeller: number | null;
    }>(
      tx,
      sql`SELECT
        EXISTS (SELECT 1 FROM kp_clients c WHERE c.id = ${body.clientId ?? 0} AND ${clientScope(user)}) AS client,
        (SELECT r.client_id FROM kp_representatives r WHERE r.id = ${body.representativeId ?? 0}) AS "repClient",
        EXISTS (SELECT 1 FROM kp_purposes p WHERE p.id = ${body.purposeId ?? 0}) AS purpose,
        (SELECT p.client_id FROM kp_purposes p WHERE p.id = ${body.purposeId ?? 0}) AS "purposeClient",
        (SELECT d.surcharge_percent::float8 FROM commercial_offer_delays d WHERE d.id = ${body.delayId ?? 0}) AS delay,
        (SELECT l.id FROM legal_companies l WHERE l.id = ${body.sellerCompanyId ?? 0} AND l.is_own) AS seller,
        (SELECT l.id FROM legal_companies l WHERE l.is_own ORDER BY l.id LIMIT 1) AS "firstSeller"`,
    );
    if (body.clientId !== null && !row.client) errors.push({ field: "clientId", message: CLIENT_NOT_FOUND });
    if (body.representativeId !== null) {
      if (row.repClient === null) errors.push({ field: "representativeId", message: "Представитель не найден" });
      else if (body.clientId === null) errors.push({ field: "representativeId", message: "Сначала выберите клиента" });
      else if (row.repClient !== body.clientId) errors.push({ field: "representativeId", message: "Этот представитель — не из выбранного клиента" });
    }
    if (body.purposeId !== null) {
      if (!row.purpose) errors.push({ field: "purposeId", message: "Цель не найдена" });
      else if (row.purposeClient !== null && row.purposeClient !== body.clientId) {
        errors.push({ field: "purposeId", message: "Эта цель — другого клиента" });
      }
    }
    if (body.delayId !== null && row.delay === null) errors.push({ field: "delayId", message: "Такой отсрочки нет" });
    if (body.sellerCompanyId !== null && row.seller === null) errors.push({ field: "sellerCompanyId", message: "Выберите нашу компанию из списка" });
    if (body.validUntil !== null && body.validUntil !== stored?.validUntil) {
      const today = moscowDate(now());
      if (body.validUntil < today) errors.push({ field: "validUntil", message: "Срок действия — не раньше сегодняшнего дня" });
      else if (body.validUntil > addDays(today, 365)) errors.push({ field: "validUntil", message: "Срок действия — не дальше чем через год" });
    }
    return { errors, sellerId: body.sellerCompanyId ?? row.firstSeller, surchargePercent: row.delay ?? 0 };
  }

  async function insertItems(tx: Pick<Db, "execute">, offerId: number, items: Awaited<ReturnType<typeof priceOfferItems>>["items"]) {
    if (!items.length) return;
    const rows = items.map(
      (line, sort) => sql`(${offerId}, ${line.productId}, ${line.sku}, ${line.title}, ${line.count}, ${line.price}, ${line.printPrice},
        ${JSON.stringify(line.coatings.map(({ problems: _problems, ...rest }) => rest))}::jsonb, ${line.comment}, ${sort}, ${line.listPrice},
        ${line.manualPrice}, ${line.discountPercent}, ${line.variation}, ${line.image})`,
    );
    await tx.execute(sql`INSERT INTO commercial_offer_items (offer_id, product_id, sku, title, count, price, print_price, coatings, comment, sort,
        list_price, manual_price, discount_percent, variation, image) VALUES ${sql.join(rows, sql`, `)}`);
  }

  /**
   * Checks a save priced beforehand (pricing reads outside the transaction: PGlite has one
   * connection, which the transaction holds); throws the 400 with every field error.
   */
  async function prepare(
    tx: Pick<Db, "execute">,
    user: AuthUser,
    body: OfferInput,
    priced: Awaited<ReturnType<typeof priceOfferItems>>,
    stored: { validUntil: string | null } | null,
  ) {
    const refs = await checkReferences(tx, user, body, stored);
    const errors = [...refs.errors, ...priced.problems];
    if (errors.length) throw new HttpError(400, SAVE_REFUSED, errors.slice(0, 50));
    const totals = totalsOf(priced.items, { surchargePercent: refs.surchargePercent, vatRate: body.vatRate, vatIncluded: body.vatIncluded });
    return { priced, refs, totals };
  }

  async function nextNumber(tx: Pick<Db, "execute">, at: Date): Promise<string> {
    const year = Number(moscowDate(at).slice(0, 4));
    const [row] = await queryRows<{ last: number }>(
      tx,
      sql`INSERT INTO kp_number_counters (year, last) VALUES (${year}, 1)
          ON CONFLICT (year) DO UPDATE SET last = kp_number_counters.last + 1 RETURNING last`,
    );
    return kpNumber(year, row.last);
  }

  async function create(user: AuthUser, body: OfferInput): Promise<Kp> {
    requireOfferEditor(user);
    const items = await priceOfferItems(options.pricing, body.items, true);
    const id = await db.transaction(async (tx) => {
      const { priced, refs, totals } = await prepare(tx, user, body, items, null);
      const at = now();
      const validUntil = endOfMoscowDay(body.validUntil ?? defaultValidUntil(at));
      const [offer] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO commercial_offers (public_id, manager_id, client_id, representative_id, purpose_id, delay_id, title, comment,
            total_price, is_hidden, number, version, valid_until, seller_company_id, vat_rate, vat_included, created_at, updated_at)
          VALUES (${newPublicId()}, ${user.id}, ${body.clientId}, ${body.representativeId}, ${body.purposeId}, ${body.delayId}, ${body.title},
            ${body.comment}, ${totals.total}, ${body.isHidden}, ${await nextNumber(tx, at)}, 1, ${validUntil.toISOString()}::timestamptz,
            ${refs.sellerId}, ${body.vatRate}, ${body.vatIncluded}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)
          RETURNING id`,
      );
      await insertItems(tx, offer.id, priced.items);
      return offer.id;
    });
    return read(user, id);
  }

  async function update(user: AuthUser, id: number, body: OfferInput): Promise<Kp> {
    requireOfferEditor(user);
    if (body.version === undefined) throw new HttpError(400, VERSION_MISSING, [{ field: "version", message: VERSION_MISSING }]);
    const items = await priceOfferItems(options.pricing, body.items, true);
    await db.transaction(async (tx) => {
      const [locked] = await queryRows<{ version: number; validUntil: string | null }>(
        tx,
        sql`SELECT co.version, to_char(co.valid_until AT TIME ZONE 'Europe/Moscow', 'YYYY-MM-DD') AS "validUntil"
            FROM commercial_offers co WHERE co.id = ${id} AND ${offerEditScope(user)} FOR UPDATE`,
      );
      if (!locked) throw notFound(OFFER_NOT_FOUND);
      const { priced, refs, totals } = await prepare(tx, user, body, items, locked);
      if (locked.version !== body.version) {
        const stored = (await readRow(user, id, sql`true`, tx))!;
        const [names] = await queryRows<{ client: string | null; representative: string | null; delay: string | null }>(
          tx,
          sql`SELECT (SELECT title FROM kp_clients WHERE id = ${body.clientId ?? 0}) AS client,
            (SELECT name FROM kp_representatives WHERE id = ${body.representativeId ?? 0}) AS representative,
            (SELECT title FROM commercial_offer_delays WHERE id = ${body.delayId ?? 0}) AS delay`,
        );
        const sent: OfferState = stateOfOffer({
          title: body.title,
          validUntil: body.validUntil ?? locked.validUntil,
          vatRate: body.vatRate,
          vatIncluded: body.vatIncluded,
          totalPrice: totals.total,
          client: names.client === null ? null : { id: 0, title: names.client, inn: null },
          representative: names.representative === null ? null : { id: 0, clientId: 0, name: names.representative, email: null, phone: null },
          delay: names.delay === null ? null : { id: 0, title: names.delay, days: 0, surchargePercent: 0 },
          items: priced.items,
        });
        throw new HttpError(409, STALE_VERSION, [{ field: "version", message: STALE_VERSION }], {
          conflict: { version: locked.version, changes: diffStates(sent, stateOfOffer(stored)) },
        });
      }
      const validUntil = body.validUntil === null ? null : endOfMoscowDay(body.validUntil).toISOString();
      await tx.execute(sql`UPDATE commercial_offers SET client_id = ${body.clientId}, representative_id = ${body.representativeId},
          purpose_id = ${body.purposeId}, delay_id = ${body.delayId}, title = ${body.title}, comment = ${body.comment},
          total_price = ${totals.total}, is_hidden = ${body.isHidden}, seller_company_id = ${refs.sellerId}, vat_rate = ${body.vatRate},
          vat_included = ${body.vatIncluded}, valid_until = COALESCE(${validUntil}::timestamptz, valid_until),
          version = version + 1, updated_at = ${now().toISOString()}::timestamptz
        WHERE id = ${id}`);
      await tx.execute(sql`DELETE FROM commercial_offer_items WHERE offer_id = ${id}`);
      await insertItems(tx, id, priced.items);
    });
    return read(user, id);
  }

  /** A flag write on an offer the caller may change; 404 outside the scope. */
  async function setFlag(user: AuthUser, id: number, set: SQL): Promise<void> {
    requireOfferEditor(user);
    const rows = await queryRows<{ id: number }>(
      db,
      sql`UPDATE commercial_offers co SET ${set}, updated_at = ${now().toISOString()}::timestamptz
          WHERE co.id = ${id} AND ${offerEditScope(user)} RETURNING co.id`,
    );
    if (!rows.length) throw notFound(OFFER_NOT_FOUND);
  }

  async function copy(user: AuthUser, id: number): Promise<Kp> {
    requireOfferEditor(user);
    const newId = await db.transaction(async (tx) => {
      const at = now();
      const [offer] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO commercial_offers (public_id, manager_id, client_id, representative_id, purpose_id, delay_id, title, comment,
            total_price, number, version, valid_until, seller_company_id, vat_rate, vat_included, created_at, updated_at)
          SELECT ${newPublicId()}, ${user.id}, co.client_id, co.representative_id, co.purpose_id, co.delay_id,
            left(co.title || ' (копия)', 255), co.comment, co.total_price, ${await nextNumber(tx, at)}, 1,
            ${endOfMoscowDay(defaultValidUntil(at)).toISOString()}::timestamptz, co.seller_company_id, co.vat_rate, co.vat_included,
            ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
          FROM commercial_offers co WHERE co.id = ${id} AND ${offerEditScope(user)}
          RETURNING id`,
      );
      if (!offer) throw notFound(OFFER_NOT_FOUND);
      await tx.execute(sql`INSERT INTO commercial_offer_items (offer_id, product_id, sku, title, count, price, print_price, coatings, comment, sort,
          list_price, manual_price, discount_percent, variation, image)
        SELECT ${offer.id}, product_id, sku, title, count, price, print_price, coatings, comment, sort, list_price, manual_price,
          discount_percent, variation, image FROM commercial_offer_items WHERE offer_id = ${id} ORDER BY sort, id`);
      return offer.id;
    });
    return read(user, newId);
  }

  async function clientOf(user: AuthUser, clientId: number): Promise<KpClient> {
    const [client] = await queryRows<KpClient>(db, sql`SELECT c.id, c.title, c.inn FROM kp_clients c WHERE c.id = ${clientId} AND ${clientScope(user)}`);
    if (!client) throw notFound(CLIENT_NOT_FOUND);
    return client;
  }

  return {
    async list(user: AuthUser, q: ListQuery): Promise<Paged<KpSummary>> {
      const where = filters(user, q);
      const direction = q.sortOrder === "asc" ? sql`ASC` : sql`DESC`;
      const order = sql`${SORT[q.sortBy]} ${direction}, co.id ${direction}`;
      const [row] = await queryRows<{ total: number; elements: SummaryRow[] }>(
        db,
        sql`SELECT (SELECT count(*)::int FROM commercial_offers co WHERE ${where}) AS total,
          COALESCE((SELECT json_agg(x.s ORDER BY x.n) FROM (
            SELECT ${summaryJson(user, now())} AS s, row_number() OVER (ORDER BY ${order}) AS n
            FROM commercial_offers co WHERE ${where}
            ORDER BY ${order} LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}) x), '[]'::json) AS elements`,
      );
      return {
        pageLimit: q.limit,
        countItems: row.total,
        countPages: Math.ceil(row.total / q.limit),
        elements: row.elements.map(summaryOut),
      };
    },

    read,
    readRow,
    create,
    update,
    copy,

    async remove(user: AuthUser, id: number): Promise<{ success: boolean }> {
      requireOfferEditor(user);
      const rows = await queryRows<{ id: number }>(db, sql`DELETE FROM commercial_offers co WHERE co.id = ${id} AND ${offerEditScope(user)} RETURNING co.id`);
      if (!rows.length) throw notFound(OFFER_NOT_FOUND);
      return { success: true };
    },

    async setActive(user: AuthUser, id: number, active: boolean): Promise<KpSummary> {
      // «Вернуть» brings an offer back to the active list whichever way it was hidden.
      await setFlag(user, id, active ? sql`is_active = true, is_hidden = false, version = co.version + 1` : sql`is_active = false, version = co.version + 1`);
      return summary(user, id);
    },

    async favorite(user: AuthUser, id: number, add: boolean): Promise<{ id: number; isFavorite: boolean }> {
      await setFlag(user, id, sql`is_favorite = ${add}`);
      return { id, isFavorite: add };
    },

    async filterOptions(user: AuthUser, kind: z.output<typeof KpFilterKind>, q: { query?: string; values?: number[]; limit: number }): Promise<KpFilterOption[]> {
      const like = q.query ? contains(q.query) : "%";
      const chosen = intArray(q.values ?? []);
      const base: Record<z.output<typeof KpFilterKind>, SQL> = {
        client: sql`SELECT c.id, c.title, count(co.id)::int AS count FROM kp_clients c JOIN commercial_offers co ON co.client_id = c.id AND ${offerScope(user)} GROUP BY c.id, c.title`,
        representative: sql`SELECT r.id, r.name AS title, count(co.id)::int AS count FROM kp_representatives r JOIN commercial_offers co ON co.representative_id = r.id AND ${offerScope(user)} GROUP BY r.id, r.name`,
        purpose: sql`SELECT p.id, p.title, count(co.id)::int AS count FROM kp_purposes p JOIN commercial_offers co ON co.purpose_id = p.id AND ${offerScope(user)} GROUP BY p.id, p.title`,
        manager: sql`SELECT u.id, COALESCE(u.name, u.email, '') AS title, count(co.id)::int AS count FROM users u JOIN commercial_offers co ON co.manager_id = u.id AND ${offerScope(user)} GROUP BY u.id`,
        delay: sql`SELECT d.id, d.title, count(co.id)::int AS count FROM commercial_offer_delays d JOIN commercial_offers co ON co.delay_id = d.id AND ${offerScope(user)} GROUP BY d.id, d.title`,
        category: sql`SELECT cat.id, cat.title, count(DISTINCT co.id)::int AS count FROM categories cat
          JOIN product_groups g ON g.category_id = cat.id JOIN products p ON p.group_id = g.id
          JOIN commercial_offer_items i ON i.product_id = p.id JOIN commercial_offers co ON co.id = i.offer_id AND ${offerScope(user)}
          GROUP BY cat.id, cat.title`,
      };
      return queryRows<KpFilterOption>(
        db,
        sql`SELECT id, title, count FROM (${base[kind]}) o
            WHERE o.title ILIKE ${like} OR o.id = ANY(${chosen})
            ORDER BY (o.id = ANY(${chosen})) DESC, o.count DESC, o.title, o.id LIMIT ${q.limit + (q.values?.length ?? 0)}`,
      );
    },

    async clients(user: AuthUser): Promise<KpClient[]> {
      requireOfferEditor(user);
      return queryRows<KpClient>(db, sql`SELECT c.id, c.title, c.inn FROM kp_clients c WHERE ${clientScope(user)} ORDER BY c.title, c.id LIMIT 1000`);
    },

    async createClient(user: AuthUser, body: z.output<typeof KpClientInput>): Promise<KpClient> {
      requireOfferEditor(user);
      const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM kp_clients WHERE manager_id = ${user.id}`);
      if (count.n >= 5000) throw new HttpError(400, "Слишком много клиентов", [{ field: "title", message: "Слишком много клиентов" }]);
      const [client] = await queryRows<KpClient>(
        db,
        sql`INSERT INTO kp_clients (manager_id, title, inn) VALUES (${user.id}, ${body.title}, ${body.inn}) RETURNING id, title, inn`,
      );
      return client;
    },

    async representatives(user: AuthUser, clientId: number): Promise<KpRepresentative[]> {
      requireOfferEditor(user);
      await clientOf(user, clientId);
      return queryRows<KpRepresentative>(
        db,
        sql`SELECT id, client_id AS "clientId", name, email, phone FROM kp_representatives WHERE client_id = ${clientId} ORDER BY name, id`,
      );
    },

    async createRepresentative(user: AuthUser, clientId: number, body: z.output<typeof KpRepresentativeInput>): Promise<KpRepresentative> {
      requireOfferEditor(user);
      await clientOf(user, clientId);
      const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM kp_representatives WHERE client_id = ${clientId}`);
      if (count.n >= 200) throw new HttpError(400, "У клиента слишком много представителей", [{ field: "name", message: "У клиента слишком много представителей" }]);
      const [rep] = await queryRows<KpRepresentative>(
        db,
        sql`INSERT INTO kp_representatives (client_id, name, email, phone)
            VALUES (${clientId}, ${body.name}, ${body.email?.toLowerCase() ?? null}, ${body.phone === null ? null : normalizePhone(body.phone)})
            RETURNING id, client_id AS "clientId", name, email, phone`,
      );
      return rep;
    },

    async purposes(user: AuthUser, clientId: number): Promise<KpPurpose[]> {
      requireOfferEditor(user);
      await clientOf(user, clientId);
      return queryRows<KpPurpose>(
        db,
        sql`SELECT id, client_id AS "clientId", title FROM kp_purposes WHERE client_id = ${clientId} OR client_id IS NULL
            ORDER BY client_id NULLS LAST, title, id`,
      );
    },

    async createPurpose(user: AuthUser, clientId: number, body: z.output<typeof KpPurposeInput>): Promise<KpPurpose> {
      requireOfferEditor(user);
      await clientOf(user, clientId);
      const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM kp_purposes WHERE client_id = ${clientId}`);
      if (count.n >= 200) throw new HttpError(400, "У клиента слишком много целей", [{ field: "title", message: "У клиента слишком много целей" }]);
      const [purpose] = await queryRows<KpPurpose>(
        db,
        sql`INSERT INTO kp_purposes (client_id, title) VALUES (${clientId}, ${body.title}) RETURNING id, client_id AS "clientId", title`,
      );
      return purpose;
    },

    async categories(user: AuthUser): Promise<KpCategory[]> {
      requireOfferEditor(user);
      return queryRows<KpCategory>(db, sql`SELECT id, title, slug, parent_id AS "parentId" FROM categories ORDER BY depth, sort, id`);
    },

    /** §9: "Без отсрочки" first (sort 0, days 0). Any logged-in caller: the list names no one. */
    async delays(): Promise<DelayOption[]> {
      return queryRows<DelayOption>(
        db,
        sql`SELECT id, title, days, surcharge_percent::float8 AS "surchargePercent" FROM commercial_offer_delays ORDER BY days = 0 DESC, sort, id`,
      );
    },

    async calculate(user: AuthUser, body: CalculateInput): Promise<KpCalculation> {
      requireOfferEditor(user);
      const priced = await priceOfferItems(options.pricing, body.items, false);
      let surchargePercent = 0;
      if (body.delayId) {
        const [delay] = await queryRows<{ p: number }>(db, sql`SELECT surcharge_percent::float8 AS p FROM commercial_offer_delays WHERE id = ${body.delayId}`);
        if (!delay) throw new HttpError(400, SAVE_REFUSED, [{ field: "delayId", message: "Такой отсрочки нет" }]);
        surchargePercent = delay.p;
      }
      // An unfinished print line is priced 0 with its problems (as the cart): the live total never fails.
      const totals = totalsOf(priced.items, { surchargePercent, vatRate: body.vatRate, vatIncluded: body.vatIncluded });
      return {
        items: priced.items,
        itemsPrice: totals.goods,
        printPrice: totals.print,
        totalPrice: totals.total,
        totals,
        unavailableProducts: priced.unavailableProducts,
      };
    },

    async product(user: AuthUser, groupId: number, sku: string | undefined): Promise<KpProductLookup> {
      requireOfferEditor(user);
      const detail = await options.listing.detail(groupId);
      const { breadcrumbs: _breadcrumbs, ...group } = detail as typeof detail & { breadcrumbs?: unknown };
      const wanted = sku?.toLowerCase();
      const product = wanted === undefined ? null : (group.products.find((p) => p.sku.toLowerCase() === wanted) ?? null);
      return { group: group as ProductGroup, product };
    },

    /** The shop's search (word forms, typos, wrong layout: ADR 028/044) over groups, then their variations; an exact SKU first. */
    async searchProduct(user: AuthUser, q: { text: string; limit: number; categoryId?: number }): Promise<Product[]> {
      requireOfferEditor(user);
      const match = await options.search.match(q.text);
      const category = q.categoryId
        ? sql`AND EXISTS (SELECT 1 FROM categories gc JOIN categories f ON f.id = ${q.categoryId} WHERE gc.id = g.category_id AND gc.path LIKE f.path || '%')`
        : sql``;
      const [row] = await queryRows<{ products: Product[] }>(
        db,
        sql`SELECT COALESCE((SELECT json_agg(x.p ORDER BY x.exact DESC, x.ord, x.sort, x.id) FROM (
            SELECT ${PRODUCT_JSON} AS p, (lower(p.sku) = lower(${q.text})) AS exact, m.ord, p.sort, p.id
            FROM (SELECT g.id, row_number() OVER (ORDER BY ${match.order}) AS ord FROM product_groups g
                  WHERE g.is_active AND (${match.where} OR EXISTS (SELECT 1 FROM products sp WHERE sp.group_id = g.id AND lower(sp.sku) = lower(${q.text}))) ${category}
                  ORDER BY ${match.order} LIMIT ${q.limit}) m
            JOIN products p ON p.group_id = m.id
            LEFT JOIN colors col ON col.id = p.color_id
            ORDER BY (lower(p.sku) = lower(${q.text})) DESC, m.ord, p.sort, p.id LIMIT ${q.limit}) x), '[]'::json) AS products`,
      );
      return row.products;
    },
  };
}

export type KpService = ReturnType<typeof createKpService>;
