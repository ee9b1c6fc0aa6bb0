/**
 * /cp/edit/new and /cp/edit/{id} (§2 kp layout, issue 27, ADR 055): the offer editor. Staff only
 * (ADR 051); guests go to the login, anyone else and an id that names no offer of the caller's
 * get the §2 404. Private, noindex, never page-cached (no `headers`: private, no-cache); no sitemap
 * entry. The page's work is in features/offers/editor/.
 */
import type { Route } from "./+types/cp-edit";
import { SITE_NAME } from "#app/lib/seo.ts";
import { editorAction, loadEditor } from "#app/features/offers/editor/editor.server.ts";
import { OfferEditor } from "#app/features/offers/editor/offer-editor.tsx";
import accountStyles from "#app/styles/account.css?url";
import offersStyles from "#app/styles/offers.css?url";

export async function loader({ url, params, context }: Route.LoaderArgs) {
  return loadEditor(context, url, params.id);
}

export async function action({ url, request, params, context }: Route.ActionArgs) {
  return editorAction(context, request, url, params.id);
}

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: accountStyles },
  { rel: "stylesheet", href: offersStyles },
];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.id ? `Редактирование КП № ${data.number ?? data.id}` : "Новое коммерческое предложение"} | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function OfferEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  return <OfferEditor key={loaderData.id ?? "new"} data={loaderData} reply={actionData} />;
}
