/**
 * The auth limits over the shop's limiter (issue 25 items 4 and 8, ADR 041), without the database:
 * a stranger cannot lock the owner out from one IP, a distributed guess meets the account's
 * ceiling, and code guesses are capped per phone whatever code they aim at.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RateLimited } from "../../limits/limiter";
import { TIERS } from "../../limits/tiers";
import { createAuthLimits, LOGIN_FAILURES, type AuthLimits } from "./limits";

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as RateLimited);
const MINUTE = 60_000;

let limits: AuthLimits;
let ips = 0;
const ip = () => `203.0.${Math.floor(++ips / 250)}.${ips % 250}`;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-12-01T09:00:00Z"));
  limits = createAuthLimits({ prefix: `auth-unit-${Math.random()}` });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("logins (item 8)", () => {
  it("one IP's failures lock that IP only: a whole day of it never locks the owner out, and it gets 20 guesses", async () => {
    const attacker = ip();
    const owner = ip();
    let guesses = 0;
    // A day of trying again every 15 minutes, whenever the lock lifts (less the last quarter: the day window renews then).
    for (let quarter = 0; quarter < 24 * 4 - 1; quarter++) {
      for (let i = 0; i < LOGIN_FAILURES; i++) {
        if (await refusal(limits.loginAllowed("owner@example.ru", attacker))) break;
        guesses++;
        await refusal(limits.loginFailed("owner@example.ru", attacker));
      }
      await expect(limits.loginAllowed("owner@example.ru", owner)).resolves.toBeUndefined();
      vi.setSystemTime(Date.now() + 15 * MINUTE);
    }
    expect(guesses).toBe(TIERS.loginPair.windows[1]!.points);
  });

  it("the fifth failure from an IP answers the lock with the minutes left; a success clears that IP's count", async () => {
    const here = ip();
    for (let i = 1; i < LOGIN_FAILURES; i++) await limits.loginFailed("a@example.ru", here);
    await limits.loginSucceeded("a@example.ru", here);
    for (let i = 1; i < LOGIN_FAILURES; i++) await limits.loginFailed("a@example.ru", here);
    const fifth = await refusal(limits.loginFailed("a@example.ru", here));
    expect(fifth).toBeInstanceOf(RateLimited);
    expect(fifth!.retryAfterS).toBe(15 * 60);
    expect(fifth!.message).toBe("Слишком много неудачных попыток входа. Попробуйте через 15 минут");
  });

  it("a distributed guess meets the account's ceiling (200 a day, 40 addresses at 5 each); a reset by the owner clears it", async () => {
    const ceiling = TIERS.loginAccount.windows[0]!.points;
    let failures = 0;
    let lockedAt = 0;
    for (let n = 0; n < ceiling / LOGIN_FAILURES + 1 && !lockedAt; n++) {
      const address = ip();
      for (let i = 0; i < LOGIN_FAILURES; i++) {
        if (await refusal(limits.loginAllowed("target@example.ru", address))) break;
        failures++;
        const refused = await refusal(limits.loginFailed("target@example.ru", address));
        if (refused && refused.retryAfterS > 15 * 60) {
          lockedAt = failures;
          break;
        }
      }
    }
    expect(lockedAt).toBe(ceiling);
    const owner = ip();
    const locked = await refusal(limits.loginAllowed("target@example.ru", owner));
    expect(locked).toBeInstanceOf(RateLimited);
    expect(locked!.message).toMatch(/^Слишком много неудачных попыток входа\. Попробуйте через 24 часа$/);
    // The e-mailed reset link proves the owner.
    await limits.passwordReset("target@example.ru", owner);
    await expect(limits.loginAllowed("target@example.ru", owner)).resolves.toBeUndefined();
  });
});

describe("code guesses (item 4)", () => {
  const pairHour = TIERS.codeGuessPair.windows[0]!.points;
  const phoneDay = TIERS.codeGuess.windows[1]!.points;

  it("a new code every minute buys no more tries: a day of guessing from any number of IPs gets ≤ 20 guesses (< 1 %)", async () => {
    const phone = "+79210000001";
    let guesses = 0;
    // Worst case: a fresh IP for each code, 5 tries per code, a new code every minute, for 24 hours.
    for (let minute = 0; minute < 24 * 60; minute++) {
      const address = ip();
      for (let tryNo = 0; tryNo < 5; tryNo++) {
        if (await refusal(limits.codeGuessAllowed(phone, address))) break;
        guesses++;
        await refusal(limits.codeGuessFailed(phone, address));
      }
      vi.setSystemTime(Date.now() + MINUTE);
    }
    // One fixed day window started with the first failure and lasted the whole run.
    expect(guesses).toBe(phoneDay);
    const dayChance = 1 - (1 - 1e-4) ** guesses;
    expect(dayChance).toBeLessThan(0.0025);
    // Before: 5 tries a code, a code a minute → 1 − (1 − 10⁻⁴)^7200 ≈ 51 %.
    expect(1 - (1 - 1e-4) ** (5 * 24 * 60)).toBeGreaterThan(0.5);
  });

  it("one IP is capped first (8 an hour): the owner elsewhere still enters the code; the refusal names the field and the wait", async () => {
    const phone = "+79210000002";
    const attacker = ip();
    for (let i = 1; i < pairHour; i++) await limits.codeGuessFailed(phone, attacker);
    const last = await refusal(limits.codeGuessFailed(phone, attacker));
    expect(last).toBeInstanceOf(RateLimited);
    expect(last!.field).toBe("code");
    expect(last!.message).toBe("Слишком много неверных кодов для этого номера. Попробуйте через 60 минут");
    const send = await refusal(limits.codeGuessAllowed(phone, attacker, "phone"));
    expect(send?.field).toBe("phone");
    await expect(limits.codeGuessAllowed(phone, ip())).resolves.toBeUndefined();
  });

  it("codes to one phone: one a minute, 10 an hour, 20 a day", async () => {
    const phone = "+79210000003";
    let sent = 0;
    // Every 61 seconds for a day, less its last minute (the day window renews at 24 hours).
    for (const end = Date.now() + 24 * 60 * MINUTE - MINUTE; Date.now() < end; ) {
      if (!(await refusal(limits.codeSend(phone)))) sent++;
      const again = await refusal(limits.codeSend(phone));
      expect(again?.field).toBe("phone");
      vi.setSystemTime(Date.now() + MINUTE + 1000);
    }
    expect(sent).toBe(TIERS.codeSend.windows[2]!.points);
  });
});
