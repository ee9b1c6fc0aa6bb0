/**
 * /comparison/sync (ADR 034): a logged-in visitor's comparison on the server. GET answers the
 * server's product ids (gone products removed); POST intent=add|delete|clear changes them. JSON for the
 * browser's RemoteList adapter; never cached.
 */
import type { Route } from "./+types/comparison-sync";
import { changeList, loadList } from "#app/features/shopping/list-sync.server.ts";

export const loader = ({ context, url }: Route.LoaderArgs) => loadList(context, "comparison", url);
export const action = ({ context, request }: Route.ActionArgs) => changeList(context, "comparison", request);
