/**
 * The account pages' form parsing (/profile, /profile/companies), shared by the route actions and
 * their tests: form data in, either the API's request body or field errors in Russian (§8: shown
 * under the field) with what was typed, so nothing is lost. Pure: no API, no React Router.
 */
import type { z } from "zod";
import {
  ChangePasswordRequest,
  EmailSetRequest,
  MAX_SHIPMENT_ADDRESSES,
  PhoneConfirmRequest,
  ShipmentAddressInput,
  type ShipmentAddress,
} from "#contract/profile.ts";
import { normalizePhone } from "#contract/phone.ts";

export type FieldErrors = Record<string, string>;
export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** A form field as text: a file or a missing field is "" (a hostile form may send either). Capped so a 1 MB field costs nothing. */
export function text(form: FormData, name: string, max = 2000): string {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
}

/** The first zod issue of each field, as field → message. */
function issues(error: z.ZodError, messages: Record<string, string> = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= messages[field] ?? issue.message;
  }
  return errors;
}

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

/** Whether "YYYY-MM-DD" names a day of the calendar (not 2026-02-30). */
export function isCalendarDate(iso: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === iso;
}

/** Name and birthdate (PATCH /profile/update). An empty birthdate clears it; the name is required. */
export function parseProfileForm(form: FormData, today: string): Parsed<{ name: string; birthdate: string | null }> {
  const errors: FieldErrors = {};
  const name = text(form, "name", NAME_MAX + 100).trim().replace(/\s+/g, " ");
  const birthdate = text(form, "birthdate", 20).trim();
  if (!name) errors.name = "Укажите имя";
  else if (name.length > NAME_MAX) errors.name = `Не больше ${NAME_MAX} символов`;
  if (birthdate) {
    if (!isCalendarDate(birthdate)) errors.birthdate = "Укажите дату рождения полностью: день, месяц и год";
    else if (birthdate > today) errors.birthdate = "Дата рождения не может быть в будущем";
    else if (birthdate < BIRTHDATE_MIN) errors.birthdate = "Проверьте год рождения";
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value: { name, birthdate: birthdate || null } };
}

/** The phone to confirm, as the API stores it ("+79211234567"). */
export function parsePhoneForm(form: FormData): Parsed<{ phone: string }> {
  const raw = text(form, "phone", 40).trim();
  if (!raw) return { ok: false, errors: { phone: "Укажите телефон" } };
  const phone = normalizePhone(raw);
  return phone ? { ok: true, value: { phone } } : { ok: false, errors: { phone: "Введите российский номер: +7 и 10 цифр" } };
}

export function parseCodeForm(form: FormData): Parsed<{ code: string }> {
  const parsed = PhoneConfirmRequest.safeParse({ code: text(form, "code", 20).replace(/\s/g, "") });
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: { code: "Введите код из SMS: 4–6 цифр" } };
}

export function parseEmailForm(form: FormData): Parsed<{ email: string }> {
  const email = text(form, "email", 400).trim();
  if (!email) return { ok: false, errors: { email: "Укажите e-mail" } };
  const parsed = EmailSetRequest.safeParse({ email });
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: { email: "Неверный формат e-mail" } };
}

export const PASSWORD_MIN = 8;

/** Current + new password (twice). The current one may be empty: a phone sign-up has none yet. */
export function parsePasswordForm(form: FormData): Parsed<{ currentPassword?: string; newPassword: string }> {
  const currentPassword = text(form, "currentPassword", 200);
  const newPassword = text(form, "newPassword", 200);
  const repeat = text(form, "newPasswordRepeat", 200);
  const errors: FieldErrors = {};
  if (newPassword.length < PASSWORD_MIN) errors.newPassword = `Пароль должен быть не короче ${PASSWORD_MIN} символов`;
  else if (!ChangePasswordRequest.safeParse({ newPassword }).success) errors.newPassword = "Пароль слишком длинный: не больше 128 символов";
  else if (repeat !== newPassword) errors.newPasswordRepeat = "Пароли не совпадают";
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: currentPassword ? { currentPassword, newPassword } : { newPassword } };
}

// ───────────────────────────── Delivery addresses ─────────────────────────────

export const ADDRESS_FIELDS = ["city", "street", "house", "flat", "postcode", "comment"] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressValues = Record<AddressField, string> & { isDefault: boolean };

export const EMPTY_ADDRESS: AddressValues = { city: "", street: "", house: "", flat: "", postcode: "", comment: "", isDefault: false };

/** The typed values of an address form (for showing them again with the errors). */
export function addressValues(form: FormData): AddressValues {
  const v = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, text(form, f, 600).trim()])) as Record<AddressField, string>;
  return { ...v, isDefault: form.get("isDefault") === "on" || form.get("isDefault") === "1" };
}

/** What the API takes for one address (ShipmentAddressInput), or field errors. */
export function parseAddressForm(form: FormData): Parsed<z.output<typeof ShipmentAddressInput>> & { values: AddressValues } {
  const values = addressValues(form);
  const parsed = ShipmentAddressInput.safeParse({
    city: values.city,
    street: values.street,
    house: values.house,
    flat: values.flat || null,
    postcode: values.postcode || null,
    comment: values.comment || null,
    isDefault: values.isDefault,
  });
  if (!parsed.success) {
    return { ok: false, values, errors: issues(parsed.error, { flat: "Не больше 30 символов", comment: "Не больше 500 символов" }) };
  }
  return { ok: true, values, value: parsed.data };
}

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
