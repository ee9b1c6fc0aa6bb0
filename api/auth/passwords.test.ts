/** argon2id hashes, and the dummy verification that makes an unknown account cost a real check. */
import { describe, expect, it } from "vitest";
import { checkPassword, hashPassword } from "./passwords";
import { loginBlockedMessage, minutesText, secondsText } from "./limits";

/**
 * Median times of `a` and `b` over 7 runs each, taken in turns: a burst of load from other work on
 * the machine then slows both alike (timed one after the other, a burst during the first set alone
 * made a known account look 2.6 times slower).
 */
async function medians(a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < 7; i++) {
    for (const [index, run] of [a, b].entries()) {
      const start = performance.now();
      await run();
      times[index].push(performance.now() - start);
    }
  }
  const median = (list: number[]) => list.sort((x, y) => x - y)[3];
  return [median(times[0]), median(times[1])];
}

describe("passwords", () => {
  it("hashes with argon2id and verifies", async () => {
    const stored = await hashPassword("demo12345");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await checkPassword(stored, "demo12345")).toBe(true);
    expect(await checkPassword(stored, "demo12346")).toBe(false);
    expect(await checkPassword("not a hash", "demo12345")).toBe(false);
  });

  it("spends a real verification on an account without a password (no timing tell)", async () => {
    const stored = await hashPassword("demo12345");
    await checkPassword(null, "warm-up");
    const [known, unknown] = await medians(
      () => checkPassword(stored, "wrong-password"),
      () => checkPassword(null, "wrong-password"),
    );
    expect(await checkPassword(null, "")).toBe(false);
    expect(unknown).toBeGreaterThan(known * 0.4);
  });
});

describe("limit messages", () => {
  it("name minutes and seconds in Russian", () => {
    expect(minutesText(900)).toBe("15 минут");
    expect(minutesText(61)).toBe("2 минуты");
    expect(minutesText(20)).toBe("1 минуту");
    expect(minutesText(21 * 60)).toBe("21 минуту");
    expect(secondsText(1)).toBe("1 секунду");
    expect(secondsText(42)).toBe("42 секунды");
    expect(secondsText(11)).toBe("11 секунд");
    expect(loginBlockedMessage(840)).toBe("Слишком много неудачных попыток входа. Попробуйте через 14 минут");
  });
});
