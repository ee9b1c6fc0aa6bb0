/**
 * Sent versions of an offer and the data of its document (ADR 051).
 *
 * A version (v1, v2…) is a frozen copy of everything the PDF, the Excel file and the public page
 * show (`KpDocumentData`). `freezeVersion` makes one from the offer as stored, unless nothing
 * changed since the latest (same content hash): then the latest is the answer. Versions never
 * change afterwards, except for the client's acceptance.
 *
 * `offerDocument(db, user, offerId)` is what the export renders: the latest version, frozen now if
 * the offer changed since (staff), or the latest sent one as it is (a customer, who reads only).
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Kp, KpDocument, KpVersion, KpVersionDiff } from "../../contract/index";
import { describePrintLine, moscowDate } from "../../contract/kp-pricing";
import { queryRows, type Db } from "../db/client";
import { HttpError, notFound } from "../http/errors";
import type { AuthUser } from "../auth/session";
import { editsOffers, offerEditScope, offerScope } from "./scope";
import { OFFER_NOT_FOUND, readOffer } from "./service";
import { diffStates, type OfferState } from "./diff";
// A database seeded before the setting existed prints the seed's text (settings.kpConditions overrides it).
import { KP_CONDITIONS } from "../db/seed/content-data";

/** The document of one sent version (contract KpDocument; the renderer's input, see contract/kp-document.ts). */
export type KpDocumentData = KpDocument;

export const VERSION_NOT_FOUND = "Такой версии нет";
export const OFFER_EMPTY = "Добавьте в предложение хотя бы один товар: пустое не отправить и не выгрузить";

/** The manager as the document names them: a manager without a name is named by their e-mail. */
export const managerName = sql`COALESCE(NULLIF(btrim(u.name), ''), u.email, 'Менеджер')`;

interface Party {
  seller: KpDocument["seller"];
  manager: KpDocument["manager"];
  client: { title: string; inn: string | null } | null;
  conditions: string;
}

async function partiesOf(tx: Pick<Db, "execute">, offerId: number): Promise<Party> {
  const [row] = await queryRows<Party>(
    tx,
    sql`SELECT
      (SELECT json_build_object('name', l.short_title, 'inn', l.inn, 'kpp', l.kpp, 'ogrn', l.ogrn, 'address', l.address,
          'bankTitle', l.bank_title, 'bik', l.bik, 'checkingAccount', l.checking_account, 'correspondentAccount', l.correspondent_account,
          'logo', l.image)
        FROM legal_companies l WHERE l.id = co.seller_company_id) AS seller,
      (SELECT json_build_object('name', ${managerName}, 'phone', u.phone, 'email', u.email) FROM users u WHERE u.id = co.manager_id) AS manager,
      (SELECT json_build_object('title', c.title, 'inn', c.inn) FROM kp_clients c WHERE c.id = co.client_id) AS client,
      COALESCE((SELECT value FROM settings WHERE key = 'kpConditions'), ${KP_CONDITIONS}) AS conditions
    FROM commercial_offers co WHERE co.id = ${offerId}`,
  );
  return row;
}

/** The document of an offer as stored now (version and date filled in by the caller). */
export function documentOf(offer: Kp, party: Party, version: number, at: Date): KpDocument {
  return {
    number: offer.number ?? String(offer.id),
    version,
    title: offer.title,
    createdAt: at.toISOString(),
    validUntil: offer.validUntil ?? moscowDate(at),
    seller: party.seller,
    client: party.client,
    representative: offer.representative ? { name: offer.representative.name, email: offer.representative.email, phone: offer.representative.phone } : null,
    manager: party.manager,
    lines: offer.items.map((item, i) => ({
      position: i + 1,
      image: item.image,
      sku: item.sku,
      title: item.title,
      variation: item.variation,
      count: item.count,
      unitPrice: item.price,
      printLines: item.coatings
        .filter((c) => !c.problems?.length)
        .map((c) => ({ description: describePrintLine({ ...c, variantTitle: c.variantTitle }), price: c.price })),
      printPrice: item.printPrice,
      total: item.totalPrice,
    })),
    totals: offer.totals!,
    delay: offer.delay ? { title: offer.delay.title, days: offer.delay.days } : null,
    conditions: party.conditions,
  };
}

/** The hash of what a version shows, without its number and date: equal = nothing to freeze. */
function contentHash(document: KpDocument): string {
  const { version: _v, createdAt: _c, ...content } = document;
  return createHash("sha256").update(JSON.stringify(content)).digest("base64url");
}

export const stateOfDocument = (d: KpDocument): OfferState => ({
  fields: {
    title: d.title,
    client: d.client?.title ?? null,
    representative: d.representative?.name ?? null,
    delay: d.delay?.title ?? null,
    validUntil: d.validUntil.slice(0, 10),
    vat: d.totals.vatRate === null ? "без НДС" : `${d.totals.vatRate} % ${d.totals.vatMode === "included" ? "в т.ч." : "сверху"}`,
    total: d.totals.total,
  },
  lines: d.lines.map((l) => ({ key: l.sku, title: l.title, count: l.count, unitPrice: l.unitPrice, printPrice: l.printPrice })),
});

export interface FrozenVersion {
  number: number;
  document: KpDocument;
  createdAt: string;
  acceptedAt: string | null;
  acceptedName: string | null;
  /** False when the latest version was reused. */
  created: boolean;
}

/**
 * Freezes the offer as stored into a new version, or answers the latest when nothing changed.
 * The offer's row is locked meanwhile, so two sends never both make "v3".
 */
export async function freezeVersion(db: Db, user: AuthUser, offerId: number, at: Date = new Date()): Promise<FrozenVersion> {
  return db.transaction(async (tx) => {
    const [locked] = await queryRows<{ id: number }>(tx, sql`SELECT co.id FROM commercial_offers co WHERE co.id = ${offerId} AND ${offerEditScope(user)} FOR UPDATE`);
    if (!locked) throw notFound(OFFER_NOT_FOUND);
    const offer = (await readOffer(tx, user, offerId, at, sql`true`))!;
    // The document states at least one line (contract/kp-document.ts): an empty offer is not sent or exported.
    if (offer.items.length === 0) throw new HttpError(409, OFFER_EMPTY);
    const party = await partiesOf(tx, offerId);
    const [latest] = await queryRows<{ number: number; document: KpDocument; hash: string; createdAt: string; acceptedAt: string | null; acceptedName: string | null }>(
      tx,
      sql`SELECT number, document, content_hash AS hash, created_at AS "createdAt", accepted_at AS "acceptedAt", accepted_name AS "acceptedName"
          FROM commercial_offer_versions WHERE offer_id = ${offerId} ORDER BY number DESC LIMIT 1`,
    );
    const number = (latest?.number ?? 0) + 1;
    const document = documentOf(offer, party, number, at);
    const hash = contentHash(document);
    if (latest && latest.hash === hash) {
      return { number: latest.number, document: latest.document, createdAt: new Date(latest.createdAt).toISOString(), acceptedAt: latest.acceptedAt && new Date(latest.acceptedAt).toISOString(), acceptedName: latest.acceptedName, created: false };
    }
    await tx.execute(sql`INSERT INTO commercial_offer_versions (offer_id, number, document, content_hash, created_by, created_at)
      VALUES (${offerId}, ${number}, ${JSON.stringify(document)}::jsonb, ${hash}, ${user.id}, ${at.toISOString()}::timestamptz)`);
    return { number, document, createdAt: at.toISOString(), acceptedAt: null, acceptedName: null, created: true };
  });
}

/**
 * What the export renders (ADR 051): the latest sent version — frozen now when the offer changed
 * since (staff), or the latest as it is (a customer reads only). 404 outside the caller's scope.
 */
export async function offerDocument(db: Db, user: AuthUser, offerId: number, at: Date = new Date()): Promise<KpDocumentData> {
  if (editsOffers(user)) return (await freezeVersion(db, user, offerId, at)).document;
  const [row] = await queryRows<{ document: KpDocument }>(
    db,
    sql`SELECT v.document FROM commercial_offers co JOIN commercial_offer_versions v ON v.offer_id = co.id
        WHERE co.id = ${offerId} AND ${offerScope(user)} ORDER BY v.number DESC LIMIT 1`,
  );
  if (!row) throw notFound(OFFER_NOT_FOUND);
  return row.document;
}

export async function listVersions(db: Db, user: AuthUser, offerId: number): Promise<KpVersion[]> {
  const rows = await queryRows<{ visible: boolean; versions: KpVersion[] | null }>(
    db,
    sql`SELECT true AS visible, (SELECT json_agg(json_build_object('number', v.number, 'createdAt', v.created_at,
          'total', (v.document->'totals'->>'total')::float8, 'linesCount', json_array_length((v.document->'lines')::json),
          'acceptedAt', v.accepted_at, 'acceptedName', v.accepted_name) ORDER BY v.number DESC)
        FROM commercial_offer_versions v WHERE v.offer_id = co.id) AS versions
      FROM commercial_offers co WHERE co.id = ${offerId} AND ${offerScope(user)}`,
  );
  if (!rows.length) throw notFound(OFFER_NOT_FOUND);
  return (rows[0].versions ?? []).map((v) => ({
    ...v,
    createdAt: new Date(v.createdAt).toISOString(),
    acceptedAt: v.acceptedAt && new Date(v.acceptedAt).toISOString(),
  }));
}

export async function diffVersions(db: Db, user: AuthUser, offerId: number, from: number, to: number): Promise<KpVersionDiff> {
  const rows = await queryRows<{ number: number; document: KpDocument }>(
    db,
    sql`SELECT v.number, v.document FROM commercial_offers co JOIN commercial_offer_versions v ON v.offer_id = co.id
        WHERE co.id = ${offerId} AND ${offerScope(user)} AND v.number IN (${from}, ${to})`,
  );
  const a = rows.find((r) => r.number === from);
  const b = rows.find((r) => r.number === to);
  if (!a || !b) {
    const [visible] = await queryRows<{ id: number }>(db, sql`SELECT co.id FROM commercial_offers co WHERE co.id = ${offerId} AND ${offerScope(user)}`);
    if (!visible) throw notFound(OFFER_NOT_FOUND);
    throw new HttpError(404, VERSION_NOT_FOUND, [{ field: !a ? "from" : "to", message: VERSION_NOT_FOUND }]);
  }
  return { from, to, changes: diffStates(stateOfDocument(a.document), stateOfDocument(b.document)) };
}
