/**
 * One-time codes and link tokens (`verification_codes`, issue 19, ADR 033).
 *
 * - Codes (SMS login, phone confirmation): CODE_LENGTH digits from `crypto.randomInt`; link
 *   tokens (e-mail confirmation, password reset): 32 random bytes, base64url.
 * - Stored as HMAC-SHA-256 under the access-token key (a 6-digit code has only a million values:
 *   a plain hash of it would be reversed at once from a leaked table; the keyed one is not).
 * - Valid CODE_TTL_MS (10 minutes), used once; a code allows MAX_ATTEMPTS wrong tries, then it is
 *   dead and a new one must be requested. A new code for the same purpose and target replaces
 *   (kills) the previous ones.
 * - Codes are checked by (purpose, target): the phone or the e-mail they were sent to; link tokens
 *   alone identify their row (the link carries nothing else).
 */
import { createHmac, randomBytes, randomInt } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { verificationCodes } from "../db/schema";

export type CodePurpose = "sms_login" | "phone_confirm" | "email_confirm" | "password_reset";

export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_ATTEMPTS = 5;

export function newCode(length = CODE_LENGTH): string {
  return String(randomInt(0, 10 ** length)).padStart(length, "0");
}

export function newLinkToken(): string {
  return randomBytes(32).toString("base64url");
}

export interface CodeStore {
  /** Stores a code (or link token) for purpose+target, killing older ones; returns nothing secret. */
  create(input: { purpose: CodePurpose; target: string; userId?: number | null; code: string; now: Date }): Promise<void>;
  /**
   * Checks a code sent to `target`. ok → the row is marked used (once). Wrong → one try spent;
   * after MAX_ATTEMPTS the code is dead ("exhausted"). No live code → "missing".
   */
  check(input: { purpose: CodePurpose; target: string; code: string; now: Date; userId?: number }): Promise<CodeCheck>;
  /** Where the user's newest live code of `purpose` was sent (the phone being confirmed); null when none. */
  pendingTarget(purpose: CodePurpose, userId: number, now: Date): Promise<string | null>;
  /** A link token: the row it names, marked used; null when unknown, used, expired or dead. */
  consumeLink(input: { purpose: CodePurpose; token: string; now: Date }): Promise<{ target: string; userId: number | null } | null>;
}

export type CodeCheck = { ok: true; userId: number | null } | { ok: false; reason: "missing" | "wrong" | "exhausted"; attemptsLeft: number };

export function createCodeStore(db: Db, key: () => Promise<Uint8Array>): CodeStore {
  const digest = async (purpose: CodePurpose, value: string) =>
    createHmac("sha256", await key()).update(`${purpose}\u0000${value}`, "utf8").digest("hex");
  const live = (now: Date) => and(isNull(verificationCodes.usedAt), gt(verificationCodes.expiresAt, now), lt(verificationCodes.attempts, MAX_ATTEMPTS));

  return {
    async create({ purpose, target, userId = null, code, now }) {
      const codeHash = await digest(purpose, code);
      await db.transaction(async (tx) => {
        // Older live codes of this purpose and target die: only the newest one works.
        await tx
          .update(verificationCodes)
          .set({ usedAt: now })
          .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.target, target), isNull(verificationCodes.usedAt)));
        await tx.insert(verificationCodes).values({ purpose, target, userId, codeHash, expiresAt: new Date(now.getTime() + CODE_TTL_MS), createdAt: now });
        // Housekeeping: rows dead for a day are gone (the lookup index keeps this cheap).
        await tx.delete(verificationCodes).where(lt(verificationCodes.expiresAt, new Date(now.getTime() - 86_400_000)));
      });
    },

    async check({ purpose, target, code, now, userId }) {
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.purpose, purpose),
            eq(verificationCodes.target, target),
            userId === undefined ? undefined : eq(verificationCodes.userId, userId),
            isNull(verificationCodes.usedAt),
            gt(verificationCodes.expiresAt, now),
          ),
        )
        .orderBy(sql`${verificationCodes.id} DESC`)
        .limit(1);
      if (!row) return { ok: false, reason: "missing", attemptsLeft: 0 };
      if (row.attempts >= MAX_ATTEMPTS) return { ok: false, reason: "exhausted", attemptsLeft: 0 };
      if (row.codeHash === (await digest(purpose, code))) {
        const used = await db
          .update(verificationCodes)
          .set({ usedAt: now })
          .where(and(eq(verificationCodes.id, row.id), live(now)))
          .returning({ id: verificationCodes.id });
        if (used.length === 1) return { ok: true, userId: row.userId };
        return { ok: false, reason: "missing", attemptsLeft: 0 };
      }
      const [spent] = await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(eq(verificationCodes.id, row.id))
        .returning({ attempts: verificationCodes.attempts });
      const attemptsLeft = Math.max(0, MAX_ATTEMPTS - (spent?.attempts ?? MAX_ATTEMPTS));
      return { ok: false, reason: attemptsLeft === 0 ? "exhausted" : "wrong", attemptsLeft };
    },

    async pendingTarget(purpose, userId, now) {
      const [row] = await db
        .select({ target: verificationCodes.target })
        .from(verificationCodes)
        .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.userId, userId), isNull(verificationCodes.usedAt), gt(verificationCodes.expiresAt, now)))
        .orderBy(sql`${verificationCodes.id} DESC`)
        .limit(1);
      return row?.target ?? null;
    },

    async consumeLink({ purpose, token, now }) {
      if (token.length > 200) return null;
      const codeHash = await digest(purpose, token);
      const [row] = await db
        .update(verificationCodes)
        .set({ usedAt: now })
        .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.codeHash, codeHash), live(now)))
        .returning({ target: verificationCodes.target, userId: verificationCodes.userId });
      return row ?? null;
    },
  };
}
