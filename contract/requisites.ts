/**
 * Russian requisites of a legal company (§3 legal data, issue 19), checked by their checksums:
 * pure functions without zod, so the browser can show the error under the field as the user types
 * (the companies form), and the API gives the same words (contract/profile.ts LegalCompanyForm uses
 * them in its refinements). Each answers null when the value is right, else a Russian message.
 *
 * Algorithms (ФНС and Банк России):
 * - ИНН of an organisation (10 digits): Σ dᵢ·[2,4,10,3,5,9,4,6,8] mod 11 mod 10 = d₁₀.
 *   ИНН of a person / ИП (12 digits): two check digits, [7,2,4,10,3,5,9,4,6,8] over the first ten
 *   gives d₁₁, [3,7,2,4,10,3,5,9,4,6,8] over the first eleven gives d₁₂ (each mod 11 mod 10).
 * - ОГРН (13 digits, first 1 or 5): the first 12 as a number mod 11, mod 10 = d₁₃.
 *   ОГРНИП (15 digits, first 3): the first 14 mod 13, mod 10 = d₁₅.
 * - КПП (9): 4 digits (tax office), 2 digits or capital Latin letters (reason), 3 digits; no check digit.
 * - БИК (9 digits): a Russian bank's starts with 04 (the country code); no check digit of its own.
 * - Accounts (20 digits), checked against the БИК: a 23-digit key (3 digits from the БИК + the
 *   account), Σ (dᵢ·[7,1,3]ᵢ mod 10) ≡ 0 (mod 10). The 3 digits are the БИК's last three for a
 *   расчётный счёт (the bank's branch), "0" + its 5th–6th digits for a корреспондентский счёт (the
 *   Bank of Russia branch); a корр. счёт starts with 301.
 *
 * Published test values: ИНН 7707083893, ОГРН 1027700132195, БИК 044525225 with корр. счёт
 * 30101810400000000225 (ПАО Сбербанк); 40702810938000000001 is a valid расчётный счёт there.
 */

/** Longer input is refused before any other work (a hostile 1 MB "ИНН" costs one comparison). */
const MAX_INPUT = 64;

const onlyDigits = (value: string, lengths: readonly number[]) =>
  value.length <= MAX_INPUT && lengths.includes(value.length) && /^\d+$/.test(value);

function weighted(value: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (value.charCodeAt(i) - 48) * weights[i]!;
  return sum;
}

/** `value` (a digit string) mod `m`, digit by digit: no BigInt needed for 14 digits. */
function mod(value: string, m: number): number {
  let rest = 0;
  for (const ch of value) rest = (rest * 10 + (ch.charCodeAt(0) - 48)) % m;
  return rest;
}

const digitAt = (value: string, i: number) => value.charCodeAt(i) - 48;

export const INN_MISSING = "Укажите ИНН";
export const INN_FORMAT = "ИНН — 10 цифр у организации или 12 цифр у ИП";
export const INN_CHECKSUM = "Неверный ИНН: не сходятся контрольные цифры";

/** ИНН: 10 digits (organisation) or 12 (ИП / person), with its check digits. */
export function innProblem(value: string): string | null {
  if (value === "") return INN_MISSING;
  if (!onlyDigits(value, [10, 12])) return INN_FORMAT;
  if (value.length === 10) {
    return (weighted(value, [2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10 === digitAt(value, 9) ? null : INN_CHECKSUM;
  }
  const n11 = (weighted(value, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10;
  const n12 = (weighted(value, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10;
  return n11 === digitAt(value, 10) && n12 === digitAt(value, 11) ? null : INN_CHECKSUM;
}

export const OGRN_FORMAT = "ОГРН — 13 цифр у организации, ОГРНИП — 15 цифр у ИП";
export const OGRN_FIRST_DIGIT = "ОГРН организации начинается с 1 или 5";
export const OGRNIP_FIRST_DIGIT = "ОГРНИП начинается с 3";
export const OGRN_CHECKSUM = "Неверный ОГРН: не сходится контрольная цифра";
export const OGRNIP_CHECKSUM = "Неверный ОГРНИП: не сходится контрольная цифра";

/** ОГРН (13 digits) or ОГРНИП (15), with its check digit. */
export function ogrnProblem(value: string): string | null {
  if (!onlyDigits(value, [13, 15])) return OGRN_FORMAT;
  if (value.length === 13) {
    if (value[0] !== "1" && value[0] !== "5") return OGRN_FIRST_DIGIT;
    return mod(value.slice(0, 12), 11) % 10 === digitAt(value, 12) ? null : OGRN_CHECKSUM;
  }
  if (value[0] !== "3") return OGRNIP_FIRST_DIGIT;
  return mod(value.slice(0, 14), 13) % 10 === digitAt(value, 14) ? null : OGRNIP_CHECKSUM;
}

export const KPP_FORMAT = "КПП — 9 знаков: 4 цифры, 2 цифры или заглавные латинские буквы, 3 цифры";

/** КПП: NNNN PP NNN, where PP are digits or capital Latin letters. */
export function kppProblem(value: string): string | null {
  return value.length === 9 && /^\d{4}[\dA-Z]{2}\d{3}$/.test(value) ? null : KPP_FORMAT;
}

export const BIK_FORMAT = "БИК — 9 цифр";
export const BIK_COUNTRY = "БИК банка в России начинается с 04";

/** БИК: 9 digits starting with 04. */
export function bikProblem(value: string): string | null {
  if (!onlyDigits(value, [9])) return BIK_FORMAT;
  return value.startsWith("04") ? null : BIK_COUNTRY;
}

/** Σ (dᵢ·[7,1,3] mod 10) over the 23 digits is a multiple of 10. */
function accountKeyValid(key: string, account: string): boolean {
  const all = key + account;
  const weights = [7, 1, 3];
  let sum = 0;
  for (let i = 0; i < all.length; i++) sum += (digitAt(all, i) * weights[i % 3]!) % 10;
  return sum % 10 === 0;
}

export const CHECKING_ACCOUNT_FORMAT = "Расчётный счёт — 20 цифр";
export const CHECKING_ACCOUNT_CHECKSUM = "Расчётный счёт не сходится с БИК: проверьте счёт и БИК";
export const CORRESPONDENT_ACCOUNT_FORMAT = "Корреспондентский счёт — 20 цифр";
export const CORRESPONDENT_ACCOUNT_PREFIX = "Корреспондентский счёт начинается с 301";
export const CORRESPONDENT_ACCOUNT_CHECKSUM = "Корреспондентский счёт не сходится с БИК: проверьте счёт и БИК";
export const ACCOUNT_NEEDS_BIK = "Укажите верный БИК: счёт проверяется по нему";

/** Расчётный счёт (20 digits) against the БИК's last three digits. */
export function checkingAccountProblem(account: string, bik: string): string | null {
  if (!onlyDigits(account, [20])) return CHECKING_ACCOUNT_FORMAT;
  if (bikProblem(bik) !== null) return ACCOUNT_NEEDS_BIK;
  return accountKeyValid(bik.slice(6, 9), account) ? null : CHECKING_ACCOUNT_CHECKSUM;
}

/** Корреспондентский счёт (20 digits, 301…) against "0" + the БИК's 5th and 6th digits. */
export function correspondentAccountProblem(account: string, bik: string): string | null {
  if (!onlyDigits(account, [20])) return CORRESPONDENT_ACCOUNT_FORMAT;
  if (!account.startsWith("301")) return CORRESPONDENT_ACCOUNT_PREFIX;
  if (bikProblem(bik) !== null) return ACCOUNT_NEEDS_BIK;
  return accountKeyValid(`0${bik.slice(4, 6)}`, account) ? null : CORRESPONDENT_ACCOUNT_CHECKSUM;
}

export const OGRN_NOT_FOR_ORGANISATION = "У организации (ИНН из 10 цифр) ОГРН из 13 цифр";
export const OGRN_NOT_FOR_ENTREPRENEUR = "У ИП (ИНН из 12 цифр) ОГРНИП из 15 цифр";
export const KPP_NOT_FOR_ENTREPRENEUR = "У ИП нет КПП: оставьте поле пустым";

/** The requisites of a company form; an empty string (or absent) is "not given" except for ИНН. */
export interface RequisitesInput {
  inn?: string;
  ogrn?: string;
  kpp?: string;
  bik?: string;
  checkingAccount?: string;
  correspondentAccount?: string;
}

export type RequisitesField = keyof RequisitesInput;

/**
 * Every problem of a company's requisites by field, each field's own check first and then how the
 * fields agree: ОГРН vs ОГРНИП by the kind of ИНН, no КПП for an ИП, accounts against the БИК.
 * Empty when all is right. The browser shows these under the fields; the API answers the same.
 */
export function requisitesProblems(input: RequisitesInput): Partial<Record<RequisitesField, string>> {
  const out: Partial<Record<RequisitesField, string>> = {};
  const given = (value: string | undefined): value is string => typeof value === "string" && value !== "";
  const inn = input.inn ?? "";
  const innError = innProblem(inn);
  if (innError) out.inn = innError;
  const entrepreneur = innError === null && inn.length === 12;
  const organisation = innError === null && inn.length === 10;

  if (given(input.ogrn)) {
    const problem = ogrnProblem(input.ogrn);
    if (problem) out.ogrn = problem;
    else if (organisation && input.ogrn.length !== 13) out.ogrn = OGRN_NOT_FOR_ORGANISATION;
    else if (entrepreneur && input.ogrn.length !== 15) out.ogrn = OGRN_NOT_FOR_ENTREPRENEUR;
  }
  if (given(input.kpp)) {
    const problem = kppProblem(input.kpp);
    if (problem) out.kpp = problem;
    else if (entrepreneur) out.kpp = KPP_NOT_FOR_ENTREPRENEUR;
  }
  const bik = input.bik ?? "";
  if (given(input.bik)) {
    const problem = bikProblem(input.bik);
    if (problem) out.bik = problem;
  }
  if (given(input.checkingAccount)) {
    const problem = checkingAccountProblem(input.checkingAccount, bik);
    if (problem) out.checkingAccount = problem;
  }
  if (given(input.correspondentAccount)) {
    const problem = correspondentAccountProblem(input.correspondentAccount, bik);
    if (problem) out.correspondentAccount = problem;
  }
  return out;
}
