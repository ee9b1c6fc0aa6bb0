/**
 * POST /logout (§4, ADR 036): the session revoked at the API (DELETE /api/auth/logout with the
 * refresh token), then the token, refreshToken and manager-choice cookies cleared whatever the API
 * answered, and a 303 to / (§2). State never changes on GET: GET /logout is the §2 404.
 */
import type { Route } from "./+types/logout";
import { pageNotFoundMessage } from "#app/lib/filters.ts";
import { logoutAction } from "#app/features/auth/auth.server.ts";

export async function action({ request, context }: Route.ActionArgs) {
  return logoutAction(context, request);
}

export function loader({ url }: Route.LoaderArgs) {
  throw new Response(pageNotFoundMessage(url.pathname), { status: 404 });
}
