/**
 * Who sees and changes which offer (ADR 051, replacing ADR 035's offer rule):
 * - ROLE_SALES_CHIEF, ROLE_ADMIN, ROLE_ADMIN_MANAGER: every offer and client;
 * - ROLE_MANAGER: the offers they authored and the offers of their own clients (kp_clients.manager_id);
 * - everyone else (ROLE_USER): offers addressed to them — sent at least once, with a representative
 *   whose e-mail is the user's confirmed e-mail or whose phone is the user's confirmed phone — and
 *   offers they authored (older demo data); read-only.
 * Outside the scope an offer does not exist: 404.
 */
import { sql, type SQL } from "drizzle-orm";
import { HttpError } from "../http/errors";
import { FORBIDDEN_MESSAGE, hasRole, isStaff, type AuthUser } from "../auth/session";

/** Roles that see and change every offer. */
export const KP_ALL_ROLES = ["ROLE_SALES_CHIEF", "ROLE_ADMIN", "ROLE_ADMIN_MANAGER"] as const;

export const seesAllOffers = (user: AuthUser) => hasRole(user, ...KP_ALL_ROLES);

/** ADR 051: only staff change offers and use the editor's reference calls; a customer reads. */
export const editsOffers = (user: AuthUser) => isStaff(user);

export function requireOfferEditor(user: AuthUser): void {
  if (!editsOffers(user)) throw new HttpError(403, FORBIDDEN_MESSAGE);
}

/** Offers `co` the caller may see. */
export function offerScope(user: AuthUser): SQL {
  if (seesAllOffers(user)) return sql`true`;
  if (hasRole(user, "ROLE_MANAGER")) {
    return sql`(co.manager_id = ${user.id} OR EXISTS (SELECT 1 FROM kp_clients sc WHERE sc.id = co.client_id AND sc.manager_id = ${user.id}))`;
  }
  // Addressed to the customer: a confirmed contact of theirs is the representative's, and it was sent.
  return sql`(co.manager_id = ${user.id} OR (
    EXISTS (SELECT 1 FROM commercial_offer_versions sv WHERE sv.offer_id = co.id)
    AND EXISTS (SELECT 1 FROM kp_representatives sr JOIN users su ON su.id = ${user.id}
      WHERE sr.id = co.representative_id AND (
        (su.email_verified AND su.email IS NOT NULL AND lower(sr.email) = lower(su.email))
        OR (su.phone_verified AND su.phone IS NOT NULL AND sr.phone IS NOT NULL
          AND right(regexp_replace(sr.phone, '\\D', '', 'g'), 10) = right(regexp_replace(su.phone, '\\D', '', 'g'), 10)
          AND length(regexp_replace(sr.phone, '\\D', '', 'g')) >= 10)))))`;
}

/** Offers `co` the caller may change: a customer none. */
export function offerEditScope(user: AuthUser): SQL {
  return editsOffers(user) ? offerScope(user) : sql`false`;
}

/** Clients `c` the caller works with. */
export function clientScope(user: AuthUser): SQL {
  if (seesAllOffers(user)) return sql`true`;
  if (editsOffers(user)) return sql`c.manager_id = ${user.id}`;
  return sql`false`;
}
