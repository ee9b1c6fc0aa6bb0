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

/**
 * `signedIn`: the visitor has a session (the user, or null when the profile could not be loaded
 * this time: the API down is not a logout). A 401 after the refresh means the session is over.
 */
export async function sessionUser(context: Pick<AppLoadContext, "api" | "isAuthenticated">): Promise<{ signedIn: boolean; user: SessionUser | null }> {
  if (!context.isAuthenticated) return { signedIn: false, user: null };
  const result = await context.api.call(endpoints.profileGet);
  if (result.ok) return { signedIn: true, user: toSessionUser(result.data) };
  return { signedIn: result.error.status !== 401 && result.error.status !== 403, user: null };
}
