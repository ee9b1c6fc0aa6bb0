/**
 * The account area's guard (§2, §4): an anonymous visitor, or one whose token the API refused
 * after a failed refresh (§8: 401 → signed out), goes to the login page and comes back after.
 */
import { redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import type { ApiError } from "#app/lib/api-client.server.ts";
import { mainContentError } from "#app/lib/page-errors.server.ts";

/** "/login?redirectTo=/profile/orders%3Fpage%3D2": the page to come back to, on this site only. */
export function loginHref(url: URL): string {
  const search = new URLSearchParams(url.search);
  search.delete("_routes"); // React Router's single-fetch parameter, not the page's
  const query = search.toString();
  const back = url.pathname.replace(/\.data$/, "").replace(/\/_$/, "") + (query ? `?${query}` : "");
  return `/login?redirectTo=${encodeURIComponent(back)}`;
}

/** Throws the redirect to the login page. */
export function toLogin(url: URL): never {
  throw redirect(loginHref(url));
}

/** First line of every account loader and action: no token cookie, no account page. */
export function requireLogin(context: Pick<AppLoadContext, "isAuthenticated">, url: URL): void {
  if (!context.isAuthenticated) toLogin(url);
}

/** A failed call the page cannot do without: 401 → login; 4xx → the §2 404; else 503 (mainContentError). */
export function accountCallFailed(error: ApiError, url: URL): never {
  if (error.status === 401) toLogin(url);
  mainContentError(error, url.pathname);
}

/** What an action answers for a failed call: 401 → login, otherwise the §8 message and field errors. */
export function actionFailure(error: ApiError, url: URL): { message: string; errors: Record<string, string> } {
  if (error.status === 401) toLogin(url);
  return { message: error.message, errors: error.errors };
}

/** §6 staff roles: they see the shop's own companies (legal/our). */
export const STAFF_ROLES = ["ROLE_MANAGER", "ROLE_SALES_CHIEF", "ROLE_ADMIN", "ROLE_ADMIN_MANAGER"] as const;
export function isStaff(roles: readonly string[]): boolean {
  return roles.some((r) => (STAFF_ROLES as readonly string[]).includes(r));
}
