/**
 * Every rate limit of the shop in one table (issue 25, ADR 041): what is counted, by which key, in
 * which windows. A tier refuses when any of its windows is spent; each window is a fixed window that
 * starts with its first point. The numbers are picked so that a customer who orders, uploads a few
 * layouts, comments and edits a cart quickly never meets them, and a script does within seconds.
 *
 * The storefront counts `page`; the API counts the kinds of write (`upload`, `order`, …), the
 * letters and the auth tiers. A page action that writes through the API therefore counts once in
 * `page` and once in its kind: two different buckets, so neither allowance is halved.
 */
import { waitText } from "../contract/plural.ts";

export interface LimitWindow {
  /** Points (requests, bytes, failures) the window allows. */
  points: number;
  /** Length of the window, seconds. */
  seconds: number;
}

export interface Tier {
  windows: readonly LimitWindow[];
  /** The refusal, in Russian, with the wait. */
  message: (retryAfterS: number) => string;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MB = 1024 * 1024;

export const tooManyRequestsMessage = (s: number) => `Слишком много запросов. Попробуйте через ${waitText(s)}`;
export const loginBlockedMessage = (s: number) => `Слишком много неудачных попыток входа. Попробуйте через ${waitText(s)}`;
export const codeGuessesMessage = (s: number) => `Слишком много неверных кодов для этого номера. Попробуйте через ${waitText(s)}`;
export const codeLimitedMessage = (s: number) => `Новый код можно запросить через ${waitText(s)}`;
export const letterLimitedMessage = (s: number) => `Письмо уже отправлено. Повторить можно через ${waitText(s)}`;
export const exportLimitedMessage = (s: number) => `Слишком много выгрузок документов подряд. Попробуйте через ${waitText(s)}`;

const tier = (message: Tier["message"], ...windows: LimitWindow[]): Tier => ({ windows, message });
const w = (points: number, seconds: number): LimitWindow => ({ points, seconds });

export const TIERS = {
  // ── Per client IP (IPv6 by its /64): writes ──
  /** Storefront: a page request (form post, fetcher) that writes through the API. Cart edits are debounced. */
  page: tier(tooManyRequestsMessage, w(120, MINUTE), w(1500, HOUR)),
  /** file/upload: the count, before the body is read. */
  upload: tier((s) => `Слишком много загруженных файлов. Попробуйте через ${waitText(s)}`, w(30, HOUR), w(100, DAY)),
  /** file/upload: the bytes of the files kept (a layout is at most 10 MB). */
  uploadBytes: tier((s) => `Слишком большой объём загруженных файлов. Попробуйте через ${waitText(s)}`, w(100 * MB, HOUR), w(300 * MB, DAY)),
  /** order/create and order/create_unauth. */
  order: tier((s) => `Слишком много заказов подряд. Попробуйте через ${waitText(s)} или позвоните нам`, w(10, HOUR), w(30, DAY)),
  /** subscription and its confirmation: a person subscribes once, an office a few colleagues. */
  subscription: tier((s) => `Слишком много подписок. Попробуйте через ${waitText(s)}`, w(20, HOUR), w(50, DAY)),
  /** A blog comment written, edited or deleted. */
  comment: tier((s) => `Слишком много комментариев подряд. Попробуйте через ${waitText(s)}`, w(15, 10 * MINUTE), w(60, DAY)),
  /** Profile, addresses, companies, avatar, password, phone, e-mail, offers, search history. */
  account: tier(tooManyRequestsMessage, w(60, 10 * MINUTE), w(500, DAY)),
  /** The server cart, favourites and comparison (logged in: a write per click). */
  lists: tier(tooManyRequestsMessage, w(120, MINUTE), w(2000, HOUR)),
  /** An offer's public page (no login, ADR 051): a person reloads, a script enumerating ids does not get far. */
  kpPublic: tier(tooManyRequestsMessage, w(60, MINUTE), w(600, HOUR)),
  /** Accepting an offer by its public link (ADR 051). */
  kpAccept: tier(tooManyRequestsMessage, w(10, HOUR), w(30, DAY)),
  /** Anonymous auth calls: login, codes, sign-up, password reset (ADR 033). */
  auth: tier(tooManyRequestsMessage, w(30, MINUTE)),

  // ── Per user ──
  /**
   * An offer's PDF or Excel file (kp/export, ADR 052): each one is drawn in the documents' thread, so
   * a script looping over it would keep that thread busy for everyone. A manager downloading by hand
   * (a PDF and an Excel file per offer, again after an edit, a few impatient clicks) stays far
   * below 10 in 10 seconds and 30 a minute; a whole working day of exports is under 300 an hour.
   */
  kpExport: tier(exportLimitedMessage, w(10, 10), w(30, MINUTE), w(300, HOUR)),
  /**
   * A manager's own offer writes (kp/create, kp/update, delete, copy, hide/return, the star, clients,
   * representatives and purposes created in place). The editor autosaves 1.2 s after the last change
   * (ADR 055), so a manager typing with pauses all morning writes far more than the per-address
   * `account` tier allows, and managers of one office share their address. Typing nonstop is at most
   * ~50 saves a minute; a working day of editing stays under 3000 an hour.
   */
  kpWrite: tier(tooManyRequestsMessage, w(120, MINUTE), w(3000, HOUR), w(20000, DAY)),

  // ── For the whole shop (one key) ──
  /**
   * Calls to DaData's iplocate (ADR 062), every visitor together: each address is asked at most once
   * in 6 hours (cached per address, IPv6 per /64), so only a crowd of new addresses (a botnet, a
   * sweep across /64s) meets this; past it visitors simply get no city suggestion, and the key's
   * daily quota (DaData's free plan: 10 000 requests) is left for the address suggestions.
   */
  ipLocate: tier(tooManyRequestsMessage, w(200, MINUTE), w(5000, DAY)),

  // ── Per recipient ──
  /** Letters of the API to one address: order confirmations, subscription and auth letters. */
  letter: tier(letterLimitedMessage, w(10, HOUR), w(30, DAY)),
  /** Codes to one phone (SMS or call): one a minute, and few a day (SMS cost, a victim's phone). */
  codeSend: tier(codeLimitedMessage, w(1, MINUTE), w(10, HOUR), w(20, DAY)),
  /** Auth letters (reset link, e-mail change) to one address: one a minute. */
  letterSend: tier(letterLimitedMessage, w(1, MINUTE)),

  // ── Guesses (failure counters: full = locked) ──
  /** Failed logins of one account from one IP: the attacker's own lock, not the owner's. */
  loginPair: tier(loginBlockedMessage, w(5, 15 * MINUTE), w(20, DAY)),
  /** Failed logins of one account from everywhere: a distributed attack needs 10+ IPs to reach it. */
  loginAccount: tier(loginBlockedMessage, w(200, DAY)),
  /**
   * Wrong codes for one phone from one IP (login by code and the profile's phone confirmation, one
   * count): a clumsy owner who spends a whole code (5 tries) can still try the next one.
   */
  codeGuessPair: tier(codeGuessesMessage, w(8, HOUR), w(12, DAY)),
  /**
   * Wrong codes for one phone from everywhere: 20 a day, so a 4-digit call code falls to a guesser
   * with 1 − (1 − 10⁻⁴)²⁰ ≈ 0.2 % a day (0.4 % across two windows' edges), a 6-digit one ≈ 0.002 %.
   * One IP (12 a day) cannot lock the owner out.
   */
  codeGuess: tier(codeGuessesMessage, w(12, HOUR), w(20, DAY)),
} satisfies Record<string, Tier>;

export type TierName = keyof typeof TIERS;
