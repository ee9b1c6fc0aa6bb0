/**
 * Authentication flows (issue 19, ADR 033): e-mail and phone-code login, sign-up, refresh,
 * logout, password reset; the codes and letters of the profile's phone and e-mail changes.
 * No HTTP here: routes.ts validates and maps RateLimited to 429 (the per-IP tiers: api/http/write-limits.ts).
 */
import { and, eq } from "drizzle-orm";
import { EMAIL_CONFIRM_PAGE, RESET_PASSWORD_PAGE, type CodeSent, type LoginResult, type RefreshResult, type User } from "../../contract/index";
import { normalizePhone } from "../../contract/phone";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { HttpError } from "../http/errors";
import type { Mailer } from "../mail/mailer";
import { createCodeStore, newCode, newLinkToken, CODE_LENGTH, type CodeCheck, type CodePurpose } from "./codes";
import { CODE_INTERVAL_S, type AuthLimits } from "./limits";
import { emailConfirmationLetter, passwordResetLetter } from "./letters";
import { checkPassword, hashPassword } from "./passwords";
import { signAccessToken, type AuthUser, type RoleName, type SessionKeys } from "./session";
import { SMS_FAILED_MESSAGE, SMS_UNAVAILABLE_MESSAGE, type SmsChannel, type SmsSender } from "./sms";
import { familyOf, issueRefreshToken, revokeAllForUser, revokeFamily, rotateRefreshToken } from "./tokens";
import { findByEmail, findUser, loadUser, normalizeEmail, type UserRow } from "./users";
import {
  accountForPhoneLogin,
  afterPasswordReset,
  confirmEmailOf,
  confirmPhoneOf,
  dropPhoneClaims,
  emailConfirmedElsewhere,
  isUniqueViolation,
  phoneConfirmedElsewhere,
} from "./contacts";

export const INVALID_LOGIN_MESSAGE = "Неверный e-mail или пароль";
export const INVALID_REFRESH_MESSAGE = "Сессия истекла, войдите снова";
export const CODE_WRONG_MESSAGE = (left: number) => `Неверный код. Осталось попыток: ${left}`;
export const CODE_DEAD_MESSAGE = "Код больше не действует: запросите новый";
export const CODE_MISSING_MESSAGE = "Код устарел или не запрашивался: запросите новый";
export const LINK_INVALID_MESSAGE = "Ссылка устарела или уже использована. Запросите новую";
export const EMAIL_TAKEN_MESSAGE = "Этот e-mail уже зарегистрирован. Войдите или восстановите пароль";
export const EMAIL_IN_USE_MESSAGE = "Этот e-mail уже привязан к другому аккаунту";
export const PHONE_IN_USE_MESSAGE = "Этот телефон уже привязан к другому аккаунту";
export const CURRENT_PASSWORD_REQUIRED = "Введите текущий пароль";
export const CURRENT_PASSWORD_WRONG = "Неверный текущий пароль";
/** The one answer to a reset request, whether or not the address has an account. */
export const RESET_REQUESTED_MESSAGE = "Если этот e-mail зарегистрирован, мы отправили на него ссылку для смены пароля";


/** A flash call dictates the last 4 digits of the calling number. */
const CALL_CODE_LENGTH = 4;

export interface AuthServiceDeps {
  db: Db;
  keys: SessionKeys;
  mailer: Mailer;
  sms: SmsSender;
  limits: AuthLimits;
  now?: () => Date;
}

const fieldError = (status: 400 | 401, field: string, message: string) => new HttpError(status, message, [{ field, message }]);

export function createAuthService(deps: AuthServiceDeps) {
  const { db, keys, mailer, sms, limits } = deps;
  const now = deps.now ?? (() => new Date());
  const codes = createCodeStore(db, () => keys.key());

  async function tokensFor(user: AuthUser, familyId?: string) {
    const refresh = await issueRefreshToken(db, user.id, now(), familyId);
    return { token: await signAccessToken(keys, user, refresh.familyId), refreshToken: refresh.token };
  }

  async function session(row: Pick<UserRow, "id" | "roles">): Promise<LoginResult> {
    const user = await loadUser(db, row.id);
    return { authenticated: await tokensFor({ id: user.id, roles: user.roles }), data: user };
  }

  function codeError(check: Exclude<CodeCheck, { ok: true }>): HttpError {
    if (check.reason === "wrong") return fieldError(400, "code", CODE_WRONG_MESSAGE(check.attemptsLeft));
    if (check.reason === "exhausted") return fieldError(400, "code", CODE_DEAD_MESSAGE);
    return fieldError(400, "code", CODE_MISSING_MESSAGE);
  }

  /** A code to a phone: one a minute per phone, none while its code guesses are used up; 503 when it cannot be delivered. */
  async function sendCode(purpose: CodePurpose, phone: string, channel: SmsChannel, userId: number | null, label: string, ip: string): Promise<CodeSent> {
    const length = channel === "call" ? CALL_CODE_LENGTH : CODE_LENGTH;
    if (!sms.available) throw new HttpError(503, SMS_UNAVAILABLE_MESSAGE);
    await limits.codeGuessAllowed(phone, ip, "phone");
    await limits.codeSend(phone, "code");
    const code = newCode(length);
    await codes.create({ purpose, target: phone, userId, code, now: now() });
    const text = channel === "call" ? `${label}: последние ${length} цифры номера` : `${label} ТМГ: ${code}. Никому его не сообщайте`;
    const sent = await sms.send({ phone, text, channel, code, label });
    if (!sent) throw new HttpError(503, SMS_FAILED_MESSAGE);
    return { success: true, resendIn: CODE_INTERVAL_S, codeLength: length };
  }

  async function sendEmailConfirmation(user: Pick<UserRow, "id">, email: string, origin: string): Promise<void> {
    const token = newLinkToken();
    await codes.create({ purpose: "email_confirm", target: email, userId: user.id, code: token, now: now() });
    const url = `${origin}${EMAIL_CONFIRM_PAGE}?token=${token}`;
    await mailer.send(emailConfirmationLetter({ email, url }));
  }

  return {
    codes,

    async login(email: string, password: string, ip: string): Promise<LoginResult> {
      const account = normalizeEmail(email);
      await limits.loginAllowed(account, ip);
      const row = await findByEmail(db, account);
      const ok = await checkPassword(row?.passwordHash, password);
      if (!row || !ok) {
        await limits.loginFailed(account, ip);
        throw fieldError(401, "password", INVALID_LOGIN_MESSAGE);
      }
      await limits.loginSucceeded(account, ip);
      return session(row);
    },

    async sendLoginCode(rawPhone: string, channel: SmsChannel, ip: string): Promise<CodeSent> {
      const phone = normalizePhone(rawPhone)!;
      return sendCode("sms_login", phone, channel, null, "Код входа", ip);
    },

    /**
     * The code from sendLoginCode; the first login of a phone creates its ROLE_USER account. An
     * account that only claimed the phone (typed at sign-up, never confirmed) is not logged into.
     */
    async smsLogin(rawPhone: string, code: string, ip: string): Promise<LoginResult> {
      const phone = normalizePhone(rawPhone)!;
      await limits.codeGuessAllowed(phone, ip);
      const check = await codes.check({ purpose: "sms_login", target: phone, code, now: now() });
      if (!check.ok && check.reason !== "missing") await limits.codeGuessFailed(phone, ip);
      if (!check.ok) throw codeError(check);
      // Only the account where this phone is confirmed; a mere claim of it elsewhere is dropped (ADR 040).
      return session(await accountForPhoneLogin(db, phone, now()));
    },

    async signup(input: { email: string; password: string; name: string; phone?: string }, origin: string): Promise<LoginResult> {
      const email = normalizeEmail(input.email);
      if (await findByEmail(db, email)) throw fieldError(400, "email", EMAIL_TAKEN_MESSAGE);
      const phone = input.phone ? normalizePhone(input.phone) : null;
      // Stored unconfirmed: a claim, never a way in (ADR 040); another account's confirmed phone is refused.
      if (phone && (await phoneConfirmedElsewhere(db, phone, null))) throw fieldError(400, "phone", PHONE_IN_USE_MESSAGE);
      if (phone) await dropPhoneClaims(db, phone, now());
      const passwordHash = await hashPassword(input.password);
      let row: UserRow;
      try {
        [row] = await db.insert(users).values({ email, phone, name: input.name, passwordHash, roles: ["ROLE_USER"] }).returning();
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldError(400, "email", EMAIL_TAKEN_MESSAGE);
        throw error;
      }
      await sendEmailConfirmation(row, email, origin);
      return session(row);
    },

    /** Rotates the refresh token; roles come from the database (they may have changed). */
    async refresh(presented: string): Promise<RefreshResult> {
      const rotated = await rotateRefreshToken(db, presented, now(), await keys.key());
      if (!rotated.ok) throw new HttpError(401, INVALID_REFRESH_MESSAGE);
      const user = await findUser(db, rotated.userId);
      if (!user) throw new HttpError(401, INVALID_REFRESH_MESSAGE);
      return { authenticated: { token: await signAccessToken(keys, { id: user.id, roles: user.roles }, rotated.familyId), refreshToken: rotated.token } };
    },

    /**
     * Logout: the presented refresh token's family (this browser's session) is revoked; without
     * one (or with another user's), every refresh token of the user is, since the session cannot
     * be told apart. Without an access token, the presented refresh token alone ends its session.
     */
    async logout(user: AuthUser | null, presented: string | undefined): Promise<{ success: true }> {
      const family = presented ? await familyOf(db, presented, user?.id) : null;
      if (family) await revokeFamily(db, family, now());
      else if (user) await revokeAllForUser(db, user.id, now());
      return { success: true };
    },

    /** Same answer whether or not the e-mail has an account (no enumeration). */
    async requestPasswordReset(rawEmail: string, origin: string): Promise<{ success: true; message: string }> {
      const email = normalizeEmail(rawEmail);
      await limits.codeSend(email, "letter");
      const row = await findByEmail(db, email);
      if (row) {
        const token = newLinkToken();
        await codes.create({ purpose: "password_reset", target: email, userId: row.id, code: token, now: now() });
        await mailer.send(passwordResetLetter({ email, url: `${origin}${RESET_PASSWORD_PAGE}?token=${token}` }));
      }
      return { success: true, message: RESET_REQUESTED_MESSAGE };
    },

    /**
     * The link's token sets a new password; every session of the user ends; the e-mail counts as
     * confirmed; an unconfirmed phone (or any phone, if the e-mail was unconfirmed) is dropped.
     */
    async resetPassword(token: string, password: string, ip: string): Promise<{ success: true }> {
      const link = await codes.consumeLink({ purpose: "password_reset", token, now: now() });
      if (!link?.userId) throw fieldError(400, "token", LINK_INVALID_MESSAGE);
      const passwordHash = await hashPassword(password);
      const updated = await db
        .update(users)
        // The address is proved; what its owner cannot vouch for goes (ADR 040).
        .set({ passwordHash, ...afterPasswordReset(now()) })
        .where(and(eq(users.id, link.userId), eq(users.email, link.target)))
        .returning({ id: users.id });
      if (updated.length === 0) throw fieldError(400, "token", LINK_INVALID_MESSAGE);
      await revokeAllForUser(db, link.userId, now());
      await limits.passwordReset(link.target, ip);
      return { success: true };
    },

    // ── Profile: password, phone, e-mail ──

    async changePassword(user: AuthUser, currentPassword: string | undefined, newPassword: string, ip: string) {
      const [row] = await db.select().from(users).where(eq(users.id, user.id)).limit(1);
      if (!row) throw new HttpError(401, INVALID_REFRESH_MESSAGE);
      if (row.passwordHash) {
        if (!currentPassword) throw fieldError(400, "currentPassword", CURRENT_PASSWORD_REQUIRED);
        const account = `user:${row.id}`;
        await limits.loginAllowed(account, ip);
        if (!(await checkPassword(row.passwordHash, currentPassword))) {
          await limits.loginFailed(account, ip);
          throw fieldError(400, "currentPassword", CURRENT_PASSWORD_WRONG);
        }
        await limits.loginSucceeded(account, ip);
      }
      await db.update(users).set({ passwordHash: await hashPassword(newPassword), updatedAt: now() }).where(eq(users.id, row.id));
      // Every session ends, this one continues with a new family.
      await revokeAllForUser(db, row.id, now());
      return { success: true as const, authenticated: await tokensFor({ id: row.id, roles: row.roles as RoleName[] }) };
    },

    async sendPhoneCode(user: AuthUser, rawPhone: string, ip: string): Promise<CodeSent> {
      const phone = normalizePhone(rawPhone)!;
      if (await phoneConfirmedElsewhere(db, phone, user.id)) throw fieldError(400, "phone", PHONE_IN_USE_MESSAGE);
      return sendCode("phone_confirm", phone, "sms", user.id, "Код подтверждения телефона", ip);
    },

    async confirmPhone(user: AuthUser, code: string, ip: string): Promise<User> {
      const pending = await codes.pendingTarget("phone_confirm", user.id, now());
      if (!pending) throw fieldError(400, "code", CODE_MISSING_MESSAGE);
      await limits.codeGuessAllowed(pending, ip);
      const check = await codes.check({ purpose: "phone_confirm", target: pending, code, now: now(), userId: user.id });
      if (!check.ok && check.reason !== "missing") await limits.codeGuessFailed(pending, ip);
      if (!check.ok) throw codeError(check);
      if (!(await confirmPhoneOf(db, user.id, pending, now()))) throw fieldError(400, "phone", PHONE_IN_USE_MESSAGE);
      return loadUser(db, user.id);
    },

    async sendEmailLink(user: AuthUser, rawEmail: string, origin: string): Promise<{ success: true }> {
      const email = normalizeEmail(rawEmail);
      // Only a confirmed address is someone else's; a claim gives way to the link's proof (ADR 040).
      if (await emailConfirmedElsewhere(db, email, user.id)) throw fieldError(400, "email", EMAIL_IN_USE_MESSAGE);
      await limits.codeSend(email, "letter");
      await sendEmailConfirmation(user, email, origin);
      return { success: true };
    },

    /**
     * The link's token alone names the user and the address; confirming activates the account and
     * takes the address from an account that only claimed it.
     */
    async confirmEmail(token: string): Promise<{ success: true }> {
      const link = await codes.consumeLink({ purpose: "email_confirm", token, now: now() });
      if (!link?.userId) throw fieldError(400, "token", LINK_INVALID_MESSAGE);
      if (await emailConfirmedElsewhere(db, link.target, link.userId)) throw fieldError(400, "email", EMAIL_IN_USE_MESSAGE);
      if (!(await confirmEmailOf(db, link.userId, link.target, now()))) throw fieldError(400, "email", EMAIL_IN_USE_MESSAGE);
      return { success: true };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
