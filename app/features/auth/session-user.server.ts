/**
 * The root loader's view of the session (§4: "anonymous becomes authenticated after a profile
 * fetch at start"): with a token cookie, the user is loaded (profileGet); the API client refreshes
 * an expired token, and a failed refresh clears the cookies, so the visitor is anonymous again.
 */
import type { AppLoadContext } from "react-router";
import { endpoints } from "#contract/index.ts";
import type { User } from "#contract/profile.ts";

/** What every page may know about the user: small, and only what the shell shows or decides on. */
export interface SessionUser {
  id: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  roles: User["roles"];
  /** §6: phone verified and account activated. */
  verified: boolean;
}

export function toSessionUser(user: User): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    roles: user.roles,
    verified: user.phoneVerified && user.activated,
  };
}

/** One profile call per request, however many loaders ask (the root and /login, say). */
const perRequest = new WeakMap<object, Promise<{ signedIn: boolean; user: SessionUser | null }>>();

/**
 * `signedIn`: the visitor has a session (the user, or null when the profile could not be loaded
 * this time: the API down is not a logout). A 401 after the refresh means the session is over.
 */
export function sessionUser(context: Pick<AppLoadContext, "api" | "isAuthenticated">): Promise<{ signedIn: boolean; user: SessionUser | null }> {
  if (!context.isAuthenticated) return Promise.resolve({ signedIn: false, user: null });
  let session = perRequest.get(context.api);
  if (!session) {
    session = context.api.call(endpoints.profileGet).then((result) =>
      result.ok ? { signedIn: true, user: toSessionUser(result.data) } : { signedIn: result.error.status !== 401 && result.error.status !== 403, user: null },
    );
    perRequest.set(context.api, session);
  }
  return session;
}
