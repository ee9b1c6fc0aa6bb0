/**
 * The /subscribe action (the page's form and the footer's): the forms layer (ADR 046) reads the
 * posted form with `SubscribeForm` — the contract's e-mail rule and words (`emailProblem`), no
 * round trip for a typo —, drops bots caught by the honeypot, and calls subscription through
 * context.api. The API's field errors (§8: 4xx messages shown per field) come back under the field.
 */
import { z } from "zod";
import { endpoints, MAX_EMAIL_LENGTH, SITE_ORIGIN_HEADER } from "#contract/index.ts";
import { SUBSCRIPTION_EMAIL_MISSING } from "#contract/subscription-rules.ts";
import type { AppLoadContext } from "react-router";
import { formFailure } from "#app/lib/forms.ts";
import { boundedForm, parseForm, refuse } from "#app/lib/forms.server.ts";
import { emailProblem, SUBSCRIBE_FIELD, type SubscribeReply } from "./subscription.ts";

/** The subscription form: the address (trimmed; missing, too long or malformed: the contract's words). */
export const SubscribeForm = z.object({
  [SUBSCRIBE_FIELD.email]: z.string({ error: SUBSCRIPTION_EMAIL_MISSING }).transform((value, ctx) => {
    const problem = emailProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
    return value.trim();
  }),
});

export async function subscribe(context: Pick<AppLoadContext, "api" | "site">, posted: FormData | null): Promise<SubscribeReply> {
  if (!posted) return formFailure("Не удалось прочитать форму. Попробуйте ещё раз.");
  // Cut before reading: an address over the limit is still "too long", and a 10 000-character paste is never echoed; a file is a missing field.
  const form = boundedForm(posted, { files: false, limits: { [SUBSCRIBE_FIELD.email]: MAX_EMAIL_LENGTH + 1, [SUBSCRIBE_FIELD.trap]: 100 } });
  const trapped = form.get(SUBSCRIBE_FIELD.trap);
  if (typeof trapped === "string" && trapped !== "") return { status: "success", alreadySubscribed: false, confirmed: false };
  const submission = parseForm(form, SubscribeForm);
  if (submission.status !== "success") return submission.reply({ hideFields: [SUBSCRIBE_FIELD.trap] });
  const result = await context.api.call(endpoints.subscriptionCreate, {
    body: { email: submission.value.email },
    headers: { [SITE_ORIGIN_HEADER]: context.site.origin },
  });
  if (result.ok) return { status: "success", alreadySubscribed: result.data.alreadySubscribed, confirmed: result.data.confirmed };
  const fieldError = result.error.errors.email ?? result.error.errors.body;
  // A field error goes under the field; anything else (§8: the server's 4xx message, or the default) above the form.
  return fieldError ? refuse(submission, null, { [SUBSCRIBE_FIELD.email]: fieldError }, [SUBSCRIBE_FIELD.trap]) : refuse(submission, result.error.message, {}, [SUBSCRIBE_FIELD.trap]);
}
