/**
 * Whose phone and e-mail is whose (issue 25, ADR 040). A contact counts for logging in only once
 * its owner proved it: a phone by a code sent to it, an e-mail by a link sent to it. Until then it
 * is a claim that anybody could have typed (sign-up takes both unchecked), and the one who proves
 * the contact wins over it:
 *
 * - **Phone login** finds only the account where the phone is confirmed. Without one it creates
 *   the account, and drops the phone from any account that only claimed it: a stranger who signed
 *   up with this phone never gets its owner into an account the stranger opens by password.
 * - **A confirmed phone** (login or the profile's code) is taken from unconfirmed claims likewise;
 *   the profile refuses a phone that another account has confirmed.
 * - **Sign-up with a phone** stores it unconfirmed; an older unconfirmed claim of another account
 *   gives way (it proved nothing, and it must not block the owner's sign-up). A phone confirmed
 *   elsewhere is refused.
 * - **E-mail** is the password login's name, so an unconfirmed e-mail does keep its account (the
 *   password proves the account, not the address) and blocks a second sign-up with it, whose
 *   message sends the address's owner to the password reset. The reset link proves the address:
 *   it confirms it and takes the account over (below). The profile's confirmation link also takes
 *   an address from an account that only claimed it; an address confirmed elsewhere is refused.
 * - **A password reset** ends every session and keeps only what the address's owner can vouch
 *   for: a phone that is not confirmed goes, and so does a confirmed one when the address was not
 *   confirmed before the reset (it was confirmed by whoever held the account without proving the
 *   address: a stranger who signed up with someone's e-mail and their own phone).
 */
import { and, eq, ne, not, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import type { UserRow } from "./users";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** The account where the phone is confirmed: the only one a phone code logs into. */
export async function findByConfirmedPhone(db: Db | Tx, phone: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(and(eq(users.phone, phone), eq(users.phoneVerified, true))).limit(1);
  return row ?? null;
}

/** Whether an account other than `userId` has the phone confirmed (then nobody else may have it). */
export async function phoneConfirmedElsewhere(db: Db, phone: string, userId: number | null): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.phoneVerified, true), userId === null ? undefined : ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

/** Whether an account other than `userId` has the e-mail confirmed. */
export async function emailConfirmedElsewhere(db: Db, email: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.emailVerified, true), ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

/** Drops the phone from every account (but `exceptUserId`) that only claimed it. */
export async function dropPhoneClaims(db: Db | Tx, phone: string, now: Date, exceptUserId?: number): Promise<void> {
  await db
    .update(users)
    .set({ phone: null, updatedAt: now })
    .where(and(eq(users.phone, phone), not(users.phoneVerified), exceptUserId === undefined ? undefined : ne(users.id, exceptUserId)));
}

/**
 * The account a phone code logs into: the one with the phone confirmed, or a new ROLE_USER
 * account with it (claims of it on other accounts dropped in the same transaction).
 */
export async function accountForPhoneLogin(db: Db, phone: string, now: Date): Promise<UserRow> {
  try {
    return await db.transaction(async (tx) => {
      const owner = await findByConfirmedPhone(tx, phone);
      if (owner) return owner;
      await dropPhoneClaims(tx, phone, now);
      const [created] = await tx.insert(users).values({ phone, phoneVerified: true, roles: ["ROLE_USER"] }).returning();
      return created;
    });
  } catch (error) {
    // Created by a parallel login of the same phone a moment ago.
    if (!isUniqueViolation(error)) throw error;
    const owner = await findByConfirmedPhone(db, phone);
    if (!owner) throw error;
    return owner;
  }
}

/** The profile's code proved the phone: it is the user's, confirmed; false when another account confirmed it first. */
export async function confirmPhoneOf(db: Db, userId: number, phone: string, now: Date): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      await dropPhoneClaims(tx, phone, now, userId);
      await tx.update(users).set({ phone, phoneVerified: true, updatedAt: now }).where(eq(users.id, userId));
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * A link proved the e-mail: it is the user's, confirmed, and the account is activated; an
 * account that only claimed the address loses it. False when another account confirmed it first.
 */
export async function confirmEmailOf(db: Db, userId: number, email: string, now: Date): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ email: null, updatedAt: now })
        .where(and(eq(users.email, email), not(users.emailVerified), ne(users.id, userId)));
      await tx.update(users).set({ email, emailVerified: true, activated: true, updatedAt: now }).where(eq(users.id, userId));
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * The columns a password reset sets besides the password: the e-mail confirmed (the link proved
 * it), the account activated, and the phone kept only when it is confirmed and the e-mail was
 * confirmed before this reset (both read as they were: SQL evaluates SET against the old row).
 */
export function afterPasswordReset(now: Date): { emailVerified: true; activated: true; phone: SQL; phoneVerified: SQL; updatedAt: Date } {
  const phoneVouched = sql`(${users.phoneVerified} AND ${users.emailVerified})`;
  return {
    emailVerified: true,
    activated: true,
    phone: sql`CASE WHEN ${phoneVouched} THEN ${users.phone} ELSE NULL END`,
    phoneVerified: phoneVouched,
    updatedAt: now,
  };
}
