/**
 * The /subscribe action: reads the form, drops bots caught by the honeypot, checks the address with
 * the contract's schema (no round trip for a typo) and calls subscription through context.api. The
 * API's field errors (§8: 4xx messages shown per field) come back under the field.
 */
import { endpoints, MAX_EMAIL_LENGTH } from "#contract/index.ts";
import type { AppLoadContext } from "react-router";
import { emailProblem, SUBSCRIBE_FIELD, type SubscribeAnswer } from "./subscription.ts";

/** The API names the origin the visitor used in the letter's link (api/subscription/routes.ts). */
export const SITE_ORIGIN_HEADER = "X-Site-Origin";

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function subscribe(context: Pick<AppLoadContext, "api" | "site">, form: FormData | null): Promise<SubscribeAnswer> {
  if (!form) return { ok: false, email: "", message: "Не удалось прочитать форму. Попробуйте ещё раз.", errors: {} };
  // What is shown back in the field is cut to what an address can be (a 10 000-character paste is not echoed).
  const email = text(form, SUBSCRIBE_FIELD.email).trim().slice(0, MAX_EMAIL_LENGTH + 1);
  if (text(form, SUBSCRIBE_FIELD.trap) !== "") return { ok: true, email, alreadySubscribed: false, confirmed: false };
  const problem = emailProblem(text(form, SUBSCRIBE_FIELD.email));
  if (problem) return { ok: false, email, message: null, errors: { email: problem } };
  const result = await context.api.call(endpoints.subscriptionCreate, {
    body: { email },
    headers: { [SITE_ORIGIN_HEADER]: context.site.origin },
  });
  if (result.ok) return { ok: true, email, alreadySubscribed: result.data.alreadySubscribed, confirmed: result.data.confirmed };
  const fieldError = result.error.errors.email ?? result.error.errors.body;
  // A field error goes under the field; anything else (§8: the server's 4xx message, or the default) above the form.
  return fieldError ? { ok: false, email, message: null, errors: { email: fieldError } } : { ok: false, email, message: result.error.message, errors: {} };
}
