/**
 * Newsletter subscriptions (contract/subscription.ts, docs/api-contract.md "Subscription").
 *
 * - One row per address, stored lower-cased (`subscriptions.email` is unique): "Ivan@Mail.ru" and
 *   "ivan@mail.ru" are one subscriber. The insert is `ON CONFLICT DO NOTHING`, so concurrent
 *   requests with one address store one row and send one letter.
 * - A repeated address answers `alreadySubscribed` and sends nothing, with one exception: an
 *   unconfirmed address whose last letter is over an hour old gets a new link (the old token is
 *   replaced), so a lost letter can be asked for again without letting anyone flood a mailbox.
 * - The token is 32 random bytes; only its SHA-256 is stored. The link is valid for 7 days.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { SUBSCRIPTION_TOKEN_INVALID, type SubscriptionConfirmResult, type SubscriptionResult } from "../../contract/index";
import type { Db } from "../db/client";
import { subscriptions } from "../db/schema";
import { SHOP_NAME } from "../db/seed/content-data";
import { HttpError } from "../http/errors";
import type { Mailer } from "../mail/mailer";
import { subscriptionConfirmation } from "./letter";

export const RESEND_AFTER_MS = 60 * 60_000;
export const TOKEN_VALID_DAYS = 7;
/** The storefront page the letter's link opens (app/routes/subscribe-confirm.tsx). */
export const CONFIRM_PATH = "/subscribe/confirm";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function createSubscriptionService(db: Db, mailer: Mailer) {
  /** Sends the letter with a new token; a letter that could not be sent leaves the row ready for a retry. */
  async function sendLetter(id: number, email: string, token: string, siteOrigin: string): Promise<void> {
    const confirmUrl = `${siteOrigin}${CONFIRM_PATH}?token=${token}`;
    const sent = await mailer.send(subscriptionConfirmation({ email, confirmUrl, shopName: SHOP_NAME, validDays: TOKEN_VALID_DAYS }));
    if (!sent) await db.update(subscriptions).set({ letterSentAt: null }).where(eq(subscriptions.id, id));
  }

  return {
    async subscribe(rawEmail: string, siteOrigin: string): Promise<SubscriptionResult> {
      const email = rawEmail.toLowerCase();
      const token = randomBytes(32).toString("base64url");
      const [created] = await db
        .insert(subscriptions)
        .values({ email, tokenHash: hashToken(token), letterSentAt: new Date() })
        .onConflictDoNothing({ target: subscriptions.email })
        .returning({ id: subscriptions.id });
      if (created) {
        await sendLetter(created.id, email, token, siteOrigin);
        return { success: true, alreadySubscribed: false, confirmed: false };
      }
      // Known address: a new link only when unconfirmed and the last letter is old (or failed).
      // One UPDATE decides it, so two concurrent repeats cannot both send.
      const [renewed] = await db
        .update(subscriptions)
        .set({ tokenHash: hashToken(token), letterSentAt: new Date() })
        .where(
          and(
            eq(subscriptions.email, email),
            isNull(subscriptions.confirmedAt),
            or(isNull(subscriptions.letterSentAt), lt(subscriptions.letterSentAt, new Date(Date.now() - RESEND_AFTER_MS))),
          ),
        )
        .returning({ id: subscriptions.id });
      if (renewed) {
        await sendLetter(renewed.id, email, token, siteOrigin);
        return { success: true, alreadySubscribed: true, confirmed: false };
      }
      const [row] = await db.select({ confirmedAt: subscriptions.confirmedAt }).from(subscriptions).where(eq(subscriptions.email, email));
      return { success: true, alreadySubscribed: true, confirmed: Boolean(row?.confirmedAt) };
    },

    async confirm(token: string): Promise<SubscriptionConfirmResult> {
      const tokenHash = hashToken(token);
      const [confirmed] = await db
        .update(subscriptions)
        .set({ confirmedAt: new Date() })
        .where(
          and(
            eq(subscriptions.tokenHash, tokenHash),
            isNull(subscriptions.confirmedAt),
            sql`${subscriptions.letterSentAt} > now() - make_interval(days => ${TOKEN_VALID_DAYS})`,
          ),
        )
        .returning({ id: subscriptions.id });
      if (confirmed) return { success: true, alreadyConfirmed: false };
      const [row] = await db.select({ confirmedAt: subscriptions.confirmedAt }).from(subscriptions).where(eq(subscriptions.tokenHash, tokenHash));
      if (row?.confirmedAt) return { success: true, alreadyConfirmed: true };
      throw new HttpError(400, SUBSCRIPTION_TOKEN_INVALID, [{ field: "token", message: SUBSCRIPTION_TOKEN_INVALID }]);
    },
  };
}
