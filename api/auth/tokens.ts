/**
 * Refresh tokens (issue 19, ADR 033): 32 random bytes, base64url, given to the client once; only
 * their SHA-256 is stored (`refresh_tokens.token_hash`), so a database leak yields no usable token.
 *
 * - Every login starts a family (`family_id`, random); every refresh marks the presented token
 *   used and issues the next one in the same family, valid REFRESH_TOKEN_TTL_S (§9: 2678400 s).
 * - A token presented after it was used or revoked means someone kept a copy: the whole family
 *   is revoked and the answer is 401, so the thief's and the owner's next refresh both fail and
 *   the owner logs in again.
 * - The rotation is one conditional UPDATE (`used_at IS NULL`): two requests racing with the same
 *   token cannot both win; the loser is treated as reuse.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { refreshTokens } from "../db/schema";

/** §9: the auth cookie lives 2678400 s (31 days); so does the refresh token. */
export const REFRESH_TOKEN_TTL_S = 2678400;
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

export type RotateResult =
  | { ok: true; userId: number; token: string; familyId: string }
  | { ok: false; reason: "unknown" | "expired" | "reused" };

/** Exchanges a refresh token for the next one of its family; reuse revokes the family. */
export async function rotateRefreshToken(db: Db, presented: string, now: Date): Promise<RotateResult> {
  if (presented.length > 200) return { ok: false, reason: "unknown" };
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(presented))).limit(1);
  if (!row) return { ok: false, reason: "unknown" };
  if (row.usedAt || row.revokedAt) {
    await revokeFamily(db, row.familyId, now);
    return { ok: false, reason: "reused" };
  }
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) {
    await revokeFamily(db, row.familyId, now);
    return { ok: false, reason: "reused" };
  }
  const next = await issueRefreshToken(db, row.userId, now, row.familyId);
  return { ok: true, userId: row.userId, token: next.token, familyId: row.familyId };
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
