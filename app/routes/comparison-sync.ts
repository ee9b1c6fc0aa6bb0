/**
 * /comparison/sync (ADR 034, 045): a logged-in visitor's comparison changes. POST intent=add|delete|clear
 * from the page's fetchers; the list itself comes from the root loader (revalidated after it). Never cached.
 */
import type { Route } from "./+types/comparison-sync";
import { changeList } from "#app/features/shopping/list-sync.server.ts";

export const action = ({ context, request }: Route.ActionArgs) => changeList(context, "comparison", request);
