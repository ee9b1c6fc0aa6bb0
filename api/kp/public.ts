/**
 * The client's side of an offer (ADR 051): the public page by its opaque id, acceptance, and the
 * manager's "Отправить клиенту" (a version frozen, the link mailed to the representative).
 *
 * The public page shows the latest sent version only: the document data, never the manager's note,
 * list prices or other offers. A deactivated or expired offer is "closed": «Предложение больше не
 * действует» and the manager's contacts. Each answer records the first and last opening.
 */
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { KpAcceptRequest, KpDocument, KpPublic, KpSendResult } from "../../contract/index";
import { normalizePhone } from "../../contract/index";
import { formatPhone } from "../../contract/phone";
import { isExpired } from "../../contract/kp-pricing";
import { queryRows, type Db } from "../db/client";
import { HttpError, notFound } from "../http/errors";
import type { Mailer } from "../mail/mailer";
import type { AuthUser } from "../auth/session";
import { OFFER_NOT_FOUND } from "./service";
import { freezeVersion, managerName } from "./document-data";
import { requireOfferEditor } from "./scope";

/** "123 456,50 ₽" for letters. */
const formatPrice = (n: number) => `${n.toLocaleString("ru-RU", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ₽`;

export const OFFER_CLOSED = "Предложение больше не действует";
export const OFFER_UPDATED = "Предложение обновилось — посмотрите новую версию";
export const OFFER_ALREADY_ACCEPTED = "Предложение уже принято";

interface PublicRow {
  id: number;
  number: string | null;
  title: string;
  isActive: boolean;
  validUntil: string | null;
  acceptedVersion: number | null;
  manager: KpPublic["manager"];
  managerEmail: string | null;
  version: { number: number; document: KpDocument; acceptedAt: string | null; acceptedName: string | null } | null;
}

async function publicRow(db: Pick<Db, "execute">, publicId: string, lock = false): Promise<PublicRow | null> {
  const [row] = await queryRows<PublicRow>(
    db,
    sql`SELECT co.id, co.number, co.title, co.is_active AS "isActive", co.valid_until AS "validUntil", co.accepted_version AS "acceptedVersion",
        (SELECT json_build_object('name', ${managerName}, 'phone', u.phone, 'email', u.email) FROM users u WHERE u.id = co.manager_id) AS manager,
        (SELECT u.email FROM users u WHERE u.id = co.manager_id) AS "managerEmail",
        (SELECT json_build_object('number', v.number, 'document', v.document, 'acceptedAt', v.accepted_at, 'acceptedName', v.accepted_name)
          FROM commercial_offer_versions v WHERE v.offer_id = co.id ORDER BY v.number DESC LIMIT 1) AS version
      FROM commercial_offers co WHERE co.public_id = ${publicId} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row ?? null;
}

function publicView(publicId: string, row: PublicRow & { version: NonNullable<PublicRow["version"]> }, now: Date): KpPublic {
  const closed = !row.isActive || (row.validUntil !== null && isExpired(row.validUntil, now));
  const accepted = row.version.acceptedAt !== null;
  return {
    publicId,
    status: closed ? "closed" : accepted ? "accepted" : "open",
    message: closed ? OFFER_CLOSED : null,
    number: row.number ?? String(row.id),
    title: row.title,
    manager: row.manager,
    document: closed ? null : row.version.document,
    acceptedAt: row.version.acceptedAt && new Date(row.version.acceptedAt).toISOString(),
    acceptedVersion: row.acceptedVersion,
    acceptedName: accepted ? row.version.acceptedName : null,
  };
}

export const NO_REPRESENTATIVE_EMAIL = "У представителя клиента нет e-mail: письмо не отправлено. Версия зафиксирована — передайте клиенту ссылку сами или добавьте e-mail в редакторе.";
export const MAIL_FAILED = "Письмо не удалось отправить. Версия зафиксирована — попробуйте ещё раз или передайте клиенту ссылку сами.";

/** Draws the offer's PDF for the letter; null when it can't now (the letter goes with the link only). */
export type KpLetterPdf = (document: KpDocument) => Promise<{ filename: string; content: Uint8Array } | null>;

export function createKpPublic(db: Db, mailer: Mailer | undefined, now: () => Date = () => new Date(), letterPdf?: KpLetterPdf) {
  return {
    /** GET /kp/public/{id}: never sent or unknown = 404; records the opening. */
    async view(publicId: string): Promise<KpPublic> {
      const row = await publicRow(db, publicId);
      if (!row || !row.version) throw notFound(OFFER_NOT_FOUND);
      const at = now().toISOString();
      await db.execute(sql`UPDATE commercial_offers SET public_first_opened_at = COALESCE(public_first_opened_at, ${at}::timestamptz),
          public_last_opened_at = ${at}::timestamptz, public_open_count = public_open_count + 1 WHERE id = ${row.id}`);
      return publicView(publicId, { ...row, version: row.version }, now());
    },

    /**
     * GET /kp/public/{id}/pdf: the latest sent version's document, while the offer is open (the
     * page's «Скачать PDF»). Closed, never sent or unknown: 404, as the page shows no document then.
     * Not an opening: the page that links to it has counted one.
     */
    async document(publicId: string): Promise<KpDocument> {
      const row = await publicRow(db, publicId);
      if (!row || !row.version) throw notFound(OFFER_NOT_FOUND);
      const view = publicView(publicId, { ...row, version: row.version }, now());
      if (view.status === "closed" || !view.document) throw notFound(OFFER_NOT_FOUND);
      return view.document;
    },

    /** POST /kp/public/{id}/accept: the latest version, while the offer is open. */
    async accept(publicId: string, body: z.output<typeof KpAcceptRequest>): Promise<KpPublic> {
      const result = await db.transaction(async (tx) => {
        const row = await publicRow(tx, publicId, true);
        if (!row || !row.version) throw notFound(OFFER_NOT_FOUND);
        const view = publicView(publicId, { ...row, version: row.version }, now());
        if (view.status === "closed") throw new HttpError(409, OFFER_CLOSED);
        if (body.version !== row.version.number) throw new HttpError(409, OFFER_UPDATED, [{ field: "version", message: OFFER_UPDATED }]);
        if (view.status === "accepted") throw new HttpError(409, OFFER_ALREADY_ACCEPTED);
        const at = now().toISOString();
        const phone = body.phone === null ? null : normalizePhone(body.phone);
        await tx.execute(sql`UPDATE commercial_offer_versions SET accepted_at = ${at}::timestamptz, accepted_name = ${body.name},
            accepted_email = ${body.email?.toLowerCase() ?? null}, accepted_phone = ${phone}
          WHERE offer_id = ${row.id} AND number = ${row.version.number}`);
        await tx.execute(sql`UPDATE commercial_offers SET accepted_version = ${row.version.number} WHERE id = ${row.id}`);
        return { row, view: { ...view, status: "accepted" as const, acceptedAt: at, acceptedVersion: row.version.number, acceptedName: body.name }, phone };
      });
      const { row, phone } = result;
      if (mailer && row.managerEmail) {
        const contact = [body.email, phone && formatPhone(phone)].filter(Boolean).join(", ");
        const number = row.number ?? String(row.id);
        await mailer.send({
          to: row.managerEmail,
          subject: `КП № ${number} принято клиентом`,
          text: [
            `Клиент принял коммерческое предложение № ${number} (версия v${row.version!.number}) «${row.title}».`,
            `Итого: ${formatPrice(row.version!.document.totals.total)}.`,
            `Принял: ${body.name}, ${contact}.`,
          ].join("\n"),
          personal: [body.name, contact],
        });
      }
      return result.view;
    },

    /** POST /kp/send/{id}: a version frozen (or the latest reused) and the link mailed to the representative. */
    async send(user: AuthUser, offerId: number, origin: string): Promise<KpSendResult> {
      requireOfferEditor(user);
      const version = await freezeVersion(db, user, offerId, now());
      const [row] = await queryRows<{ publicId: string; email: string | null; name: string | null; managerEmail: string | null }>(
        db,
        sql`SELECT co.public_id AS "publicId", r.email, r.name, (SELECT u.email FROM users u WHERE u.id = co.manager_id) AS "managerEmail"
            FROM commercial_offers co LEFT JOIN kp_representatives r ON r.id = co.representative_id WHERE co.id = ${offerId}`,
      );
      let mailed = false;
      let attached = false;
      if (mailer && row.email) {
        const d = version.document;
        const pdf = letterPdf ? await letterPdf(d).catch(() => null) : null;
        attached = pdf !== null;
        const link = `${origin}/kp/${row.publicId}`;
        mailed = await mailer.send({
          to: row.email,
          subject: `Коммерческое предложение № ${d.number}`,
          text: [
            row.name ? `Здравствуйте, ${row.name}!` : "Здравствуйте!",
            "",
            `Направляем коммерческое предложение № ${d.number} (версия v${d.version}) «${d.title}» на сумму ${formatPrice(d.totals.total)}.`,
            `Предложение действительно до ${new Date(d.validUntil).toLocaleDateString("ru-RU", { timeZone: "Europe/Moscow" })} включительно.`,
            `Посмотреть и принять его можно по ссылке: ${link}`,
            ...(pdf ? ["Предложение в PDF — во вложении."] : []),
            "",
            `Ваш менеджер: ${d.manager.name}${d.manager.phone ? `, ${formatPhone(d.manager.phone)}` : ""}${d.manager.email ? `, ${d.manager.email}` : ""}`,
          ].join("\n"),
          replyTo: row.managerEmail ?? undefined,
          personal: [row.email, row.name ?? ""].filter(Boolean),
          ...(pdf ? { attachments: [{ filename: pdf.filename, contentType: "application/pdf", content: pdf.content }] } : {}),
        });
        if (!mailed) attached = false;
      }
      return {
        version: { number: version.number, createdAt: version.createdAt, total: version.document.totals.total, linesCount: version.document.lines.length, acceptedAt: version.acceptedAt, acceptedName: version.acceptedName },
        publicId: row.publicId,
        mailed,
        attached,
        message: mailed ? null : row.email ? MAIL_FAILED : NO_REPRESENTATIVE_EMAIL,
      };
    },
  };
}
