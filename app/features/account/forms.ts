/**
 * The account pages' form rules (/profile, /profile/companies) shared by the page and its action:
 * limits, the §6 verified status, the address list's changes. The forms themselves are read by
 * their schemas (profile-schemas.server.ts, the contract's LegalCompanyForm: ADR 046). Pure.
 */
import type { z } from "zod";
import { MAX_SHIPMENT_ADDRESSES, type ShipmentAddressInput, type ShipmentAddress } from "#contract/profile.ts";

export type FieldErrors = Record<string, string>;
// ───────────────────────────── Profile ─────────────────────────────

/**
 * §6: verified = phone verified and account activated; otherwise what is missing, as the end of
 * "Чтобы аккаунт стал подтверждённым, …". The account is activated by the link in the letter to
 * its e-mail (sent at sign-up and by the profile's e-mail form): an account made by phone has no
 * such letter until it gives an e-mail.
 */
export function missingForVerified(user: { phone: string | null; phoneVerified: boolean; email: string | null; emailVerified: boolean; activated: boolean }): string[] {
  const missing: string[] = [];
  if (!user.phoneVerified) missing.push(user.phone ? "подтвердите телефон кодом из SMS" : "укажите и подтвердите телефон");
  if (!user.activated) {
    missing.push(
      user.email && !user.emailVerified
        ? `активируйте аккаунт по ссылке из письма, отправленного на ${user.email}`
        : "укажите e-mail ниже и активируйте аккаунт по ссылке из письма, которое мы на него пришлём",
    );
  }
  return missing;
}

export const NAME_MAX = 255;
export const BIRTHDATE_MIN = "1900-01-01";

/** §3: birthdate YYYY-MM-DD → "dd-mm-yyyy"; "" for nothing or junk. */
export function formatBirthdate(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? "");
  return m ? `${m[3]}-${m[2]}-${m[1]}` : "";
}

/** Whether "YYYY-MM-DD" names a day of the calendar (not 2026-02-30): app/lib/dates.ts, shared with the offers' filters. */
export { isCalendarDate } from "#app/lib/dates.ts";

export const PASSWORD_MIN = 8;

// ───────────────────────────── Delivery addresses ─────────────────────────────

export const ADDRESS_FIELDS = ["city", "street", "house", "flat", "postcode", "comment"] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressValues = Record<AddressField, string> & { isDefault: boolean };

export const EMPTY_ADDRESS: AddressValues = { city: "", street: "", house: "", flat: "", postcode: "", comment: "", isDefault: false };

/** A stored address as the update call's input (the whole list is sent back, §7 update). */
export function addressInput(a: ShipmentAddress): z.input<typeof ShipmentAddressInput> {
  return { id: a.id, city: a.city, street: a.street, house: a.house, flat: a.flat, postcode: a.postcode, comment: a.comment, isDefault: a.isDefault };
}

export type AddressChange =
  | { kind: "save"; id: number | null; address: z.input<typeof ShipmentAddressInput> }
  | { kind: "delete"; id: number }
  | { kind: "default"; id: number };

export const ADDRESS_NOT_FOUND = "Этот адрес уже удалён. Обновите страницу.";
export const ADDRESS_LIMIT = `Можно сохранить не больше ${MAX_SHIPMENT_ADDRESSES} адресов`;

/**
 * The new whole list after one change (the API replaces the list, §7). An id that is not on the
 * user's own list is refused here (another user's id changes nothing). One default at most: making
 * one default clears the others; the first address saved becomes the default.
 */
export function applyAddressChange(list: ShipmentAddress[], change: AddressChange): { ok: true; list: z.input<typeof ShipmentAddressInput>[] } | { ok: false; message: string } {
  const current = list.map(addressInput);
  const known = (id: number) => current.some((a) => a.id === id);
  const onlyDefault = (id: number | undefined, rows: z.input<typeof ShipmentAddressInput>[]) => rows.map((a) => ({ ...a, isDefault: a.id === id }));
  switch (change.kind) {
    case "delete": {
      if (!known(change.id)) return { ok: false, message: ADDRESS_NOT_FOUND };
      const rest = current.filter((a) => a.id !== change.id);
      // The default went away: the next one takes its place, so ordering still has a default.
      if (rest.length && !rest.some((a) => a.isDefault)) rest[0] = { ...rest[0], isDefault: true };
      return { ok: true, list: rest };
    }
    case "default":
      if (!known(change.id)) return { ok: false, message: ADDRESS_NOT_FOUND };
      return { ok: true, list: onlyDefault(change.id, current) };
    case "save": {
      if (change.id !== null) {
        if (!known(change.id)) return { ok: false, message: ADDRESS_NOT_FOUND };
        const edited = current.map((a) => (a.id === change.id ? { ...change.address, id: change.id, isDefault: change.address.isDefault || a.isDefault } : a));
        return { ok: true, list: change.address.isDefault ? onlyDefault(change.id, edited) : edited };
      }
      if (current.length >= MAX_SHIPMENT_ADDRESSES) return { ok: false, message: ADDRESS_LIMIT };
      const isDefault = Boolean(change.address.isDefault) || current.length === 0;
      const rows = isDefault ? current.map((a) => ({ ...a, isDefault: false })) : current;
      return { ok: true, list: [...rows, { ...change.address, isDefault }] };
    }
  }
}

/** A positive integer id from a form or URL value, or null. */
export function idOf(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= 2_147_483_647 ? n : null;
}

// ───────────────────────────── Legal companies ─────────────────────────────

/** §8: the company form's own words for a missing title (the form reads the rest by the contract's LegalCompanyForm). */
export const COMPANY_TITLE_MISSING = "Укажите название компании";
