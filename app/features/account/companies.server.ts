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
import { LOGO_TYPES, idOf, parseCompanyForm, parseImage, text, type CompanyValues, type FieldErrors } from "./forms.ts";
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

export interface CompanyAnswer {
  intent: (typeof COMPANY_INTENTS)[number] | null;
  ok: false;
  message: string | null;
  errors: FieldErrors;
  /** The company being edited (null = a new one) and what was typed. */
  companyId: number | null;
  values: CompanyValues | null;
}

export const COMPANIES_HREF = "/profile/companies";
export const COMPANY_GONE = "Эта компания уже удалена или недоступна. Обновите страницу.";

/** Saves or deletes; a success redirects to the list (PRG), a failure answers what to show. */
export async function companiesAction(context: Pick<AppLoadContext, "api">, form: FormData, url: URL, roles: readonly string[]): Promise<CompanyAnswer> {
  const raw = text(form, "intent", 40);
  const intent = (COMPANY_INTENTS as readonly string[]).includes(raw) ? (raw as CompanyAnswer["intent"]) : null;
  const companyId = idOf(form.get("id"));
  const answer = (rest: Partial<CompanyAnswer>): CompanyAnswer => ({ intent, ok: false, message: null, errors: {}, companyId, values: null, ...rest });
  if (!intent) return answer({ message: "Форма устарела. Обновите страницу и попробуйте ещё раз." });

  // The id must be one of the companies this user may change (IDOR: nothing else is touched).
  if (companyId !== null || intent === "company-delete") {
    const { my, our } = await loadCompanies(context, roles);
    if (!my.ok) return answer(actionFailure(my.error, url));
    if (our && !our.ok && our.error.status === 401) actionFailure(our.error, url);
    const editable = editableIds({ my: my.data, our: our?.ok ? our.data : [] }, roles);
    if (companyId === null || !editable.has(companyId)) return answer({ message: COMPANY_GONE });
  }

  if (intent === "company-delete") {
    const result = await context.api.call(endpoints.legalDelete, { params: { id: companyId! } });
    if (!result.ok) return answer(actionFailure(result.error, url));
    throw redirect(`${COMPANIES_HREF}?deleted=1`);
  }

  const parsed = parseCompanyForm(form);
  const image = await parseImage(form, "image", LOGO_TYPES);
  const errors = { ...(parsed.ok ? {} : parsed.errors), ...(image.ok ? {} : image.errors) };
  if (!parsed.ok || !image.ok) return answer({ errors, values: parsed.values });
  // §3: the image is omitted when none was chosen, so an update keeps the current logo.
  const body = { ...parsed.value, ...(image.value ? { image: image.value } : {}) };
  const result = companyId === null ? await context.api.call(endpoints.legalCreate, { body }) : await context.api.call(endpoints.legalUpdate, { params: { id: companyId }, body });
  if (!result.ok) return answer({ ...actionFailure(result.error, url), values: parsed.values });
  throw redirect(`${COMPANIES_HREF}?saved=${result.data.id}#company-${result.data.id}`);
}
