/**
 * /profile/companies: which lists the page shows (§6) and its action (create, update, delete).
 * Every user manages their own companies (legal/my); staff roles also see the shop's own list
 * (legal/our), which only ROLE_ADMIN may change (the API's rule). An id is acted on only when it
 * is one the user may change, so another user's company id changes nothing and its edit URL is
 * the §2 404.
 */
import { redirect, type AppLoadContext } from "react-router";
import { endpoints } from "#contract/index.ts";
import type { LegalCompany } from "#contract/profile.ts";
import type { ApiResult } from "#app/lib/api-client.server.ts";
import { LegalCompanyForm } from "#contract/profile.ts";
import { boundedForm, parseForm, refuse } from "#app/lib/forms.server.ts";
import { formFailure, type FormReply } from "#app/lib/forms.ts";
import { COMPANY_TITLE_MISSING, idOf } from "./forms.ts";
import { readImage } from "./image-intake.server.ts";
import { IMAGE_TYPES } from "./image-intake.ts";
import { actionFailure, isStaff } from "./session.server.ts";

/** Whether the user may change the shop's own companies (api/account/companies.ts: ROLE_ADMIN only). */
export const canEditOur = (roles: readonly string[]) => roles.includes("ROLE_ADMIN");

/**
 * The lists a user sees: their own companies (legal/my, any role) and, for staff, the shop's
 * own list (legal/our, §6). `our` is null for customers.
 */
export async function loadCompanies(
  context: Pick<AppLoadContext, "api">,
  roles: readonly string[],
): Promise<{ my: ApiResult<LegalCompany[]>; our: ApiResult<LegalCompany[]> | null }> {
  const [my, our] = await Promise.all([context.api.call(endpoints.legalMy), isStaff(roles) ? context.api.call(endpoints.legalOur) : Promise.resolve(null)]);
  return { my, our };
}

/** The companies this user may change: their own, plus the shop's for ROLE_ADMIN. */
export function editableIds(lists: { my: LegalCompany[]; our: LegalCompany[] }, roles: readonly string[]): Set<number> {
  return new Set([...lists.my, ...(canEditOur(roles) ? lists.our : [])].map((c) => c.id));
}

export const COMPANY_INTENTS = ["company-save", "company-delete"] as const;

/** The action's answer: Conform's reply for the form it came from (which intent, which company: null = a new one). */
export type CompanyAnswer = FormReply & { formIntent: (typeof COMPANY_INTENTS)[number] | null; companyId: number | null };

export const COMPANIES_HREF = "/profile/companies";
export const COMPANY_GONE = "Эта компания уже удалена или недоступна. Обновите страницу.";
export const FORM_STALE = "Форма устарела. Обновите страницу и попробуйте ещё раз.";

/** The requisites' fields lose the spaces and dashes people paste with them ("7707 083893"). */
const DIGIT_FIELDS = ["inn", "kpp", "ogrn", "bik", "checkingAccount", "correspondentAccount"] as const;

/** Saves or deletes; a success redirects to the list (PRG), a failure answers what to show. */
export async function companiesAction(context: Pick<AppLoadContext, "api">, posted: FormData, url: URL, roles: readonly string[]): Promise<CompanyAnswer> {
  const raw = posted.get("intent");
  const formIntent = (COMPANY_INTENTS as readonly unknown[]).includes(raw) ? (raw as CompanyAnswer["formIntent"]) : null;
  const companyId = idOf(posted.get("id"));
  const failure = (message: string, errors?: Record<string, string>): CompanyAnswer => ({ ...formFailure(message, errors), formIntent, companyId });
  if (!formIntent) return failure(FORM_STALE);
  // An id that is not an id (junk, a huge number) names no company: nothing is created in its place.
  if (posted.get("id") !== null && companyId === null) return failure(COMPANY_GONE);

  // The id must be one of the companies this user may change (IDOR: nothing else is touched).
  if (companyId !== null || formIntent === "company-delete") {
    const { my, our } = await loadCompanies(context, roles);
    if (!my.ok) return failure(actionFailure(my.error, url).message);
    if (our && !our.ok && our.error.status === 401) actionFailure(our.error, url);
    const editable = editableIds({ my: my.data, our: our?.ok ? our.data : [] }, roles);
    if (companyId === null || !editable.has(companyId)) return failure(COMPANY_GONE);
  }

  if (formIntent === "company-delete") {
    const result = await context.api.call(endpoints.legalDelete, { params: { id: companyId! } });
    if (!result.ok) return failure(actionFailure(result.error, url).message);
    throw redirect(`${COMPANIES_HREF}?deleted=1`);
  }

  // The logo is read by the image intake (its bytes, not only its declared type); the rest by the contract's schema.
  const image = await readImage(posted, "image", IMAGE_TYPES);
  const form = boundedForm(posted, { max: 600, digits: DIGIT_FIELDS });
  form.delete("image");
  const submission = parseForm(form, LegalCompanyForm);
  const answer = (reply: FormReply): CompanyAnswer => ({ ...reply, formIntent, companyId });
  if (submission.status !== "success" || !image.ok) {
    // §8's words for the title (the contract's are the API's shorter ones).
    const title = submission.status === "error" && submission.error?.shortTitle ? (form.get("shortTitle")?.toString().trim() ? "Не больше 255 символов" : COMPANY_TITLE_MISSING) : undefined;
    return answer(refuse(submission, null, { shortTitle: title, image: image.ok ? undefined : image.error }));
  }
  // §3: the image is omitted when none was chosen, so an update keeps the current logo.
  const body = { ...submission.value, ...(image.file ? { image: image.file } : {}) };
  const result = companyId === null ? await context.api.call(endpoints.legalCreate, { body }) : await context.api.call(endpoints.legalUpdate, { params: { id: companyId }, body });
  if (!result.ok) {
    const { message, errors } = actionFailure(result.error, url);
    return answer(refuse(submission, message, errors));
  }
  throw redirect(`${COMPANIES_HREF}?saved=${result.data.id}#company-${result.data.id}`);
}
