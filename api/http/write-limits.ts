/**
 * Every write of the API passes the shop's rate limiter (issue 25, ADR 041): each non-GET endpoint
 * of the contract is named here with its tier (limits/tiers.ts), or listed as not a write (a price
 * computed and nothing stored; a refresh or logout, whose tokens cannot be guessed). A test keeps
 * the table complete. Counting is by the client IP (CLIENT_IP_HEADER), or by the account for the
 * tiers in PER_USER_TIERS, before the body is read.
 *
 * An endpoint that needs a login is not counted for a caller without one: the 401 stores nothing,
 * and the storefront repeats the call after refreshing its token, which would count one action twice.
 */
import type { Context, Hono } from "hono";
import { endpoints, type EndpointId } from "../../contract/index";
import { clientKey, RateLimited, type Limits } from "../../limits/limiter";
import type { TierName } from "../../limits/tiers";
import { optionalUser } from "../auth/session";
import { clientIp } from "./client-ip";
import { HttpError } from "./errors";
import { honoPath } from "./route";

export const WRITE_TIERS: Partial<Record<EndpointId, TierName>> = {
  fileUpload: "upload",
  orderCreate: "order",
  orderCreateUnauth: "order",
  subscriptionCreate: "subscription",
  subscriptionConfirm: "subscription",
  commentCreate: "comment",
  commentUpdate: "comment",
  commentDelete: "comment",
  authLogin: "auth",
  authSmsLogin: "auth",
  authSmsSend: "auth",
  authSignup: "auth",
  authResetPassword: "auth",
  authResetPasswordRequest: "auth",
  profileUpdate: "account",
  shipmentAddressUpdate: "account",
  legalCreate: "account",
  legalUpdate: "account",
  legalDelete: "account",
  changeAvatar: "account",
  phoneSet: "account",
  phoneConfirm: "account",
  changePassword: "account",
  emailSet: "account",
  emailConfirm: "account",
  kpCreate: "kpWrite",
  kpUpdate: "kpWrite",
  kpDelete: "kpWrite",
  kpActivate: "kpWrite",
  kpDeactivate: "kpWrite",
  kpFavorite: "kpWrite",
  kpCopy: "kpWrite",
  kpSend: "account",
  kpClientCreate: "kpWrite",
  kpRepresentativeCreate: "kpWrite",
  kpPurposeCreate: "kpWrite",
  kpPublicAccept: "kpAccept",
  searchHistoryDelete: "account",
  searchHistoryClear: "account",
  cartRecalculate: "lists",
  cartComment: "lists",
  cartClear: "lists",
  cartImageAdd: "lists",
  cartImageDelete: "lists",
  cartMerge: "lists",
  favoriteAdd: "lists",
  favoriteDelete: "lists",
  comparingAdd: "lists",
  comparingDelete: "lists",
};

/**
 * Tiers counted per account rather than per address (every endpoint in them needs a login): an
 * office's managers share one IP, and a script changing addresses gains nothing.
 */
export const PER_USER_TIERS: ReadonlySet<TierName> = new Set<TierName>(["kpWrite"]);

/** Non-GET calls that store nothing a stranger could flood (prices), or whose token is unguessable. */
export const NOT_WRITES: readonly EndpointId[] = ["cartUnauth", "coatingRecalculate", "kpCalculate", "kpPrintCalculate", "authRefresh", "authLogout"];

/** A refusal as the API answers it: 429, Retry-After, the Russian message (a field's when it names one). */
export function tooMany(c: Context, error: RateLimited): HttpError {
  c.header("Retry-After", String(error.retryAfterS));
  return new HttpError(429, error.message, error.field ? [{ field: error.field, message: error.message }] : []);
}

/** Counts `points` of the tier for the caller's IP; a refusal becomes the 429. */
export async function consumeForClient(c: Context, limits: Limits, tier: TierName, points = 1): Promise<void> {
  try {
    await limits.consume(tier, clientKey(clientIp(c)), points);
  } catch (error) {
    if (error instanceof RateLimited) throw tooMany(c, error);
    throw error;
  }
}

/**
 * Counts `points` of the tier for a logged-in user (a read that is costly for the server, e.g.
 * kp/export), keyed by the account, not the address: an office behind one IP shares nothing, and a
 * script changing addresses gains nothing. A refusal becomes the 429.
 */
export async function consumeForUser(c: Context, limits: Limits, tier: TierName, userId: number, points = 1): Promise<void> {
  try {
    await limits.consume(tier, `user:${userId}`, points);
  } catch (error) {
    if (error instanceof RateLimited) throw tooMany(c, error);
    throw error;
  }
}

/** Registers the counting middleware of every write endpoint (before the domains' routes). */
export function writeLimits(app: Hono, limits: Limits): void {
  for (const [id, tier] of Object.entries(WRITE_TIERS) as [EndpointId, TierName][]) {
    const e = endpoints[id];
    app.on(e.method, honoPath(e.path), async (c, next) => {
      const user = optionalUser(c);
      if (e.auth && !user) return next();
      if (user && PER_USER_TIERS.has(tier)) await consumeForUser(c, limits, tier, user.id);
      else await consumeForClient(c, limits, tier);
      return next();
    });
  }
}
