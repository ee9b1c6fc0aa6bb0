/**
 * Synced shopping (issue 19, §4, ADR 034): a guest's favourites, comparison and cart survive login
 * merged with the account's, local storage is cleared, a reload keeps them, a removal reaches the
 * server; a logged-in order with a saved company and address; comments written, edited and deleted
 * (with and without JavaScript); the header's search history for a logged-in visitor.
 */
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { test, expect, waitForHydration } from "#tests/support/fixtures.ts";
import { BLOG } from "#api/db/seed/posts-data.ts";

const USER = "user@demo.ru";
const PASSWORD = "demo12345";
const CATEGORY = "/catalog/ruchki";

interface Group {
  id: number;
  products: { id: number; price: number }[];
}

/** A bearer token for user@demo.ru, to look at (and prepare) the account's server side. */
async function apiToken(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/auth/login", { data: { email: USER, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { authenticated: { token: string } } }).data.authenticated.token;
}

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

async function apiPost(request: APIRequestContext, token: string, path: string, data: unknown) {
  const res = await request.post(`/api${path}`, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
}

async function groupsOf(request: APIRequestContext, category: string): Promise<Group[]> {
  const res = await request.get(`/api/product/list?category=${category}&pageLimit=20`);
  return ((await res.json()) as { data: { elements: Group[] } }).data.elements.filter((g) => g.products.length > 0);
}

/** Logs in through the /login page's e-mail form (the dialog's forms are the same component). */
async function login(page: Page, redirectTo: string, { js = true } = {}) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  if (js) await waitForHydration(page);
  const form = page.getByTestId("login-page-email-form");
  await form.getByLabel("E-mail").fill(USER);
  await form.getByLabel("Пароль").fill(PASSWORD);
  await form.getByRole("button", { name: "Войти" }).click();
  await page.waitForURL((url) => url.pathname + url.hash === redirectTo || url.pathname === redirectTo.split("#")[0]);
}

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);
const favoritesCount = (page: Page) => page.getByTestId("favorites-count");
const comparisonCount = (page: Page) => page.getByTestId("comparison-count");
const cartCount = (page: Page) => page.getByTestId("cart-count");

// Long journeys on a shared 2-core machine: more time than the suite default.
test.describe.configure({ mode: "serial", timeout: 90_000 });

test("a guest's favourites, comparison and cart are merged into the account's at login and kept on reload", async ({ page, request }) => {
  const token = await apiToken(request);
  const pens = await groupsOf(request, "ruchki");
  const dishes = await groupsOf(request, "posuda");
  // The account already holds one favourite, one compared product and one cart line.
  const serverGroup = dishes[0]!;
  await apiPost(request, token, "/favorite/add", { productsGroups: [serverGroup.id] });
  await apiPost(request, token, "/comparing/add", { products: [dishes[1]!.products[0]!.id] });
  await apiPost(request, token, "/cart/recalculate", { items: [{ variation: dishes[2]!.products[0]!.id, count: 50 }] });
  const serverFavorites = await apiGet<number[]>(request, token, "/favorite/all");
  const serverCompared = await apiGet<number[]>(request, token, "/comparing/ids");

  // As a guest: two favourites and one comparison from the listing, one cart line from a product page.
  await page.goto(CATEGORY);
  await waitForHydration(page);
  const cards = page.locator(".product-card");
  await cards.nth(0).getByRole("button", { name: "В избранное", exact: true }).click();
  await cards.nth(1).getByRole("button", { name: "В избранное", exact: true }).click();
  await cards.nth(0).getByRole("button", { name: "Сравнить", exact: true }).click();
  await expect(favoritesCount(page)).toHaveText("2");
  const guestFavorites = JSON.parse((await stored(page, "tmg_favorites"))!) as number[];
  const guestCompared = JSON.parse((await stored(page, "tmg_comparison"))!) as number[];
  await page.goto(`/catalog/goods/${pens[3]!.id}`);
  await waitForHydration(page);
  await page.getByRole("spinbutton", { name: "Тираж, шт." }).fill("100");
  await page.getByTestId("add-to-cart").click();
  await expect(cartCount(page)).toHaveText("1");

  await login(page, "/favorites");
  const favorites = [...new Set([...guestFavorites, ...serverFavorites])];
  const compared = [...new Set([...guestCompared, ...serverCompared])];
  await expect(favoritesCount(page)).toHaveText(String(favorites.length));
  await expect(comparisonCount(page)).toHaveText(String(compared.length));
  await expect(cartCount(page)).toHaveText("2");
  await expect(page.locator(".product-card")).toHaveCount(favorites.length);
  // Local storage is cleared: the server holds the lists now.
  await expect.poll(() => stored(page, "tmg_favorites")).toBeNull();
  expect(await stored(page, "tmg_comparison")).toBeNull();
  expect(await stored(page, "tmg_cart")).toBeNull();
  expect((await apiGet<number[]>(request, token, "/favorite/all")).sort()).toEqual([...favorites].sort());
  expect((await apiGet<number[]>(request, token, "/comparing/ids")).sort()).toEqual([...compared].sort());
  const cart = await apiGet<{ cartItems: { variation: number; count: number }[] }>(request, token, "/cart/detail");
  expect(cart.cartItems.map((l) => l.variation).sort()).toEqual([dishes[2]!.products[0]!.id, pens[3]!.products[0]!.id].sort());

  // A reload keeps them (they come from the server; nothing is merged twice).
  await page.reload();
  await waitForHydration(page);
  await expect(favoritesCount(page)).toHaveText(String(favorites.length));
  await expect(cartCount(page)).toHaveText("2");

  // Removing a favourite while logged in reaches the server.
  const first = page.locator(".product-card").first();
  const heart = first.getByRole("button", { name: "В избранное", exact: true });
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await heart.click();
  await expect(favoritesCount(page)).toHaveText(String(favorites.length - 1));
  await expect.poll(async () => (await apiGet<number[]>(request, token, "/favorite/all")).length).toBe(favorites.length - 1);

  // The cart page shows the server cart, priced.
  await page.goto("/cart");
  await waitForHydration(page);
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(page.getByTestId("order-button")).toBeEnabled();
});

test("a logged-in order with a saved company and delivery address appears in the account's orders", async ({ page, request }) => {
  const token = await apiToken(request);
  // The account keeps a company and a delivery address (added as the profile pages do; kept if there are more).
  const companies = await apiGet<{ inn: string }[]>(request, token, "/profile/legal/my");
  if (!companies.some((c) => c.inn === "7707083893")) {
    const res = await request.post("/api/profile/legal/create", {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { shortTitle: "ООО «Северная мануфактура»", inn: "7707083893", kpp: "773601001" },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  const addresses = await apiGet<{ id: number; city: string; street: string; house: string; flat: string | null; postcode: string | null; comment: string | null; isDefault: boolean }[]>(request, token, "/profile/shipmentaddress/list");
  if (!addresses.some((a) => a.street === "Малая Морская")) {
    await apiPost(request, token, "/profile/shipmentaddress/update", {
      addresses: [
        { city: "Санкт-Петербург", street: "Малая Морская", house: "18", flat: "4", postcode: "190000", comment: "Офис на 2 этаже", isDefault: true },
        ...addresses.map(({ id, city, street, house, flat, postcode, comment }) => ({ id, city, street, house, flat, postcode, comment, isDefault: false })),
      ],
    });
  }
  const current = await apiGet<{ cartItems: unknown[] }>(request, token, "/cart/detail");
  if (!current.cartItems.length) {
    const dish = (await groupsOf(request, "posuda"))[2]!;
    await apiPost(request, token, "/cart/recalculate", { items: [{ variation: dish.products[0]!.id, count: 200 }] });
  }
  await login(page, "/cart/ordering");
  await waitForHydration(page);
  const form = page.locator("form.ordering-form");
  // The representative comes from the profile.
  await expect(form.getByLabel("ФИО")).toHaveValue(/\S/);
  await expect(form.getByLabel("E-mail")).toHaveValue(USER);
  const company = form.getByTestId("legal-company");
  const companyOption = company.locator("option").nth(1);
  const companyId = Number(await companyOption.getAttribute("value"));
  await company.selectOption(String(companyId));
  await form.getByRole("radio", { name: "Курьер" }).check();
  const address = form.getByTestId("saved-address");
  await expect(address).toBeVisible();
  const addressText = (await address.locator("option:checked").textContent())!.trim();
  await expect(form.getByRole("button", { name: "Отправить заказ" })).toBeEnabled();
  await form.getByRole("button", { name: "Отправить заказ" }).click();
  await page.waitForURL(/\/thanks\?order=\d+/);
  const orderId = Number(new URL(page.url()).searchParams.get("order"));
  await expect(cartCount(page)).toBeHidden();

  const orders = await apiGet<{ elements: { id: number; shipmentAddress: string | null; legalCompany?: { id: number } | number | null }[] }>(request, token, "/order/?page=1");
  const order = orders.elements.find((o) => o.id === orderId);
  expect(order, "the order is the user's").toBeDefined();
  expect(order!.shipmentAddress).toBe(addressText);
  const cart = await apiGet<{ cartItems: unknown[] }>(request, token, "/cart/detail");
  expect(cart.cartItems).toEqual([]);
  const ordersPage = await request.get("/profile/orders");
  if (ordersPage.status() !== 404) {
    await page.goto("/profile/orders");
    await expect(page.getByText(String(orderId)).first()).toBeVisible();
  }
});

/** The seeded blog post "Как выбрать корпоративный подарок сотрудникам". */
async function blogPostId(request: APIRequestContext): Promise<number> {
  const res = await request.get("/api/blog/post/list?page=1&limit=50");
  const list = ((await res.json()) as { data: { elements: { id: number; title: string }[] } }).data.elements;
  const post = list.find((p) => p.title === BLOG[0]!.title);
  expect(post, "the seeded blog post").toBeDefined();
  return post!.id;
}

test("comments: anonymous visitors are asked to log in; a logged-in visitor writes, edits and deletes their own", async ({ page, request }) => {
  const id = await blogPostId(request);
  const path = `/blog/${id}`;
  await page.goto(path);
  const prompt = page.getByTestId("comment-login");
  await expect(prompt).toHaveText("Войдите, чтобы оставить комментарий");
  await expect(prompt.getByRole("link")).toHaveAttribute("href", `/login?redirectTo=${encodeURIComponent(path)}`);
  await expect(page.getByTestId("comment-edit")).toHaveCount(0);

  await login(page, path);
  await waitForHydration(page);
  const form = page.getByTestId("comment-form");
  // An empty comment: the message under the field.
  await form.getByLabel("Ваш комментарий").fill("   ");
  await form.getByRole("button", { name: "Отправить" }).click();
  await expect(page.getByTestId("comment-error")).toHaveText("Напишите комментарий");
  // Markup is shown as text, never as HTML.
  await form.getByLabel("Ваш комментарий").fill("Заказывали такие ручки <b>для выставки</b> — отличный результат");
  await form.getByRole("button", { name: "Отправить" }).click();
  const mine = page.getByTestId("post-comment").filter({ hasText: "Заказывали такие ручки" });
  await expect(mine).toContainText("для выставки");
  await expect(mine.locator("b")).toHaveCount(0);
  // Posted: the box is empty again (a kept text invites the same comment twice).
  await expect(form.getByLabel("Ваш комментарий")).toHaveValue("");

  await mine.getByTestId("comment-edit").click();
  const edit = page.getByTestId("comment-edit-form");
  await edit.getByLabel("Текст комментария").fill("Заказывали такие ручки к выставке, всё пришло вовремя");
  await edit.getByRole("button", { name: "Сохранить" }).click();
  const edited = page.getByTestId("post-comment").filter({ hasText: "всё пришло вовремя" });
  await expect(edited).toBeVisible();
  // Only one's own comments carry the controls.
  await expect(page.getByTestId("comment-edit")).toHaveCount(1);
  await edited.getByTestId("comment-delete").click();
  await expect(page.getByTestId("post-comment").filter({ hasText: "всё пришло вовремя" })).toHaveCount(0);
});

async function noJsPage(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: "ru-RU" });
  return { context, page: await context.newPage() };
}

test("comments work without JavaScript", async ({ browser, request }) => {
  const id = await blogPostId(request);
  const path = `/blog/${id}`;
  const { context, page } = await noJsPage(browser);
  try {
    await login(page, path, { js: false });
    const form = page.getByTestId("comment-form");
    await form.getByLabel("Ваш комментарий").fill("Без JavaScript тоже работает");
    await form.getByRole("button", { name: "Отправить" }).click();
    const mine = page.getByTestId("post-comment").filter({ hasText: "Без JavaScript тоже работает" });
    await expect(mine).toBeVisible();
    await mine.getByTestId("comment-edit").click();
    await page.getByTestId("comment-edit-form").getByLabel("Текст комментария").fill("");
    await page.getByTestId("comment-edit-form").getByRole("button", { name: "Сохранить" }).click();
    // `required` keeps an empty text from being sent; fill blanks that the browser lets through.
    await page.getByTestId("comment-edit-form").getByLabel("Текст комментария").fill("   ");
    await page.getByTestId("comment-edit-form").getByRole("button", { name: "Сохранить" }).click();
    await expect(page.getByTestId("comment-error")).toHaveText("Напишите комментарий");
    await page.getByTestId("comment-edit-form").getByLabel("Текст комментария").fill("Без JavaScript тоже работает, проверено");
    await page.getByTestId("comment-edit-form").getByRole("button", { name: "Сохранить" }).click();
    const edited = page.getByTestId("post-comment").filter({ hasText: "проверено" });
    await expect(edited).toBeVisible();
    await edited.getByTestId("comment-delete").click();
    await expect(page.getByTestId("post-comment").filter({ hasText: "Без JavaScript" })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test("the header shows a logged-in visitor's server search history; one removed, then cleared", async ({ page, request }) => {
  const token = await apiToken(request);
  const field = () => page.getByRole("combobox", { name: "Поиск по каталогу" });
  await login(page, "/catalog");
  await waitForHydration(page);
  // A guest's local history is not shown to the account (and stays for when they log out).
  await page.evaluate(() => localStorage.setItem("tmg_search_history", JSON.stringify(["гостевой запрос"])));
  for (const text of ["кружка", "ручка"]) {
    await field().fill(text);
    await field().press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Результаты поиска «${text}»`, { timeout: 15_000 });
  }
  const server = await apiGet<{ text: string }[]>(request, token, "/search/history");
  expect(server.slice(0, 2).map((e) => e.text)).toEqual(["ручка", "кружка"]);

  // A new page load: the history comes from the server.
  await page.goto("/catalog");
  await waitForHydration(page);
  await field().click();
  const list = page.getByRole("listbox", { name: "Вы искали" });
  await expect(list.getByRole("option").first()).toHaveText("ручка");
  await expect(list.getByRole("option", { name: "гостевой запрос" })).toHaveCount(0);
  await page.getByRole("button", { name: "Удалить «ручка» из истории" }).click();
  await expect(list.getByRole("option", { name: "ручка", exact: true })).toHaveCount(0);
  await expect.poll(async () => (await apiGet<{ text: string }[]>(request, token, "/search/history")).map((e) => e.text)).not.toContain("ручка");
  await page.getByRole("button", { name: "Очистить историю" }).click();
  await expect(page.locator(".search-suggest")).toBeHidden();
  await expect.poll(async () => (await apiGet<unknown[]>(request, token, "/search/history")).length).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem("tmg_search_history"))).toBe(JSON.stringify(["гостевой запрос"]));
});

// ───── ADR 045: the logged-in lists come from the root loader and change through fetcher actions ─────

/** Empties the account's favourites, comparison and cart (the serial tests above leave some). */
async function resetAccount(request: APIRequestContext, token: string) {
  const favorites = await apiGet<number[]>(request, token, "/favorite/all");
  if (favorites.length) await apiPost(request, token, "/favorite/delete", { productsGroups: favorites });
  const compared = await apiGet<number[]>(request, token, "/comparing/ids");
  if (compared.length) await apiPost(request, token, "/comparing/delete", { products: compared });
  await apiPost(request, token, "/cart/recalculate", { items: [] });
}

/** A request held until `release()`: a slow network without a sleep. */
function gate() {
  let release = () => {};
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { opened, release: () => release() };
}

const FAVORITES_FAILED = "Не удалось изменить избранное. Попробуйте ещё раз.";

test.describe("personal state through the router (ADR 045)", () => {
  // The failures these tests cause on purpose: Chromium logs each refused or cut request.
  test.use({ allowedConsoleErrors: [/Failed to load resource: (the server responded with a status of 503|net::ERR_CONNECTION_FAILED)/] });

  test("two tabs: a change in one shows in the other when it comes back to the front", async ({ page, request }) => {
    const token = await apiToken(request);
    await resetAccount(request, token);
    await login(page, CATEGORY);
    await waitForHydration(page);
    const other = await page.context().newPage();
    await other.goto(CATEGORY);
    await waitForHydration(other);
    await expect(favoritesCount(other)).toHaveAttribute("data-count", "0");

    // Tab one: a favourite and a compared product.
    await page.bringToFront();
    const card = page.locator(".product-card").first();
    await card.getByRole("button", { name: "В избранное", exact: true }).click();
    await card.getByRole("button", { name: "Сравнить", exact: true }).click();
    await expect(favoritesCount(page)).toHaveText("1");
    await expect(comparisonCount(page)).toHaveText("1");
    await expect.poll(async () => (await apiGet<number[]>(request, token, "/favorite/all")).length).toBe(1);
    await expect.poll(async () => (await apiGet<number[]>(request, token, "/comparing/ids")).length).toBe(1);

    // Tab two comes to the front (the browser sends it `focus`): the root data is loaded again.
    await other.bringToFront();
    await other.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect(favoritesCount(other)).toHaveText("1");
    await expect(comparisonCount(other)).toHaveText("1");
    const heart = other.locator(".product-card").first().getByRole("button", { name: "В избранное", exact: true });
    await expect(heart).toHaveAttribute("aria-pressed", "true");

    // And back: tab two removes it, tab one follows on focus.
    await heart.click();
    await expect(favoritesCount(other)).toHaveAttribute("data-count", "0");
    await expect.poll(async () => (await apiGet<number[]>(request, token, "/favorite/all")).length).toBe(0);
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect(favoritesCount(page)).toHaveAttribute("data-count", "0");
    await other.close();
  });

  test("a slow network: the change shows at once, holds while the server works, then settles", async ({ page, request }) => {
    const token = await apiToken(request);
    await resetAccount(request, token);
    const [group] = await groupsOf(request, "ruchki");
    await login(page, `/catalog/goods/${group!.id}`);
    await waitForHydration(page);
    const held = gate();
    let seen = 0;
    await page.route(/\/favorites\/sync/, async (route) => {
      seen++;
      await held.opened;
      await route.continue();
    });
    const heart = page.locator(".list-toggles--product").getByRole("button", { name: "В избранное", exact: true });
    await expect(heart).toBeEnabled();
    await heart.click();
    // Optimistic: pressed and counted while the request is held.
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await expect(favoritesCount(page)).toHaveText("1");
    await expect.poll(() => seen).toBe(1);
    expect(await apiGet<number[]>(request, token, "/favorite/all")).toEqual([]);
    held.release();
    await expect.poll(async () => apiGet<number[]>(request, token, "/favorite/all")).toEqual([group!.id]);
    // Settled: the loader's list says the same.
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await expect(favoritesCount(page)).toHaveText("1");
    await expect(page.getByRole("status").filter({ hasText: FAVORITES_FAILED })).toHaveCount(0);
  });

  test("a failed request rolls back and says why: an add, a removal, no answer at all", async ({ page, request }) => {
    const token = await apiToken(request);
    await resetAccount(request, token);
    const [group, second] = await groupsOf(request, "ruchki");
    await apiPost(request, token, "/favorite/add", { productsGroups: [second!.id] });
    await login(page, `/catalog/goods/${group!.id}`);
    await waitForHydration(page);
    await expect(favoritesCount(page)).toHaveText("1");

    // The server refuses the add: it is taken back, and the §8 message is shown.
    const held = gate();
    await page.route(/\/favorites\/sync/, async (route) => {
      await held.opened;
      await route.fulfill({ status: 503, contentType: "text/plain", body: "unavailable" });
    });
    const heart = page.locator(".list-toggles--product").getByRole("button", { name: "В избранное", exact: true });
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await expect(favoritesCount(page)).toHaveText("2");
    held.release();
    await expect(page.locator(".list-notice")).toContainText(FAVORITES_FAILED);
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await expect(favoritesCount(page)).toHaveText("1");
    await expect(page.locator(".list-notice__close")).toBeVisible();
    await page.locator(".list-notice__close").click();

    // No answer at all on /favorites: the removed card comes back, the message is the same.
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.goto("/favorites");
    await waitForHydration(page);
    await expect(page.locator(".product-card")).toHaveCount(1);
    const cut = gate();
    await page.route(/\/favorites\/sync/, async (route) => {
      await cut.opened;
      await route.abort("connectionfailed");
    });
    // A clear waits for the server (§4): nothing goes until it agrees, and it did not.
    await page.getByRole("button", { name: "Очистить избранное" }).click();
    await expect(page.locator(".product-card")).toHaveCount(1);
    cut.release();
    await expect(page.locator(".list-notice")).toContainText(FAVORITES_FAILED);
    await expect(page.locator(".product-card")).toHaveCount(1);
    // A removal is optimistic: the card goes at once and comes back when the request fails.
    const cutAgain = gate();
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.route(/\/favorites\/sync/, async (route) => {
      await cutAgain.opened;
      await route.abort("connectionfailed");
    });
    await page.locator(".product-card").first().getByRole("button", { name: "В избранное", exact: true }).click();
    await expect(page.locator(".product-card")).toHaveCount(0);
    await page.locator(".list-notice__close").click();
    await expect(page.locator(".list-notice")).not.toContainText(FAVORITES_FAILED);
    cutAgain.release();
    await expect(page.locator(".product-card")).toHaveCount(1);
    // Its button went with the card, the message did not (the provider owns the request).
    await expect(page.locator(".list-notice")).toContainText(FAVORITES_FAILED);
    await expect(favoritesCount(page)).toHaveText("1");
    expect(await apiGet<number[]>(request, token, "/favorite/all")).toEqual([second!.id]);
    // The page is still the page (not the error page).
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Избранное");
  });

  test("an error during the login merge loses nothing: the guest's items stay until a merge succeeds", async ({ page, request }) => {
    const token = await apiToken(request);
    await resetAccount(request, token);
    const [serverGroup, guestGroup, cartGroup] = await groupsOf(request, "ruchki");
    await apiPost(request, token, "/favorite/add", { productsGroups: [serverGroup!.id] });

    // As a guest: a favourite and a cart line.
    await page.goto(`/catalog/goods/${guestGroup!.id}`);
    await waitForHydration(page);
    await page.locator(".list-toggles--product").getByRole("button", { name: "В избранное", exact: true }).click();
    await expect(favoritesCount(page)).toHaveText("1");
    await page.goto(`/catalog/goods/${cartGroup!.id}`);
    await waitForHydration(page);
    await page.getByRole("spinbutton", { name: "Тираж, шт." }).fill("100");
    await page.getByTestId("add-to-cart").click();
    await expect(cartCount(page)).toHaveText("1");

    // The merge fails (no answer): the lists show the guest's items with the account's, local storage keeps them.
    let merges = 0;
    await page.route(/\/account\/merge/, (route) => {
      merges++;
      return route.abort("connectionfailed");
    });
    await login(page, "/favorites");
    await waitForHydration(page);
    await expect.poll(() => merges).toBe(1);
    await expect(page.locator(".list-notice")).toContainText("Не удалось перенести списки и корзину в личный кабинет");
    await expect(favoritesCount(page)).toHaveText("2");
    await expect(cartCount(page)).toHaveText("1");
    await expect(page.locator(".product-card")).toHaveCount(2);
    expect(JSON.parse((await stored(page, "tmg_favorites"))!)).toEqual([guestGroup!.id]);
    expect(await stored(page, "tmg_cart")).not.toBeNull();
    expect(await apiGet<number[]>(request, token, "/favorite/all")).toEqual([serverGroup!.id]);

    // The next page load merges them; then local storage is cleared.
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => stored(page, "tmg_favorites")).toBeNull();
    await expect.poll(() => stored(page, "tmg_cart")).toBeNull();
    expect((await apiGet<number[]>(request, token, "/favorite/all")).sort()).toEqual([serverGroup!.id, guestGroup!.id].sort());
    const cart = await apiGet<{ cartItems: { variation: number }[] }>(request, token, "/cart/detail");
    expect(cart.cartItems.map((l) => l.variation)).toEqual([cartGroup!.products[0]!.id]);
    await expect(favoritesCount(page)).toHaveText("2");
    await expect(cartCount(page)).toHaveText("1");
  });
});
