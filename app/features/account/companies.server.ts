/**
 * /profile/companies: whose list the page shows (§6) and its action (create, update, delete).
 * Ordinary users manage their own companies (legal/my); staff roles see the shop's own list
 * (legal/our). An id is acted on only when it is on the list the user was shown, so another
 * user's company id changes nothing and its edit URL is the §2 404.
 */
import { redirect, type AppLoadContext } from "react-router";
import { endpoints } from "#contract/index.ts";
import type { LegalCompany } from "#contract/profile.ts";
import type { ApiResult } from "#app/lib/api-client.server.ts";
import { LOGO_TYPES, idOf, parseCompanyForm, parseImage, text, type CompanyValues, type FieldErrors } from "./forms.ts";
import { actionFailure, isStaff } from "./session.server.ts";

export type CompanyListKind = "my" | "our";

/** The list a user sees: legal/our for staff (§6), legal/my otherwise. */
export async function loadCompanies(context: Pick<AppLoadContext, "api">, roles: readonly string[]): Promise<{ kind: CompanyListKind; result: ApiResult<LegalCompany[]> }> {
  const kind: CompanyListKind = isStaff(roles) ? "our" : "my";
  const result = await context.api.call(kind === "our" ? endpoints.legalOur : endpoints.legalMy);
  return { kind, result };
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

  // The id must be one of the companies this user is shown (IDOR: nothing else is touched).
  if (companyId !== null || intent === "company-delete") {
    const { result } = await loadCompanies(context, roles);
    if (!result.ok) return answer(actionFailure(result.error, url));
    if (companyId === null || !result.data.some((c) => c.id === companyId)) return answer({ message: COMPANY_GONE });
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
