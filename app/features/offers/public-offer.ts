/**
 * The client's page of an offer (/kp/{publicId}, ADR 054): the accept form's field names and
 * rules, shared by the page (a zod-free check before sending) and its action, and the dates as the
 * document states them. Pure: safe in the browser's chunk.
 */
import { emailProblem } from "#contract/subscription-rules.ts";
import { normalizePhone } from "#contract/phone.ts";
import { PHONE_FORMAT_MESSAGE } from "#contract/common.ts";

/** The accepted note's id: where the page opens after accepting. */
export const ACCEPTED_ANCHOR = "accepted";

export const ACCEPT_FIELD = { version: "version", name: "name", email: "email", phone: "phone" } as const;

/** The contract's bounds (KpAcceptRequest): a name ≤ 150, a phone as typed ≤ 40. */
export const ACCEPT_NAME_MAX = 150;
export const ACCEPT_PHONE_MAX = 40;

export const CONTACT_MISSING = "Укажите e-mail или телефон";

export function nameProblem(value: unknown): string | null {
  const text = typeof value === "string" ? value.trim() : "";
  if (!text) return "Укажите имя";
  if (text.length > ACCEPT_NAME_MAX) return `Не длиннее ${ACCEPT_NAME_MAX} символов`;
  return null;
}

/** One contact at least (the API's rule, under the e-mail field as the API reports it). */
export function contactsProblem(email: unknown, phone: unknown): string | null {
  const has = (v: unknown) => typeof v === "string" && v.trim() !== "";
  return has(email) || has(phone) ? null : CONTACT_MISSING;
}

/** The browser's check: the same rules and words as the action's. */
export function acceptProblems(values: Record<string, unknown>): Record<string, string | null> {
  const email = values[ACCEPT_FIELD.email];
  const phone = values[ACCEPT_FIELD.phone];
  const emailText = typeof email === "string" ? email.trim() : "";
  const phoneText = typeof phone === "string" ? phone.trim() : "";
  return {
    [ACCEPT_FIELD.name]: nameProblem(values[ACCEPT_FIELD.name]),
    [ACCEPT_FIELD.email]: emailText ? emailProblem(emailText) : contactsProblem(email, phone),
    // A phone mask's unfinished "+7 (" counts as typed: it is checked like any other.
    [ACCEPT_FIELD.phone]: phoneText && normalizePhone(phoneText) === null ? PHONE_FORMAT_MESSAGE : null,
  };
}

/** Russia keeps UTC+3 all year. */
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

/** "2026-12-09" or an ISO moment → "09.12.2026" (a moment as its Moscow day), as the PDF states it. */
export function moscowDate(iso: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso : new Date(Date.parse(iso) + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
  const [year, month, date] = day.split("-");
  return `${date}.${month}.${year}`;
}

/** "09.12.2026 в 14:05" (Moscow time): when the offer was accepted. */
export function moscowMoment(iso: string): string {
  const d = new Date(Date.parse(iso) + MOSCOW_OFFSET_MS).toISOString();
  return `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)} в ${d.slice(11, 16)}`;
}

/** The `dateTime` of a `<time>`: the day as given, or the moment. */
export const dateTimeAttr = (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso : new Date(Date.parse(iso)).toISOString());
