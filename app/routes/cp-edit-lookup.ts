/**
 * /cp/edit/lookup (loader only, JSON): the offer editor's look-ups with JavaScript (ADR 055):
 * `?text=&category=` the product search (kp/search/product), `?group=` a product group's variations
 * and print types (kp/product/{id}), `?sku=` one variation by its article, `?client=` a client's
 * representatives and purposes. Staff only; anything else answers an error, never a 5xx.
 */
import { data } from "react-router";
import type { Route } from "./+types/cp-edit-lookup";
import { editorLookup } from "#app/features/offers/editor/editor.server.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  return data(await editorLookup(context, url), { headers: { "Cache-Control": "private, no-store" } });
}
