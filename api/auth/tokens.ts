/**
 * Refresh tokens (issue 19, ADR 033): 32 random bytes, base64url, given to the client once; only
 * their SHA-256 is stored (`refresh_tokens.token_hash`), so a database leak yields no usable token.
 *
 * - Every login starts a family (`family_id`, random); every refresh marks the presented token
 *   used and issues the next one in the same family, valid REFRESH_TOKEN_TTL_S (§9: 2678400 s).
 * - A token presented after it was used or revoked means someone kept a copy: the whole family
 *   is revoked and the answer is 401, so the thief's and the owner's next refresh both fail and
 *   the owner logs in again.
 * - Grace: a browser sends several requests at once with the same cookies (the §9 route preloads,
 *   two tabs), and each may find the access token expired and refresh. A token used less than
 *   REUSE_GRACE_S ago that is not revoked therefore answers again, with the same successor, instead
 *   of revoking the family; after the grace it is reuse. The first use is one conditional UPDATE
 *   (`used_at IS NULL`), so racing requests agree on which one rotated it.
 * - One successor per token (issue 25, ADR 040): the successor is derived from the presented token
 *   with the access-token key (HMAC), so a replay within the grace gets the very token the first
 *   rotation issued, on any instance, without keeping it in the clear. A second, independent
 *   successor would fork the family: a thief replaying a just-rotated token would hold a chain of
 *   their own that the owner's refreshes never collide with, and reuse would go unnoticed.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { refreshTokens } from "../db/schema";

/** §9: the auth cookie lives 2678400 s (31 days); so does the refresh token. */
export const REFRESH_TOKEN_TTL_S = 2678400;
/** A used token presented again within this many seconds is a parallel request, not a theft. */
export const REUSE_GRACE_S = 20;
const TOKEN_BYTES = 32;

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

export type Clock = () => Date;

export interface IssuedRefreshToken {
  token: string;
  familyId: string;
}

/** A new token in `familyId` (a new family when unset). */
export async function issueRefreshToken(db: Db, userId: number, now: Date, familyId: string = randomBytes(16).toString("base64url")): Promise<IssuedRefreshToken> {
  const token = newToken();
  await db.insert(refreshTokens).values({
    userId,
    tokenHash: hashToken(token),
    familyId,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_S * 1000),
    createdAt: now,
  });
  return { token, familyId };
}

/** The one successor of a refresh token: HMAC-SHA-256 of it under `key`, base64url (the same shape as a new token). */
export function successorToken(key: Uint8Array, presented: string): string {
  return createHmac("sha256", key).update(`refresh-successor\u0000${presented}`, "utf8").digest("base64url");
}

export type RotateResult =
  | { ok: true; userId: number; token: string; familyId: string }
  | { ok: false; reason: "unknown" | "expired" | "reused" };

/**
 * Exchanges a refresh token for the next one of its family; reuse revokes the family. `key`
 * derives the successor (successorToken), so every answer for one token within the grace is the same.
 */
export async function rotateRefreshToken(db: Db, presented: string, now: Date, key: Uint8Array): Promise<RotateResult> {
  if (presented.length > 200) return { ok: false, reason: "unknown" };
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(presented))).limit(1);
  if (!row) return { ok: false, reason: "unknown" };
  const inGrace = (usedAt: Date | null) => usedAt !== null && now.getTime() - usedAt.getTime() <= REUSE_GRACE_S * 1000;
  if (row.revokedAt || (row.usedAt && !inGrace(row.usedAt))) {
    await revokeFamily(db, row.familyId, now);
    return { ok: false, reason: "reused" };
  }
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  if (!row.usedAt) {
    const claimed = await db
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) {
      // Another request rotated it a moment ago (or it was revoked meanwhile): read it again.
      const [now2] = await db.select({ usedAt: refreshTokens.usedAt, revokedAt: refreshTokens.revokedAt }).from(refreshTokens).where(eq(refreshTokens.id, row.id));
      if (!now2 || now2.revokedAt || !inGrace(now2.usedAt)) {
        await revokeFamily(db, row.familyId, now);
        return { ok: false, reason: "reused" };
      }
    }
  }
  // The first rotation stores the successor; a replay in the grace finds it stored and hands it out again.
  const next = successorToken(key, presented);
  await db
    .insert(refreshTokens)
    .values({ userId: row.userId, tokenHash: hashToken(next), familyId: row.familyId, expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_S * 1000), createdAt: now })
    .onConflictDoNothing({ target: refreshTokens.tokenHash });
  return { ok: true, userId: row.userId, token: next, familyId: row.familyId };
}

/**
 * Whether a session (a refresh-token family) of the user can still be refreshed: one of its
 * tokens is neither revoked nor expired. Access tokens of an ended session are refused with it.
 */
export async function sessionIsLive(db: Db, familyId: string, userId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}

export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Logout, a password change or reset: every refresh token of the user stops working. */
export async function revokeAllForUser(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** The family of a presented token (when `userId` is given: only if it is that user's); null otherwise. */
export async function familyOf(db: Db, presented: string, userId?: number): Promise<string | null> {
  if (presented.length > 200) return null;
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.tokenHash, hashToken(presented)), userId === undefined ? undefined : eq(refreshTokens.userId, userId)))
    .limit(1);
  return row?.familyId ?? null;
}

/** Expired rows older than a day past expiry are dead weight: deleted now and then by the service. */
export async function deleteExpiredRefreshTokens(db: Db, now: Date): Promise<void> {
  await db.delete(refreshTokens).where(sql`${refreshTokens.expiresAt} < ${new Date(now.getTime() - 86_400_000)}`);
}
