/**
 * Legal companies (§3 legal data, §6, §7 profile/legal/*, ADR 035).
 *
 * - legal/my: the caller's own companies (any role).
 * - legal/our: the shop's own companies (`is_own`), for staff roles only (§6); ROLE_USER gets 403.
 * - legal/create: a company of the caller (at most MAX_LEGAL_COMPANIES).
 * - legal/update/{id}, legal/delete/{id}: the caller's own company; another user's id reads as
 *   one that does not exist (404, nothing changed). The shop's own companies are edited by
 *   ROLE_ADMIN only: other staff see them (legal/our) and get 403, a customer gets 404.
 * Requisites are checked by the contract (LegalCompanyForm: checksums per field). An update
 * without an image keeps the current logo; a new one replaces it (the old file is deleted).
 */
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { MAX_LEGAL_COMPANIES, type LegalCompany, type LegalCompanyForm } from "../../contract/index";
import { queryRows, type Db } from "../db/client";
import { HttpError, notFound } from "../http/errors";
import { FORBIDDEN_MESSAGE, hasRole, isStaff, type AuthUser } from "../auth/session";
import { deleteLogo, processLogo, storeLogo } from "./logo";
import { lockUser } from "../auth/user-lock";

type Form = z.output<typeof LegalCompanyForm>;

export const COMPANY_NOT_FOUND = "Компания не найдена";
export const TOO_MANY_COMPANIES = `Можно сохранить не больше ${MAX_LEGAL_COMPANIES} компаний`;

const ROW = sql`id, image, is_own AS "isOwn", short_title AS "shortTitle", inn, ogrn, kpp, bik, bank_title AS "bankTitle",
  checking_account AS "checkingAccount", correspondent_account AS "correspondentAccount",
  signer_full_name AS "signerFullName", signer_position AS "signerPosition", address`;

const orNull = (value: string | undefined) => (value === undefined || value === "" ? null : value);

/** The stored columns of a form (the logo apart). */
function columns(form: Form) {
  return {
    shortTitle: form.shortTitle,
    inn: form.inn,
    ogrn: orNull(form.ogrn),
    kpp: orNull(form.kpp),
    bik: orNull(form.bik),
    bankTitle: orNull(form.bankTitle),
    checkingAccount: orNull(form.checkingAccount),
    correspondentAccount: orNull(form.correspondentAccount),
    signerFullName: orNull(form.signerFullName),
    signerPosition: orNull(form.signerPosition),
    address: orNull(form.address),
  };
}

/** A chosen file (a form sent with no file carries an empty one: no new logo). */
const chosen = (image: File | "" | undefined): image is File => image instanceof File && image.size > 0;

export function createCompanyService(db: Db) {
  /** The company the caller may change, locked; 404 / 403 by the rules above. */
  async function editable(tx: Pick<Db, "execute">, user: AuthUser, id: number) {
    const [row] = await queryRows<{ id: number; userId: number | null; isOwn: boolean; image: string | null }>(
      tx,
      sql`SELECT id, user_id AS "userId", is_own AS "isOwn", image FROM legal_companies WHERE id = ${id} FOR UPDATE`,
    );
    if (!row) throw notFound(COMPANY_NOT_FOUND);
    if (row.isOwn) {
      if (hasRole(user, "ROLE_ADMIN")) return row;
      // Staff see the shop's companies (legal/our) but may not change them; a customer does not see them at all.
      if (isStaff(user)) throw new HttpError(403, FORBIDDEN_MESSAGE);
      throw notFound(COMPANY_NOT_FOUND);
    }
    if (row.userId !== user.id) throw notFound(COMPANY_NOT_FOUND);
    return row;
  }

  async function read(executor: Pick<Db, "execute">, id: number): Promise<LegalCompany> {
    const [row] = await queryRows<LegalCompany>(executor, sql`SELECT ${ROW} FROM legal_companies WHERE id = ${id}`);
    return row;
  }

  return {
    my: (userId: number) =>
      queryRows<LegalCompany>(db, sql`SELECT ${ROW} FROM legal_companies WHERE user_id = ${userId} AND NOT is_own ORDER BY id`),

    async our(user: AuthUser): Promise<LegalCompany[]> {
      if (!isStaff(user)) throw new HttpError(403, FORBIDDEN_MESSAGE);
      return queryRows<LegalCompany>(db, sql`SELECT ${ROW} FROM legal_companies WHERE is_own ORDER BY id`);
    },

    async create(user: AuthUser, form: Form): Promise<LegalCompany> {
      // The picture is checked before the transaction: no lock is held while sharp works.
      const logo = chosen(form.image) ? await processLogo(form.image) : null;
      return db.transaction(async (tx) => {
        await lockUser(tx, user.id);
        const [{ n }] = await queryRows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM legal_companies WHERE user_id = ${user.id} AND NOT is_own`,
        );
        if (n >= MAX_LEGAL_COMPANIES) throw new HttpError(400, TOO_MANY_COMPANIES);
        const image = logo ? await storeLogo(tx, logo, user.id) : null;
        const c = columns(form);
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`INSERT INTO legal_companies (user_id, is_own, image, short_title, inn, ogrn, kpp, bik, bank_title, checking_account,
                correspondent_account, signer_full_name, signer_position, address)
              VALUES (${user.id}, false, ${image}, ${c.shortTitle}, ${c.inn}, ${c.ogrn}, ${c.kpp}, ${c.bik}, ${c.bankTitle},
                ${c.checkingAccount}, ${c.correspondentAccount}, ${c.signerFullName}, ${c.signerPosition}, ${c.address})
              RETURNING id`,
        );
        return read(tx, row.id);
      });
    },

    async update(user: AuthUser, id: number, form: Form): Promise<LegalCompany> {
      // Ownership first (a cheap read), so another's id never costs a picture decode.
      await editable(db, user, id);
      const logo = chosen(form.image) ? await processLogo(form.image) : null;
      return db.transaction(async (tx) => {
        const current = await editable(tx, user, id);
        let image = current.image;
        if (logo) {
          image = await storeLogo(tx, logo, user.id);
          await deleteLogo(tx, current.image);
        }
        const c = columns(form);
        await tx.execute(sql`UPDATE legal_companies SET image = ${image}, short_title = ${c.shortTitle}, inn = ${c.inn},
            ogrn = ${c.ogrn}, kpp = ${c.kpp}, bik = ${c.bik}, bank_title = ${c.bankTitle}, checking_account = ${c.checkingAccount},
            correspondent_account = ${c.correspondentAccount}, signer_full_name = ${c.signerFullName},
            signer_position = ${c.signerPosition}, address = ${c.address}
          WHERE id = ${id}`);
        return read(tx, id);
      });
    },

    async remove(user: AuthUser, id: number): Promise<{ success: boolean }> {
      return db.transaction(async (tx) => {
        const current = await editable(tx, user, id);
        // Orders that named it keep their lines and prices; their legal_company_id becomes null (ON DELETE SET NULL).
        await tx.execute(sql`DELETE FROM legal_companies WHERE id = ${id}`);
        await deleteLogo(tx, current.image);
        return { success: true };
      });
    },
  };
}

export type CompanyService = ReturnType<typeof createCompanyService>;
