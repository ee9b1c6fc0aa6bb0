/**
 * subscription and subscription/confirm on PGlite (and PostgreSQL with TEST_DATABASE_URL): a bad,
 * missing, huge or hostile address is a 400 with the field error and stores nothing; an address is
 * stored once, lower-cased, and gets one letter; a repeat is idempotent; the link's token confirms
 * it (once, stored hashed), and an unknown token is a field error.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  ApiErrorBody,
  SUBSCRIPTION_EMAIL_INVALID,
  SUBSCRIPTION_EMAIL_MISSING,
  SUBSCRIPTION_EMAIL_TOO_LONG,
  SUBSCRIPTION_TOKEN_INVALID,
  SubscriptionConfirmResult,
  SubscriptionResult,
} from "../../contract/index";
import { queryRows } from "../../api/db/client";
import { createMailer, type MailMessage, type MailTransport } from "../../api/mail/mailer";
import { openTestApi, testBackends, type TestApi } from "../../api/testing";

describe.each(testBackends())("subscription on $name", (backend) => {
  let t: TestApi;
  const sent: MailMessage[] = [];
  let failMail = false;
  const transport: MailTransport = {
    describe: "memory",
    async deliver(message) {
      if (failMail) throw new Error("SMTP is down");
      sent.push(message);
    },
  };

  beforeAll(async () => {
    t = await openTestApi(backend, { groups: 10, mailer: createMailer({ transport, logError: () => {} }) });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    sent.length = 0;
    failMail = false;
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    t.api.fetch(
      new Request(`http://x/api${path}`, {
        method: "POST",
        body: typeof body === "string" ? body : JSON.stringify(body),
        headers: { "content-type": "application/json", ...headers },
      }),
    );
  const rows = (email: string) =>
    queryRows<{ email: string; token_hash: string | null; confirmed_at: string | null }>(
      t.db,
      sql`SELECT email, token_hash, confirmed_at FROM subscriptions WHERE lower(email) = lower(${email})`,
    );
  const count = async () => (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM subscriptions`))[0].n;
  const tokenOf = (letter: MailMessage) => /token=([A-Za-z0-9_-]{43})/.exec(letter.text)?.[1];

  async function expectFieldError(body: unknown, field: string, message: string) {
    const before = await count();
    const res = await post("/subscription", body);
    expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    const error = ApiErrorBody.parse(await res.json());
    expect(error.errors).toContainEqual({ field, message });
    expect(await count()).toBe(before);
    expect(sent).toEqual([]);
  }

  it("refuses junk, missing, huge and hostile addresses with the field error", async () => {
    await expectFieldError({}, "email", SUBSCRIPTION_EMAIL_MISSING);
    await expectFieldError({ email: "" }, "email", SUBSCRIPTION_EMAIL_MISSING);
    await expectFieldError({ email: "   " }, "email", SUBSCRIPTION_EMAIL_MISSING);
    await expectFieldError({ email: null }, "email", SUBSCRIPTION_EMAIL_MISSING);
    await expectFieldError({ email: 42 }, "email", SUBSCRIPTION_EMAIL_MISSING);
    await expectFieldError({ email: ["a@b.ru"] }, "email", SUBSCRIPTION_EMAIL_MISSING);
    await expectFieldError({ email: "не почта" }, "email", SUBSCRIPTION_EMAIL_INVALID);
    await expectFieldError({ email: "ivan@" }, "email", SUBSCRIPTION_EMAIL_INVALID);
    await expectFieldError({ email: `${"a".repeat(10_000)}@mail.ru` }, "email", SUBSCRIPTION_EMAIL_TOO_LONG);
    await expectFieldError({ email: "x".repeat(10_000) }, "email", SUBSCRIPTION_EMAIL_TOO_LONG);
    await expectFieldError({ email: "<script>alert(1)</script>@mail.ru" }, "email", SUBSCRIPTION_EMAIL_INVALID);
    await expectFieldError({ email: "ivan@mail.ru\r\nBcc: all@victims.ru" }, "email", SUBSCRIPTION_EMAIL_INVALID);
    await expectFieldError({ email: "ivan@mail.ru\nSubject: spam" }, "email", SUBSCRIPTION_EMAIL_INVALID);
    await expectFieldError({ email: "ivan@mail.ru, petr@mail.ru" }, "email", SUBSCRIPTION_EMAIL_INVALID);
  });

  it("answers a broken body with 400, never 5xx", async () => {
    for (const body of ["{", "null", "[]", '"ivan@mail.ru"', "\u0000\u0001", "x".repeat(100_000)]) {
      const res = await post("/subscription", body);
      expect(res.status, body.slice(0, 20)).toBe(400);
      ApiErrorBody.parse(await res.json());
    }
    expect(await count()).toBe(0);
  });

  it("stores an address once, lower-cased, and sends one letter with a link on the site origin", async () => {
    const res = await post("/subscription", { email: "  Ivan.Petrov@Example.RU " }, { "X-Site-Origin": "https://msk.tmg.test" });
    expect(res.status).toBe(200);
    expect(SubscriptionResult.parse((await res.json()).data)).toEqual({ success: true, alreadySubscribed: false, confirmed: false });
    const [row] = await rows("ivan.petrov@example.ru");
    expect(row.email).toBe("ivan.petrov@example.ru");
    expect(sent).toHaveLength(1);
    expect(sent[0].to).toBe("ivan.petrov@example.ru");
    expect(sent[0].subject).toMatch(/Подтвердите подписку/);
    expect(sent[0].text).toMatch(/^https:\/\/msk\.tmg\.test\/subscribe\/confirm\?token=[A-Za-z0-9_-]{43}$/m);
    // Only the hash is stored: the token itself is nowhere in the table.
    const token = tokenOf(sent[0])!;
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toContain(token);
  });

  it("is idempotent for a repeated address: same answer, one row, no second letter", async () => {
    await post("/subscription", { email: "olga@example.ru" });
    expect(sent).toHaveLength(1);
    const answers = await Promise.all(
      ["olga@example.ru", "OLGA@example.ru", " olga@EXAMPLE.ru"].map(async (email) => (await post("/subscription", { email })).json()),
    );
    for (const answer of answers) expect(answer.data).toEqual({ success: true, alreadySubscribed: true, confirmed: false });
    expect(await rows("olga@example.ru")).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });

  it("stores one row and sends one letter under concurrent first requests", async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => post("/subscription", { email: "race@example.ru" })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await rows("race@example.ru")).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });

  it("confirms by the link's token, once; a second click answers alreadyConfirmed", async () => {
    await post("/subscription", { email: "anna@example.ru" });
    const token = tokenOf(sent[0])!;
    const first = await post("/subscription/confirm", { token });
    expect(first.status).toBe(200);
    expect(SubscriptionConfirmResult.parse((await first.json()).data)).toEqual({ success: true, alreadyConfirmed: false });
    expect((await rows("anna@example.ru"))[0].confirmed_at).not.toBeNull();
    const second = await post("/subscription/confirm", { token });
    expect((await second.json()).data).toEqual({ success: true, alreadyConfirmed: true });
    // Subscribing again after confirming: still one row, no letter, and the answer says so.
    sent.length = 0;
    const again = await post("/subscription", { email: "Anna@example.ru" });
    expect((await again.json()).data).toEqual({ success: true, alreadySubscribed: true, confirmed: true });
    expect(sent).toEqual([]);
  });

  it("refuses unknown, malformed and expired tokens with the field error", async () => {
    for (const token of ["A".repeat(43), "short", "<script>", "x".repeat(10_000), "", 5, null]) {
      const res = await post("/subscription/confirm", { token });
      expect(res.status).toBe(400);
      expect(ApiErrorBody.parse(await res.json()).errors).toContainEqual({ field: "token", message: SUBSCRIPTION_TOKEN_INVALID });
    }
    expect((await post("/subscription/confirm", {})).status).toBe(400);
    await post("/subscription", { email: "late@example.ru" });
    const token = tokenOf(sent[0])!;
    await t.db.execute(sql`UPDATE subscriptions SET letter_sent_at = now() - interval '8 days' WHERE email = 'late@example.ru'`);
    const res = await post("/subscription/confirm", { token });
    expect(res.status).toBe(400);
    expect((await rows("late@example.ru"))[0].confirmed_at).toBeNull();
  });

  it("sends a new link to an unconfirmed address after an hour, or after a failed letter", async () => {
    failMail = true;
    const res = await post("/subscription", { email: "lost@example.ru" });
    // The subscription is stored even when mail is down; the letter can be asked for again at once.
    expect(res.status).toBe(200);
    expect(sent).toEqual([]);
    failMail = false;
    await post("/subscription", { email: "lost@example.ru" });
    expect(sent).toHaveLength(1);
    const firstToken = tokenOf(sent[0])!;
    await t.db.execute(sql`UPDATE subscriptions SET letter_sent_at = now() - interval '2 hours' WHERE email = 'lost@example.ru'`);
    await post("/subscription", { email: "lost@example.ru" });
    expect(sent).toHaveLength(2);
    const secondToken = tokenOf(sent[1])!;
    expect(secondToken).not.toBe(firstToken);
    // The old link is replaced by the new one.
    expect((await post("/subscription/confirm", { token: firstToken })).status).toBe(400);
    expect((await post("/subscription/confirm", { token: secondToken })).status).toBe(200);
    expect(await rows("lost@example.ru")).toHaveLength(1);
  });

  it("takes the link's origin from SITE_URL when it is set, whatever the header says", async () => {
    const api = await openTestApi(backend, { groups: 0, siteUrl: "https://tmg-podarki.ru", mailer: createMailer({ transport }) });
    try {
      await api.api.fetch(
        new Request("http://x/api/subscription", {
          method: "POST",
          body: JSON.stringify({ email: "site@example.ru" }),
          headers: { "content-type": "application/json", "X-Site-Origin": "https://evil.example" },
        }),
      );
      expect(sent).toHaveLength(1);
      expect(sent[0].text).toContain("https://tmg-podarki.ru/subscribe/confirm?token=");
      expect(sent[0].text).not.toContain("evil");
    } finally {
      await api.close();
    }
  });
});
