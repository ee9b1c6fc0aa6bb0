/**
 * /profile/companies (§2, §3 legal company, §6): the user's companies as cards (staff also see
 * the shop's own list; ROLE_ADMIN may change it), a create form in a disclosure, "Изменить" as a link (?edit=ID, a company not on the
 * list is the §2 404), delete behind a confirming disclosure. The form is multipart form data
 * (§3) with an optional logo; requisites are checked by their checksums before the API is asked
 * (contract/requisites.ts), each error under its field. Private, noindex.
 */
import { data } from "react-router";
import type { Route } from "./+types/profile-companies";
import { SITE_NAME } from "#app/lib/seo.ts";
import { notFound } from "#app/lib/page-errors.server.ts";
import { requireLogin, requireSessionUser, toLogin } from "#app/features/account/session.server.ts";
import { canEditOur, companiesAction, editableIds, loadCompanies, type CompanyAnswer } from "#app/features/account/companies.server.ts";
import { formFailure } from "#app/lib/forms.ts";
import { idOf } from "#app/features/account/forms.ts";
import { CompaniesView } from "#app/features/account/companies-view.tsx";


async function rolesOf(context: Route.LoaderArgs["context"], url: URL): Promise<string[]> {
  return (await requireSessionUser(context, url)).roles;
}

export async function loader({ url, context }: Route.LoaderArgs) {
  requireLogin(context, url);
  const roles = await rolesOf(context, url);
  const { my, our } = await loadCompanies(context, roles);
  if ((!my.ok && my.error.status === 401) || (our && !our.ok && our.error.status === 401)) toLogin(url);
  // §8: a list that fails to load is an empty one (the page says it could not load it).
  const lists = { my: my.ok ? my.data : [], our: our?.ok ? our.data : [] };
  const editParam = url.searchParams.get("edit");
  const editId = editParam === null ? null : idOf(editParam);
  // Someone else's company (or junk) in the edit URL names nothing here: the §2 404.
  if (editParam !== null && (editId === null || !editableIds(lists, roles).has(editId))) notFound(url.pathname);
  const saved = idOf(url.searchParams.get("saved"));
  return {
    my: lists.my,
    myFailed: !my.ok,
    /** null: not staff (no shop list). */
    our: our ? lists.our : null,
    ourFailed: Boolean(our && !our.ok),
    canEditOur: canEditOur(roles),
    editId,
    savedTitle: saved === null ? null : ([...lists.my, ...lists.our].find((c) => c.id === saved)?.shortTitle ?? null),
    deleted: url.searchParams.get("deleted") === "1",
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  requireLogin(context, url);
  const form = await request.formData().catch(() => null);
  // A success redirects; a failure answers 200 with the errors, shown under the fields (as /profile).
  const noStore = { headers: { "Cache-Control": "no-store" } };
  if (!form) return data<CompanyAnswer>({ ...formFailure("Не удалось прочитать форму. Попробуйте ещё раз."), formIntent: null, companyId: null }, noStore);
  const roles = await rolesOf(context, url);
  return data(await companiesAction(context, form, url, roles), noStore);
}


export const meta: Route.MetaFunction = () => [{ title: `Компании | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export default function CompaniesPage({ loaderData, actionData }: Route.ComponentProps) {
  return <CompaniesView {...loaderData} answer={actionData ?? null} />;
}
