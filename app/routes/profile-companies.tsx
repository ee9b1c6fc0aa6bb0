/**
 * /profile/companies (§2, §3 legal company, §6): the user's companies as cards (staff: the shop's
 * own list), a create form in a disclosure, "Изменить" as a link (?edit=ID, a company not on the
 * list is the §2 404), delete behind a confirming disclosure. The form is multipart form data
 * (§3) with an optional logo; requisites are checked by their checksums before the API is asked
 * (contract/requisites.ts), each error under its field. Private, noindex.
 */
import { data } from "react-router";
import type { Route } from "./+types/profile-companies";
import { endpoints } from "#contract/index.ts";
import type { RouteHandle } from "#app/layouts/layout.ts";
import { SITE_NAME } from "#app/lib/seo.ts";
import { notFound } from "#app/lib/page-errors.server.ts";
import { accountCallFailed, requireLogin, toLogin } from "#app/features/account/session.server.ts";
import { companiesAction, loadCompanies } from "#app/features/account/companies.server.ts";
import { idOf } from "#app/features/account/forms.ts";
import { CompaniesView } from "#app/features/account/companies-view.tsx";
import accountStyles from "#app/styles/account.css?url";

export const handle: RouteHandle = { layout: "user" };

async function rolesOf(context: Route.LoaderArgs["context"], url: URL): Promise<string[]> {
  const profile = await context.api.call(endpoints.profileGet);
  if (!profile.ok) accountCallFailed(profile.error, url);
  return profile.data.roles;
}

export async function loader({ url, context }: Route.LoaderArgs) {
  requireLogin(context, url);
  const roles = await rolesOf(context, url);
  const { kind, result } = await loadCompanies(context, roles);
  if (!result.ok && result.error.status === 401) toLogin(url);
  // §8: a list that fails to load is an empty one (the page says it could not load it).
  const companies = result.ok ? result.data : [];
  const editParam = url.searchParams.get("edit");
  const editId = editParam === null ? null : idOf(editParam);
  // Someone else's company (or junk) in the edit URL names nothing here: the §2 404.
  if (editParam !== null && (editId === null || !companies.some((c) => c.id === editId))) notFound(url.pathname);
  return {
    kind,
    failed: !result.ok,
    companies,
    editId,
    saved: idOf(url.searchParams.get("saved")),
    deleted: url.searchParams.get("deleted") === "1",
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  requireLogin(context, url);
  const form = await request.formData().catch(() => null);
  if (!form) return data({ intent: null, ok: false as const, message: "Не удалось прочитать форму. Попробуйте ещё раз.", errors: {}, companyId: null, values: null }, { status: 400 });
  const roles = await rolesOf(context, url);
  return data(await companiesAction(context, form, url, roles), { status: 400 });
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: Route.MetaFunction = () => [{ title: `Компании | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export default function CompaniesPage({ loaderData, actionData }: Route.ComponentProps) {
  return <CompaniesView {...loaderData} answer={actionData ?? null} />;
}
