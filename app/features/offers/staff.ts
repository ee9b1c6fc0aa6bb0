/** §6 staff roles (ADR 051): they make and edit commercial offers. Browser-safe (the cart page asks it). */
export const OFFER_STAFF_ROLES = ["ROLE_MANAGER", "ROLE_SALES_CHIEF", "ROLE_ADMIN", "ROLE_ADMIN_MANAGER"] as const;

export function isStaff(roles: readonly string[]): boolean {
  return roles.some((r) => (OFFER_STAFF_ROLES as readonly string[]).includes(r));
}
