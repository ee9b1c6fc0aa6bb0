/**
 * A returning visitor whose session died (issue 25, item 6): logged out on another device, a
 * password reset, a refresh token that expired, or a cookie that was never a token. Every page
 * answers as for a guest (200, "Войти" in the header) and clears the dead cookies (token,
 * refreshToken and the manager choice, §4 logout); account pages go to the login. A refused
 * access token with a live refresh token is renewed: the page as logged in, with new cookies.
 *
 * Requests go to the built server with real cookies (the request fixture, no browser), then the
 * same story in Chromium. The access token's own expiry (15 minutes) needs a clock this server
 * does not have: tests/integration/dead-session.test.ts covers it with a moved clock.
 */
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { test, expect, waitForHydration } from "#tests/support/fixtures.ts";

const DEMO_PASSWORD = "demo12345";
const PAGE_NOT_FOUND = /Page not found|Страница не найдена/;

interface Tokens {
  token: string;
  refreshToken: string;
}

/** A session of the demo customer, through the API as the storefront's client would start one. */
async function login(request: APIRequestContext): Promise<Tokens> {
  const res = await request.post("/api/auth/login", { data: { email: "user@demo.ru", password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { authenticated: Tokens } }).data.authenticated;
}

/** Ends the session as another device's logout does. */
async function revoke(request: APIRequestContext, tokens: Tokens): Promise<void> {
  const res = await request.delete("/api/auth/logout", { data: { refreshToken: tokens.refreshToken } });
  expect(res.status()).toBe(200);
}

/** The Set-Cookie headers of an answer, name → value ("" = cleared with Max-Age=0). */
function setCookies(res: APIResponse): Map<string, { value: string; cleared: boolean }> {
  const out = new Map<string, { value: string; cleared: boolean }>();
  for (const { name, value } of res.headersArray()) {
    if (name.toLowerCase() !== "set-cookie") continue;
    const [pair] = value.split(";");
    const eq = pair.indexOf("=");
    out.set(pair.slice(0, eq), { value: decodeURIComponent(pair.slice(eq + 1)), cleared: /max-age=0/i.test(value) });
  }
  return out;
}

/** A page with exactly these cookies (no cookie jar: each request says what it carries). */
function open(request: APIRequestContext, path: string, cookie: string) {
  return request.get(path, { headers: { cookie }, maxRedirects: 0 });
}

async function expectGuestPage(res: APIResponse, what: string) {
  const body = await res.text();
  expect(res.status(), what).toBe(200);
  expect(body, what).not.toMatch(PAGE_NOT_FOUND);
  expect(body, what).toContain('data-testid="header-login"');
  expect(body, what).not.toContain('data-testid="header-user"');
  const cookies = setCookies(res);
  for (const name of ["token", "refreshToken", "managerId"]) expect(cookies.get(name)?.cleared, `${what}: ${name} cleared`).toBe(true);
}

test.describe("a dead session on every page type", () => {
  // Pages render uncached (a request with the auth cookie never uses the page cache) on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  let pages: [string, string][] = [];
  test.beforeAll(async ({ request }) => {
    const category = await (await request.get("/catalog/ruchki")).text();
    const product = category.match(/href="(\/catalog\/goods\/\d+)"/)?.[1];
    const blog = await (await request.get("/blog")).text();
    const post = blog.match(/href="(\/blog\/\d+)"/)?.[1];
    expect(product, "a product on the category page").toBeTruthy();
    expect(post, "a post on the blog").toBeTruthy();
    pages = [
      ["home", "/"],
      ["category", "/catalog/ruchki"],
      ["product", product!],
      ["blog", "/blog"],
      ["blog post", post!],
      ["search", `/search/text=${encodeURIComponent("ручка")}`],
      ["static page", "/about"],
    ];
  });

  test("a cookie that is no token (`token=abc`): the guest's page, the cookies cleared", async ({ request }) => {
    for (const [what, path] of pages) await expectGuestPage(await open(request, path, "token=abc"), what);
  });

  test("a revoked session (logged out elsewhere): the guest's page, the cookies cleared", async ({ request }) => {
    const tokens = await login(request);
    await revoke(request, tokens);
    const cookie = `token=${tokens.token}; refreshToken=${tokens.refreshToken}; managerId=3`;
    for (const [what, path] of pages) await expectGuestPage(await open(request, path, cookie), what);
    // Only the (dead) refresh token left: the same.
    await expectGuestPage(await open(request, "/", `refreshToken=${tokens.refreshToken}`), "home, refresh token only");
  });

  test("a refused access token with a live refresh token: renewed, the page as logged in, new cookies", async ({ request }) => {
    let tokens = await login(request);
    for (const [what, path] of pages) {
      // "abc" stands for an expired access token: the API refuses both alike, with a 401.
      const res = await open(request, path, `token=abc; refreshToken=${tokens.refreshToken}`);
      const body = await res.text();
      expect(res.status(), what).toBe(200);
      expect(body, what).not.toMatch(PAGE_NOT_FOUND);
      expect(body, what).toContain('data-testid="header-user"');
      const cookies = setCookies(res);
      const next = { token: cookies.get("token")?.value ?? "", refreshToken: cookies.get("refreshToken")?.value ?? "" };
      expect(next.token, `${what}: a new access token`).toMatch(/^ey/);
      expect(next.refreshToken, `${what}: the next refresh token`).not.toBe(tokens.refreshToken);
      expect(next.refreshToken.length, what).toBeGreaterThan(20);
      tokens = next;
    }
    // The renewed pair works as it is.
    const res = await open(request, "/", `token=${tokens.token}; refreshToken=${tokens.refreshToken}`);
    expect(await res.text()).toContain('data-testid="header-user"');
    expect([...setCookies(res).keys()].filter((name) => /token/i.test(name))).toEqual([]);
    await revoke(request, tokens);
  });

  test("account pages with a dead session go to the login, and the cookies are cleared", async ({ request }) => {
    const tokens = await login(request);
    await revoke(request, tokens);
    for (const path of ["/profile", "/profile/orders", "/profile/companies", "/profile/cp"]) {
      for (const cookie of ["token=abc", `token=${tokens.token}; refreshToken=${tokens.refreshToken}`]) {
        const res = await open(request, path, cookie);
        expect(res.status(), `${path} with ${cookie.slice(0, 12)}`).toBe(302);
        expect(res.headers()["location"]).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
        const cookies = setCookies(res);
        expect(cookies.get("token")?.cleared, path).toBe(true);
        expect(cookies.get("refreshToken")?.cleared, path).toBe(true);
      }
    }
  });
});

test("a returning visitor whose session ended on another device sees the shop as a guest and logs in again", async ({ page, context, request }) => {
  test.setTimeout(60_000);
  // Yesterday's login in this browser…
  const tokens = await login(request);
  await context.addCookies([
    { name: "token", value: tokens.token, domain: "localhost", path: "/", httpOnly: true, sameSite: "Lax" },
    { name: "refreshToken", value: tokens.refreshToken, domain: "localhost", path: "/", httpOnly: true, sameSite: "Lax" },
  ]);
  // …then "log out on all devices" elsewhere, while this browser was closed.
  await revoke(request, tokens);

  const home = await page.goto("/");
  expect(home?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(PAGE_NOT_FOUND);
  await expect(page.getByTestId("header-login")).toBeVisible();
  expect((await context.cookies()).map((c) => c.name)).not.toContain("token");
  expect((await context.cookies()).map((c) => c.name)).not.toContain("refreshToken");

  const category = await page.goto("/catalog/ruchki");
  expect(category?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Ручки/);

  // And the login works again from here.
  await waitForHydration(page);
  await page.getByTestId("header-login").click();
  const dialog = page.getByRole("dialog", { name: "Вход в личный кабинет" });
  await dialog.getByLabel("E-mail").fill("user@demo.ru");
  await dialog.getByLabel("Пароль").fill(DEMO_PASSWORD);
  await dialog.getByRole("button", { name: "Войти" }).click();
  await expect(page).toHaveURL(/\/profile\/cp$/, { timeout: 15_000 });
  await expect(page.getByTestId("header-user")).toBeVisible();
});

test("a dead cookie in the browser does not refuse the next login (§7: auth calls go without the session)", async ({ page, context }) => {
  test.setTimeout(60_000);
  await context.addCookies([{ name: "token", value: "abc.def.ghi", domain: "localhost", path: "/", httpOnly: true, sameSite: "Lax" }]);
  await page.goto("/login");
  // The visit itself cleared it.
  expect((await context.cookies()).map((c) => c.name)).not.toContain("token");
  await context.addCookies([{ name: "token", value: "abc.def.ghi", domain: "localhost", path: "/", httpOnly: true, sameSite: "Lax" }]);
  const form = page.getByTestId("login-page-email-form");
  await form.getByLabel("E-mail").fill("user@demo.ru");
  await form.getByLabel("Пароль").fill(DEMO_PASSWORD);
  await form.getByRole("button", { name: "Войти" }).click();
  await expect(page).toHaveURL(/\/profile\/cp$/, { timeout: 15_000 });
  await expect(page.getByTestId("header-user")).toBeVisible();
});
