/**
 * Pre-account takeover through the contacts typed at sign-up (issue 25, item 2; ADR 040), on
 * PGlite (and PostgreSQL with TEST_DATABASE_URL). A phone or an e-mail lets its owner in only once
 * it is confirmed by its code or link; whoever proves a contact wins over an account that only
 * claimed it; a password reset keeps only what the address's owner can vouch for and ends every
 * session at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { LoginResult, User, type ApiErrorBody } from "../../contract/index";
import { users } from "../../api/db/schema";
import { testBackends } from "../../api/testing";
import { json, openAuthHarness, type Harness } from "../support/auth-harness";

const data = async <T>(res: Response, schema: { parse(v: unknown): T }): Promise<T> => schema.parse((await json<{ data: unknown }>(res)).data);
const tokenIn = (text: string) => /token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? "";

let phoneCounter = 0;
/** A fresh mobile number per use: one code a minute per phone must not tie the tests together. */
const freshPhone = () => `+7912${String(Date.now() % 100000).padStart(5, "0")}${String(++phoneCounter).padStart(2, "0")}`;
let mailCounter = 0;
const freshEmail = (who: string) => `${who}.${Date.now().toString(36)}.${++mailCounter}@example.ru`;

describe.each(testBackends())("contacts and takeover on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await openAuthHarness(backend);
  });
  afterAll(async () => {
    await h?.close();
  });

  const signup = (email: string, phone?: string, password = "Attack2026!") =>
    h.call("POST", "/auth/signup", { email, password, name: "Сергей Лукин", agreement: true, ...(phone ? { phone } : {}) });
  async function smsLogin(phone: string): Promise<LoginResult> {
    h.clock.advance(61_000);
    expect((await h.call("POST", "/auth/sms/send", { phone })).status).toBe(200);
    return data(await h.call("POST", "/auth/sms/login", { phone, code: h.lastCode(phone) }), LoginResult);
  }
  const profile = async (token: string) => data(await h.call("GET", "/profile", undefined, { token }), User);
  const rowOf = async (id: number) => (await h.t.db.select().from(users).where(eq(users.id, id)))[0];
  async function confirmPhoneInProfile(token: string, phone: string) {
    h.clock.advance(61_000);
    expect((await h.call("POST", "/profile/phone/set", { phone }, { token })).status).toBe(200);
    return h.call("POST", "/profile/phone/confirm", { code: h.lastCode(phone) }, { token });
  }
  async function resetPassword(email: string, password: string) {
    h.clock.advance(61_000);
    h.letters.length = 0;
    expect((await h.call("POST", "/auth/reset-password", { email })).status).toBe(200);
    const token = tokenIn(h.letters.find((l) => l.to === email)!.text);
    expect((await h.call("POST", `/auth/reset-password/${token}`, { password })).status).toBe(200);
  }

  it("attack 1: a stranger signs up with the victim's phone; the victim's phone login never lands in the stranger's account", async () => {
    const victimPhone = freshPhone();
    const attacker = await data(await signup(freshEmail("attacker"), victimPhone), LoginResult);
    expect(attacker.data).toMatchObject({ phone: victimPhone, phoneVerified: false });

    // The phone's owner logs in by code: a new account of their own, with the phone confirmed.
    const victim = await smsLogin(victimPhone);
    expect(victim.data.id).not.toBe(attacker.data.id);
    expect(victim.data).toMatchObject({ phone: victimPhone, phoneVerified: true, email: null });
    // The stranger's unconfirmed claim is gone from their account.
    expect(await rowOf(attacker.data.id)).toMatchObject({ phone: null, phoneVerified: false });

    // What the victim keeps in their account, the stranger does not see by password.
    const address = { city: "Санкт-Петербург", street: "Невский проспект", house: "28", flat: "5", isDefault: true };
    const saved = await h.call("POST", "/profile/shipmentaddress/update", { addresses: [address] }, { token: victim.authenticated.token });
    expect(saved.status).toBe(200);
    const relogin = await data(await h.call("POST", "/auth/login", { email: attacker.data.email, password: "Attack2026!" }), LoginResult);
    expect(relogin.data.id).toBe(attacker.data.id);
    const theirs = await data(await h.call("GET", "/profile/shipmentaddress/list", undefined, { token: relogin.authenticated.token }), { parse: (v) => v as unknown[] });
    expect(theirs).toEqual([]);
    // And the next code login is the victim's account again.
    expect((await smsLogin(victimPhone)).data.id).toBe(victim.data.id);
  });

  it("attack 2: a stranger signs up with the victim's e-mail and their own phone (never confirmed); after the victim's reset it opens nothing", async () => {
    const victimEmail = freshEmail("victim");
    const attackerPhone = freshPhone();
    const attacker = await data(await signup(victimEmail, attackerPhone), LoginResult);

    // The address's owner wants to sign up, is told the address is registered, and resets the password.
    const refused = await signup(victimEmail, undefined, "Victim2026!");
    expect((await json<ApiErrorBody>(refused)).errors[0]).toEqual({ field: "email", message: "Этот e-mail уже зарегистрирован. Войдите или восстановите пароль" });
    await resetPassword(victimEmail, "Victim2026!");

    expect((await h.call("GET", "/profile", undefined, { token: attacker.authenticated.token })).status).toBe(401);
    const owner = await data(await h.call("POST", "/auth/login", { email: victimEmail, password: "Victim2026!" }), LoginResult);
    expect(owner.data).toMatchObject({ id: attacker.data.id, email: victimEmail, emailVerified: true, phone: null });
    // The stranger's code opens an account of their own, never the victim's.
    expect((await smsLogin(attackerPhone)).data.id).not.toBe(owner.data.id);
    expect((await h.call("POST", "/auth/login", { email: victimEmail, password: "Attack2026!" })).status).toBe(401);
  });

  it("attack 2, confirmed from inside: the stranger confirms their phone in the profile first; the victim's reset still ends it at once", async () => {
    const victimEmail = freshEmail("victim");
    const attackerPhone = freshPhone();
    const attacker = await data(await signup(victimEmail, attackerPhone), LoginResult);
    // The sign-up's session confirms the phone by its code: now it does open the account.
    const confirmed = await confirmPhoneInProfile(attacker.authenticated.token, attackerPhone);
    expect(await data(confirmed, User)).toMatchObject({ phone: attackerPhone, phoneVerified: true });
    const attackerSession = await smsLogin(attackerPhone);
    expect(attackerSession.data.id).toBe(attacker.data.id);

    await resetPassword(victimEmail, "Victim2026!");

    // Every session of the stranger ended at once (the access tokens too, not 15 minutes later)…
    expect((await h.call("GET", "/profile", undefined, { token: attacker.authenticated.token })).status).toBe(401);
    expect((await h.call("GET", "/profile", undefined, { token: attackerSession.authenticated.token })).status).toBe(401);
    expect((await h.call("POST", "/profile/phone/set", { phone: attackerPhone }, { token: attackerSession.authenticated.token })).status).toBe(401);
    expect((await h.call("POST", "/auth/refresh", { refreshToken: attackerSession.authenticated.refreshToken })).status).toBe(401);
    // …the phone confirmed while the address was unproved is gone, and its code opens another account.
    const owner = await data(await h.call("POST", "/auth/login", { email: victimEmail, password: "Victim2026!" }), LoginResult);
    expect(owner.data).toMatchObject({ id: attacker.data.id, email: victimEmail, emailVerified: true, activated: true, phone: null, phoneVerified: false });
    expect((await smsLogin(attackerPhone)).data.id).not.toBe(owner.data.id);
  });

  it("a reset keeps a phone the account confirmed while its e-mail was confirmed, and drops an unconfirmed one", async () => {
    const email = freshEmail("olga");
    const phone = freshPhone();
    const session = await data(await signup(email, undefined, "Olga2026!!"), LoginResult);
    const link = tokenIn(h.letters.find((l) => l.to === email)!.text);
    expect((await h.call("POST", "/profile/email/confirm", { token: link })).status).toBe(200);
    expect((await confirmPhoneInProfile(session.authenticated.token, phone)).status).toBe(200);
    await resetPassword(email, "Olga2027!!");
    const after = await data(await h.call("POST", "/auth/login", { email, password: "Olga2027!!" }), LoginResult);
    expect(after.data).toMatchObject({ phone, phoneVerified: true });
    expect((await smsLogin(phone)).data.id).toBe(session.data.id);

    // A sign-up phone nobody confirmed does not survive the reset.
    const email2 = freshEmail("pavel");
    const typed = freshPhone();
    const second = await data(await signup(email2, typed), LoginResult);
    expect((await h.call("POST", "/profile/email/confirm", { token: tokenIn(h.letters.find((l) => l.to === email2)!.text) })).status).toBe(200);
    await resetPassword(email2, "Pavel2027!!");
    expect(await rowOf(second.data.id)).toMatchObject({ phone: null, phoneVerified: false });
  });

  it("sign-up: an unconfirmed phone of another account gives way, a confirmed one is refused", async () => {
    const phone = freshPhone();
    const first = await data(await signup(freshEmail("first"), phone), LoginResult);
    const second = await data(await signup(freshEmail("second"), phone), LoginResult);
    expect(second.data).toMatchObject({ phone, phoneVerified: false });
    expect(await rowOf(first.data.id)).toMatchObject({ phone: null });

    const owned = freshPhone();
    await smsLogin(owned);
    const refused = await signup(freshEmail("third"), owned);
    expect(refused.status).toBe(400);
    expect((await json<ApiErrorBody>(refused)).errors[0]).toEqual({ field: "phone", message: "Этот телефон уже привязан к другому аккаунту" });
  });

  it("profile phone: a claim elsewhere gives way to the code's proof; a phone confirmed elsewhere is refused", async () => {
    const phone = freshPhone();
    const claimer = await data(await signup(freshEmail("claimer"), phone), LoginResult);
    const owner = await data(await signup(freshEmail("owner")), LoginResult);
    const ok = await confirmPhoneInProfile(owner.authenticated.token, phone);
    expect(ok.status).toBe(200);
    expect(await rowOf(claimer.data.id)).toMatchObject({ phone: null });
    expect(await profile(owner.authenticated.token)).toMatchObject({ phone, phoneVerified: true });

    // Now confirmed: nobody else gets a code for it.
    h.clock.advance(61_000);
    const taken = await h.call("POST", "/profile/phone/set", { phone }, { token: claimer.authenticated.token });
    expect(taken.status).toBe(400);
    expect((await json<ApiErrorBody>(taken)).errors[0]).toEqual({ field: "phone", message: "Этот телефон уже привязан к другому аккаунту" });
  });

  it("profile e-mail: an address only claimed by another account moves on its link; a confirmed one is refused", async () => {
    const address = freshEmail("irina");
    // A stranger signed up with it and never confirmed it.
    const claimer = await data(await signup(address), LoginResult);
    // Its owner has a phone account and adds the address in the profile.
    const owner = await smsLogin(freshPhone());
    h.clock.advance(61_000);
    h.letters.length = 0;
    expect((await h.call("POST", "/profile/email/set", { email: address }, { token: owner.authenticated.token })).status).toBe(200);
    const link = tokenIn(h.letters.find((l) => l.to === address)!.text);
    expect((await h.call("POST", "/profile/email/confirm", { token: link })).status).toBe(200);
    expect(await profile(owner.authenticated.token)).toMatchObject({ email: address, emailVerified: true, activated: true });
    expect(await rowOf(claimer.data.id)).toMatchObject({ email: null });
    // The stranger's password opens nothing by that address any more.
    expect((await h.call("POST", "/auth/login", { email: address, password: "Attack2026!" })).status).toBe(401);

    // Confirmed now: another account is refused.
    h.clock.advance(61_000);
    const other = await data(await signup(freshEmail("other")), LoginResult);
    const taken = await h.call("POST", "/profile/email/set", { email: address }, { token: other.authenticated.token });
    expect(taken.status).toBe(400);
    expect((await json<ApiErrorBody>(taken)).errors[0]).toEqual({ field: "email", message: "Этот e-mail уже привязан к другому аккаунту" });
  });

  it("a second sign-up with an unconfirmed address is refused (its owner resets the password instead)", async () => {
    const address = freshEmail("maria");
    expect((await signup(address)).status).toBe(200);
    const again = await signup(address.toUpperCase());
    expect(again.status).toBe(400);
    expect((await json<ApiErrorBody>(again)).errors[0].field).toBe("email");
  });
});
