/**
 * The auth calls' limits (issue 19, ADR 033; per account and IP since issue 25, ADR 041), over the
 * shop's one limiter (limits/limiter.ts: in process, or Redis with REDIS_URL; tiers in limits/tiers.ts).
 *
 * - logins: failures are counted per account + IP (5 in 15 minutes, 20 a day lock that pair only)
 *   and per account (200 a day from everywhere lock the account). A stranger's wrong passwords lock
 *   the stranger, not the owner at their own IP; a distributed guess needs 10+ addresses to lock
 *   the account. A success clears the pair;
 * - codes: wrong codes per phone + IP (8 an hour, 12 a day) and per phone (12 an hour, 20 a day),
 *   whatever code they were meant for: a new code every minute no longer buys more tries;
 * - per IP: the `auth` tier (30 requests a minute: login, codes, sign-up, reset), counted with
 *   every other write in api/http/write-limits.ts;
 * - per phone / e-mail: a code a minute (at most 10 an hour, 20 a day), a letter a minute.
 *
 * A refused call throws RateLimited with the seconds left: the route answers 429 + Retry-After.
 */
import { clientKey, createLimits, RateLimited, type Limits, type LimitsOptions } from "../../limits/limiter";
import { TIERS, tooManyRequestsMessage, type TierName } from "../../limits/tiers";

export { RateLimited };
export { minutesText, secondsText } from "../../contract/plural";
export { codeLimitedMessage, letterLimitedMessage, loginBlockedMessage } from "../../limits/tiers";
export const ipLimitedMessage = tooManyRequestsMessage;

/** Failed logins of one account from one IP that lock the pair (the first window of `loginPair`). */
export const LOGIN_FAILURES = TIERS.loginPair.windows[0]!.points;
export const LOGIN_WINDOW_S = TIERS.loginPair.windows[0]!.seconds;
export const CODE_INTERVAL_S = TIERS.codeSend.windows[0]!.seconds;

export interface AuthLimits {
  readonly describe: string;
  /** Throws RateLimited while the account is locked for this IP (or for everyone). */
  loginAllowed(account: string, ip: string): Promise<void>;
  /** Counts a failed login; throws RateLimited when this one locked the pair or the account. */
  loginFailed(account: string, ip: string): Promise<void>;
  /** A successful login clears this IP's failures (not the account's: they are the attack's). */
  loginSucceeded(account: string, ip: string): Promise<void>;
  /** A password reset by the e-mailed link proves the owner: the account's failures and this IP's are cleared. */
  passwordReset(account: string, ip: string): Promise<void>;
  /** Throws RateLimited (field `field`) while the phone takes no more code guesses from this IP. */
  codeGuessAllowed(phone: string, ip: string, field?: string): Promise<void>;
  /** Counts a wrong code for the phone; throws RateLimited when this one used up the guesses. */
  codeGuessFailed(phone: string, ip: string): Promise<void>;
  /** One code per phone (or letter per e-mail) a minute; throws RateLimited with the seconds left. */
  codeSend(target: string, kind?: "code" | "letter"): Promise<void>;
  close(): Promise<void>;
}

const pair = (target: string, ip: string) => `${target}|${clientKey(ip)}`;

/** Both counts run; of their refusals the longest wait is the answer (the account's lock outlasts the pair's). */
async function both(...counts: Promise<void>[]): Promise<void> {
  const refused = (await Promise.allSettled(counts)).flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
  if (!refused.length) return;
  const other = refused.find((e) => !(e instanceof RateLimited));
  if (other) throw other;
  throw (refused as RateLimited[]).reduce((a, b) => (b.retryAfterS > a.retryAfterS ? b : a));
}

/** The auth limits over a shared limiter (`Limits`), or over a store of their own made from `options`. */
export function createAuthLimits(source: Limits | LimitsOptions = {}): AuthLimits {
  const own = !("consume" in source);
  const limits: Limits = own ? createLimits({ prefix: "auth", ...source }) : source;
  const withField = (error: unknown, field: string) =>
    error instanceof RateLimited ? new RateLimited(error.retryAfterS, error.message, field) : error;

  /** Counts a failure in a failure tier: the one that spends a window locks at once. */
  async function failed(tier: TierName, key: string): Promise<void> {
    const state = await limits.consume(tier, key);
    if (state.remaining <= 0) throw new RateLimited(state.retryAfterS, TIERS[tier].message(state.retryAfterS));
  }

  return {
    describe: limits.describe,
    async loginAllowed(account, ip) {
      await limits.check("loginPair", pair(account, ip));
      await limits.check("loginAccount", account);
    },
    loginFailed: (account, ip) =>
      both(failed("loginAccount", account), failed("loginPair", pair(account, ip))),
    loginSucceeded: (account, ip) => limits.clear("loginPair", pair(account, ip)),
    async passwordReset(account, ip) {
      await Promise.all([limits.clear("loginAccount", account), limits.clear("loginPair", pair(account, ip))]);
    },
    async codeGuessAllowed(phone, ip, field = "code") {
      try {
        await limits.check("codeGuessPair", pair(phone, ip));
        await limits.check("codeGuess", phone);
      } catch (error) {
        throw withField(error, field);
      }
    },
    async codeGuessFailed(phone, ip) {
      try {
        await both(failed("codeGuess", phone), failed("codeGuessPair", pair(phone, ip)));
      } catch (error) {
        throw withField(error, "code");
      }
    },
    async codeSend(target, kind = "code") {
      try {
        await limits.consume(kind === "code" ? "codeSend" : "letterSend", `${kind}:${target}`);
      } catch (error) {
        throw withField(error, kind === "code" ? "phone" : "email");
      }
    },
    close: () => (own ? limits.close() : Promise.resolve()),
  };
}
