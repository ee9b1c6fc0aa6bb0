/**
 * The client's page of an offer, /kp/{publicId} (issue 27, ADR 054): no login, the latest sent
 * version (GET /api/kp/public/{id}), «Принять предложение» (POST …/accept through the page's
 * action, the forms layer of ADR 046) and «Скачать PDF» (/kp/{publicId}/pdf streams
 * GET /api/kp/public/{id}/pdf). A public id that fails the validator never reaches the API and,
 * like an unknown or never-sent offer (the API's 404), is the §2 404.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { z } from "zod";
import { endpoints } from "#contract/index.ts";
import type { KpPublic } from "#contract/kp.ts";
import { normalizePhone } from "#contract/phone.ts";
import { PHONE_FORMAT_MESSAGE } from "#contract/common.ts";
import { emailProblem, MAX_EMAIL_LENGTH } from "#contract/subscription-rules.ts";
import { pageNotFoundMessage } from "#app/lib/filters.ts";
import { mainContentError, notFound } from "#app/lib/page-errors.server.ts";
import { formFailure, type FormReply } from "#app/lib/forms.ts";
import { boundedForm, parseForm, refuse } from "#app/lib/forms.server.ts";
import { exportRefusal, EXPORT_FAILED } from "./offer-export.server.ts";
import { ACCEPT_FIELD, ACCEPTED_ANCHOR, ACCEPT_NAME_MAX, ACCEPT_PHONE_MAX, contactsProblem, nameProblem } from "./public-offer.ts";

type Context = Pick<AppLoadContext, "api">;

/**
 * ADR 051: 16 random bytes in base64url (22 characters); ids of older offers are 64 hex digits.
 * Anything else names no offer: the 404 without asking the API (which counts every try per IP).
 */
const PUBLIC_ID = /^[A-Za-z0-9_-]{22,64}$/;

export function publicIdOf(raw: string | undefined): string | null {
  return raw && PUBLIC_ID.test(raw) ? raw : null;
}

/** The page's address for a public id (the letter's link, ADR 051). */
export const publicOfferPath = (publicId: string) => `/kp/${publicId}`;

/** Too many openings from one address (the API's kpPublic tier): its message, with Retry-After. */
function tooMany(message: string, retryAfter: number | undefined): never {
  throw data(message, { status: 429, headers: { "Retry-After": String(retryAfter ?? 60), "Cache-Control": "private, no-store" } });
}

/** GET /kp/{publicId}: the offer as the client sees it, or the §2 404. */
export async function loadPublicOffer(context: Context, url: URL, raw: string | undefined): Promise<KpPublic> {
  const publicId = publicIdOf(raw);
  if (!publicId) notFound(url.pathname);
  const answer = await context.api.call(endpoints.kpPublic, { params: { id: publicId } });
  if (answer.ok) return answer.data;
  if (answer.error.status === 429) tooMany(answer.error.message, answer.error.retryAfter);
  return mainContentError(answer.error, url.pathname);
}

/** The accept form as posted: the contract's e-mail and phone rules, the shop's words (§8). */
export const AcceptForm = z
  .object({
    [ACCEPT_FIELD.version]: z.string({ error: "Обновите страницу" }).transform((value, ctx) => {
      const n = /^[1-9]\d{0,4}$/.test(value) ? Number(value) : 0;
      if (n < 1 || n > 10_000) ctx.addIssue({ code: "custom", message: "Обновите страницу" });
      return n;
    }),
    [ACCEPT_FIELD.name]: z.string({ error: "Укажите имя" }).transform((value, ctx) => {
      const problem = nameProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
      return value.trim();
    }),
    [ACCEPT_FIELD.email]: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const text = value?.trim() ?? "";
        if (!text) return null;
        const problem = emailProblem(text);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
        return text;
      }),
    [ACCEPT_FIELD.phone]: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const text = value?.trim() ?? "";
        if (!text) return null;
        if (normalizePhone(text) === null) ctx.addIssue({ code: "custom", message: PHONE_FORMAT_MESSAGE });
        return text;
      }),
  })
  .superRefine((v, ctx) => {
    const problem = contactsProblem(v.email, v.phone);
    if (problem) ctx.addIssue({ code: "custom", path: [ACCEPT_FIELD.email], message: problem });
  });

/**
 * POST /kp/{publicId}: «Принять предложение» for the version the page showed. Accepted: a redirect
 * to the page (it shows who accepted and when; a reload posts nothing again). Refused: the reply
 * with the field errors or the API's 409 message (closed, updated, already accepted) above the
 * form; the page's loader runs again, so it shows the offer as it now is. The page tier of the
 * shared rate limiter counts the post (app/lib/page-limit.server.ts), the API's kpAccept tier too.
 */
export async function acceptPublicOffer(context: Context, url: URL, raw: string | undefined, posted: FormData | null): Promise<FormReply> {
  const publicId = publicIdOf(raw);
  if (!publicId) notFound(url.pathname);
  if (!posted) return formFailure("Не удалось прочитать форму. Попробуйте ещё раз.");
  // Cut before reading: a 10 000-character name is still "too long", and is never echoed whole.
  const form = boundedForm(posted, {
    files: false,
    limits: { [ACCEPT_FIELD.name]: ACCEPT_NAME_MAX + 1, [ACCEPT_FIELD.email]: MAX_EMAIL_LENGTH + 1, [ACCEPT_FIELD.phone]: ACCEPT_PHONE_MAX + 1, [ACCEPT_FIELD.version]: 10 },
  });
  const submission = parseForm(form, AcceptForm);
  if (submission.status !== "success") {
    // The hidden version is the page's, not the visitor's: its problem is the form's.
    const versionProblem = submission.error?.[ACCEPT_FIELD.version]?.[0] ?? null;
    // zod skips the object's rule while a field fails: "one contact at least" is told at once all the same.
    const contacts = submission.error?.[ACCEPT_FIELD.email]?.length ? undefined : (contactsProblem(form.get(ACCEPT_FIELD.email), form.get(ACCEPT_FIELD.phone)) ?? undefined);
    return refuse(submission, versionProblem, { [ACCEPT_FIELD.email]: contacts });
  }
  const { version, name, email, phone } = submission.value;
  const answer = await context.api.call(endpoints.kpPublicAccept, { params: { id: publicId }, body: { version, name, email, phone } });
  // To the note that says it is accepted (an explicit fragment: a redirect would keep the form's).
  if (answer.ok) throw redirect(`${publicOfferPath(publicId)}#${ACCEPTED_ANCHOR}`, 303);
  const { error } = answer;
  if (error.status === 404) notFound(url.pathname);
  const fields: Record<string, string | undefined> = {};
  for (const field of [ACCEPT_FIELD.name, ACCEPT_FIELD.email, ACCEPT_FIELD.phone] as const) fields[field] = error.errors[field];
  const underFields = Object.values(fields).some(Boolean);
  // 409 (closed, updated, already accepted), 429, a failure: the API's words above the form.
  return refuse(submission, underFields && error.status === 400 ? null : error.message || EXPORT_FAILED, fields);
}

/** GET /kp/{publicId}/pdf: the offer's PDF for the client, streamed from the API, never cached. */
export async function publicOfferPdf(context: Context, url: URL, raw: string | undefined): Promise<Response> {
  const publicId = publicIdOf(raw);
  const home = { href: "/", text: "На главную" };
  const noindex = { "X-Robots-Tag": "noindex, nofollow" };
  if (!publicId) return exportRefusal(404, pageNotFoundMessage(url.pathname), null, noindex, home);
  const back = publicOfferPath(publicId);
  const answer = await context.api.stream(endpoints.kpPublicPdf, { params: { id: publicId } });
  if (!answer.ok) {
    const { error } = answer;
    // Unknown, never sent or no longer valid: the page itself says which; the file is not there.
    if (error.status === 404 || error.status === 400) return exportRefusal(404, pageNotFoundMessage(url.pathname), back, noindex, home);
    const retryAfter = String(error.retryAfter ?? 30);
    if (error.status === 429) return exportRefusal(429, error.message, back, { ...noindex, "Retry-After": retryAfter }, home);
    return exportRefusal(503, error.status === 503 && error.retryAfter ? error.message : EXPORT_FAILED, back, { ...noindex, "Retry-After": retryAfter }, home);
  }
  const headers = new Headers({ "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff", "X-Robots-Tag": "noindex, nofollow" });
  for (const name of ["Content-Type", "Content-Disposition", "Content-Length"]) {
    const value = answer.response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(answer.response.body, { status: 200, headers });
}
