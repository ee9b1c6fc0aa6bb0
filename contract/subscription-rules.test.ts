import { describe, expect, it } from "vitest";
import { z } from "zod";
import { EMAIL_PATTERN, emailProblem, SUBSCRIPTION_EMAIL_INVALID, SUBSCRIPTION_EMAIL_MISSING, SUBSCRIPTION_EMAIL_TOO_LONG } from "./subscription-rules.ts";
import { SubscriptionRequest } from "./subscription.ts";

const schemaProblem = (value: unknown) => {
  const parsed = SubscriptionRequest.safeParse({ email: value });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
};

const CASES: unknown[] = [
  "ivan@tmg-podarki.ru",
  "  Ivan.Petrov+news@Mail.RU  ",
  "o'neil@example.com",
  "a@b.co",
  "",
  "   ",
  "не почта",
  "ivan@",
  "@mail.ru",
  "ivan@mail",
  "ivan..petrov@mail.ru",
  ".ivan@mail.ru",
  "ivan@-mail.ru",
  "иван@почта.рф",
  "ivan@mail.ru\r\nBcc: all@example.com",
  "ivan@mail.ru\n",
  "<script>alert(1)</script>@mail.ru",
  `${"a".repeat(250)}@b.ru`,
  "a".repeat(10_000),
  null,
  42,
  ["ivan@mail.ru"],
  undefined,
];

describe("the browser's e-mail check (no zod) and the contract's schema", () => {
  it.each(CASES.map((value) => [JSON.stringify(value)?.slice(0, 60) ?? "undefined", value]))("agree on %s", (_, value) => {
    expect(emailProblem(value)).toBe(schemaProblem(value));
  });

  it("uses zod's own e-mail pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
  });

  it("answers the API's words", () => {
    expect(emailProblem("ivan@tmg-podarki.ru")).toBeNull();
    expect(emailProblem(" ")).toBe(SUBSCRIPTION_EMAIL_MISSING);
    expect(emailProblem("a".repeat(300))).toBe(SUBSCRIPTION_EMAIL_TOO_LONG);
    expect(emailProblem("ivan@mail.ru\r\nBcc: x@y.ru")).toBe(SUBSCRIPTION_EMAIL_INVALID);
  });
});
