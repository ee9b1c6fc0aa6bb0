/**
 * The newsletter subscription (issue 18, §2 "/subscribe"): designed here, not a §7 call (see
 * docs/api-contract.md "Subscription"). A visitor leaves an e-mail; the API stores it (lower-cased,
 * one row per address) and sends one letter with a confirmation link; the address receives
 * mailings only after the link is followed (double opt-in, 152-ФЗ / 38-ФЗ "О рекламе": consent
 * must be provable).
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";

import { EMAIL_PATTERN, MAX_EMAIL_LENGTH, SUBSCRIPTION_EMAIL_INVALID, SUBSCRIPTION_EMAIL_MISSING, SUBSCRIPTION_EMAIL_TOO_LONG, SUBSCRIPTION_TOKEN_INVALID, SUBSCRIPTION_TOKEN_PATTERN } from "./subscription-rules.ts";

export { EMAIL_PATTERN, MAX_EMAIL_LENGTH, SUBSCRIPTION_EMAIL_INVALID, SUBSCRIPTION_EMAIL_MISSING, SUBSCRIPTION_EMAIL_TOO_LONG, SUBSCRIPTION_TOKEN_INVALID, SUBSCRIPTION_TOKEN_PATTERN } from "./subscription-rules.ts";

/**
 * The address as typed: trimmed, then checked. The length is checked before the format so that a
 * 10 000-character value costs one comparison, and zod's e-mail pattern refuses CR/LF, so no header
 * can be smuggled into the letter through it.
 */
export const subscriptionEmail = () =>
  z
    .string({ error: SUBSCRIPTION_EMAIL_MISSING })
    .trim()
    .min(1, SUBSCRIPTION_EMAIL_MISSING)
    .max(MAX_EMAIL_LENGTH, SUBSCRIPTION_EMAIL_TOO_LONG)
    .pipe(z.email({ pattern: EMAIL_PATTERN, error: SUBSCRIPTION_EMAIL_INVALID }));

export const SubscriptionRequest = z.object({ email: subscriptionEmail() });
export type SubscriptionRequest = z.input<typeof SubscriptionRequest>;

export const SubscriptionResult = z.object({
  success: z.boolean(),
  /** The address was already on the list (a repeated request: nothing new is stored or sent). */
  alreadySubscribed: z.boolean(),
  /** The address has confirmed its subscription by the link in the letter. */
  confirmed: z.boolean(),
});
export type SubscriptionResult = z.infer<typeof SubscriptionResult>;


export const SubscriptionConfirmRequest = z.object({
  token: z.string({ error: SUBSCRIPTION_TOKEN_INVALID }).regex(SUBSCRIPTION_TOKEN_PATTERN, SUBSCRIPTION_TOKEN_INVALID),
});
export type SubscriptionConfirmRequest = z.input<typeof SubscriptionConfirmRequest>;

export const SubscriptionConfirmResult = z.object({
  success: z.boolean(),
  /** The link had been followed before (a second click answers the same success). */
  alreadyConfirmed: z.boolean(),
});
export type SubscriptionConfirmResult = z.infer<typeof SubscriptionConfirmResult>;

export const subscriptionEndpoints = {
  subscriptionCreate: endpoint({
    id: "subscriptionCreate",
    method: "POST",
    path: "/subscription",
    tag: "subscription",
    summary:
      "Subscribe an e-mail to the newsletter; sends one confirmation letter. Idempotent: a repeated address answers alreadySubscribed and sends nothing new",
    timeout: "default",
    body: SubscriptionRequest,
    response: SubscriptionResult,
  }),
  subscriptionConfirm: endpoint({
    id: "subscriptionConfirm",
    method: "POST",
    path: "/subscription/confirm",
    tag: "subscription",
    summary: "Confirm a subscription by the token from the letter's link (400 with a field error for an unknown or expired token)",
    timeout: "default",
    body: SubscriptionConfirmRequest,
    response: SubscriptionConfirmResult,
  }),
};
