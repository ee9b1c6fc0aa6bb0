/**
 * Search (§2, issue 18, ADR 029): the header's suggestions (WAI-ARIA combobox), the search page
 * with brands and categories above the products, no results, filters without JavaScript, the
 * history, and phones. Expectations come from the seeded embedded API itself (the same database).
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { test, expect, waitForHydration } from "#tests/support/fixtures.ts";

interface SearchResults {
  brands: { title: string; slug: string }[];
  categories: { title: string; slug: string }[];
  total: { products: number };
}

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/api${path}`);
  expect(response.ok(), path).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** A brand's name: search/global finds the brand and categories holding its products. */
async function brandQuery(request: APIRequestContext): Promise<{ text: string; found: SearchResults }> {
  const brands = await api<{ title: string; slug: string }[]>(request, "/brand/list/all");
  for (const brand of brands.slice(0, 10)) {
    const found = await api<SearchResults>(request, `/search/global?text=${encodeURIComponent(brand.title)}`);
    if (found.brands.length > 0 && found.categories.length > 0 && found.total.products > 0) return { text: brand.title, found };
  }
  throw new Error("no brand in the seed is found by its name");
}

const field = (page: Page) => page.getByRole("combobox", { name: "Поиск по каталогу" });
const listbox = (page: Page) => page.locator("#header-search-listbox");

async function typeQuery(page: Page, text: string): Promise<Locator> {
  const input = field(page);
  await input.click();
  await input.pressSequentially(text);
  await expect(input).toHaveAttribute("aria-expanded", "true");
  return input;
}

// Each test loads chunks and runs several searches through the engine: on a busy two-core machine
// that can take longer than the default 20 s, which says nothing about the shop.
test.describe.configure({ timeout: 60_000 });

test.describe("header suggestions", () => {
  test("typing shows products, categories and brands; ArrowDown + Enter opens the product", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const input = await typeQuery(page, "ручк");
    const products = listbox(page).getByRole("group", { name: "Товары" }).getByRole("option");
    await expect(products.first()).toBeVisible();
    await expect(listbox(page).getByRole("group", { name: "Категории" }).getByRole("option").first()).toBeVisible();
    await expect(listbox(page).getByRole("option", { name: /Показать все результаты/ })).toBeVisible();
    // A product option: picture and price.
    await expect(products.first().locator("img")).toHaveCount(1);
    await expect(products.first()).toContainText("₽");

    const title = (await products.first().locator(".search-suggest__name").textContent())!.trim();
    await input.press("ArrowDown");
    const firstId = await products.first().getAttribute("id");
    await expect(input).toHaveAttribute("aria-activedescendant", firstId!);
    await expect(products.first()).toHaveAttribute("aria-selected", "true");
    await input.press("Enter");
    await expect(page).toHaveURL(/\/catalog\/goods\/\d+/, { timeout: 15_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  });

  test("a category with the keyboard; Escape closes, then clears", async ({ page, request }) => {
    const suggested = (await (await request.get("/search/suggest?text=ручки")).json()) as { categories: { href: string }[] };
    expect(suggested.categories.length).toBeGreaterThan(0);
    await page.goto("/catalog");
    await waitForHydration(page);
    const input = await typeQuery(page, "ручки");
    const productCount = await listbox(page).getByRole("group", { name: "Товары" }).getByRole("option").count();
    const category = listbox(page).getByRole("group", { name: "Категории" }).getByRole("option").first();
    await expect(category).toBeVisible();
    const name = (await category.locator(".search-suggest__name").textContent())!.trim();

    // Escape closes the list and keeps the text; ArrowDown opens it again on the first option.
    await input.press("Escape");
    await expect(input).toHaveAttribute("aria-expanded", "false");
    await expect(input).toHaveValue("ручки");
    await input.press("ArrowDown");
    await expect(input).toHaveAttribute("aria-expanded", "true");
    for (let i = 0; i < productCount; i++) await input.press("ArrowDown");
    await expect(category).toHaveAttribute("aria-selected", "true");
    // ArrowUp goes back to the last product, ArrowDown to the category again.
    await input.press("ArrowUp");
    await expect(category).toHaveAttribute("aria-selected", "false");
    await input.press("ArrowDown");
    await input.press("Enter");
    await expect(page).toHaveURL(suggested.categories[0].href, { timeout: 15_000 });
    await expect(page.getByRole("navigation", { name: "Навигационная цепочка" })).toContainText(name);

    // Escape twice: close, then clear.
    await typeQuery(page, "кружк");
    await input.press("Escape");
    await expect(input).toHaveValue("кружк");
    await input.press("Escape");
    await expect(input).toHaveValue("");
  });

  test("a click outside closes the list", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const input = await typeQuery(page, "кружк");
    await page.mouse.click(5, 600);
    await expect(input).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator(".search-suggest")).toBeHidden();
  });

  test("an exact SKU goes straight to its product", async ({ page, request }) => {
    const list = await api<{ elements: { id: number; title: string; products: { sku: string }[] }[] }>(request, "/product/list?pageLimit=1");
    const group = list.elements[0];
    await page.goto("/");
    await waitForHydration(page);
    await field(page).fill(group.products[0].sku);
    await field(page).press("Enter");
    await expect(page).toHaveURL(new RegExp(`/catalog/goods/${group.id}$`), { timeout: 15_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(group.title);
  });
});

test("the open suggestions and the history have no serious accessibility violations", async ({ page }) => {
  const check = async (where: string, scope?: string) => {
    const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]);
    // The open list is in the header: checking it alone keeps axe quick on a busy machine.
    const results = await (scope ? builder.include(scope) : builder).analyze();
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
    expect(serious, `${where}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
  };
  await page.goto("/search/text=%D1%80%D1%83%D1%87%D0%BA%D0%B0");
  await waitForHydration(page);
  await check("search page");
  const input = field(page);
  await input.fill("");
  await expect(page.getByRole("listbox", { name: "Вы искали" }).getByRole("option")).toHaveText(["ручка"]);
  await input.press("ArrowDown");
  await check("history", ".search-box");
  await input.pressSequentially("кружк");
  await expect(listbox(page).getByRole("group", { name: "Товары" }).getByRole("option").first()).toBeVisible();
  await input.press("ArrowDown");
  await check("suggestions", ".search-box");
});

test.describe("search page", () => {
  test("a submitted query shows brands and categories above the products (in the server HTML)", async ({ page, request }) => {
    const { text, found } = await brandQuery(request);
    await page.goto("/");
    await waitForHydration(page);
    await field(page).fill(text);
    await field(page).press("Enter");
    // A client navigation: the URL changes once the results are loaded (three API calls).
    await expect(page).toHaveURL(`/search/text=${encodeURIComponent(text)}`, { timeout: 15_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Результаты поиска «${text}»`);
    await expect(field(page)).toHaveValue(text);

    const categories = page.getByRole("region", { name: "Категории", exact: true });
    const brands = page.getByRole("region", { name: "Бренды", exact: true });
    await expect(brands.getByRole("link", { name: found.brands[0].title })).toHaveAttribute("href", `/brands/${found.brands[0].slug}`);
    await expect(categories.getByRole("link", { name: found.categories[0].title, exact: true })).toHaveAttribute("href", `/catalog/${found.categories[0].slug}`);
    const products = page.locator(".product-grid");
    const above = await categories.evaluate((el, grid) => Boolean(el.compareDocumentPosition(grid!) & Node.DOCUMENT_POSITION_FOLLOWING), await products.elementHandle());
    expect(above).toBe(true);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex,follow");

    // The same in the HTML a crawler or a visitor without JavaScript gets.
    const html = await (await request.get(`/search/text=${encodeURIComponent(text)}`)).text();
    expect(html).toContain(`href="/brands/${found.brands[0].slug}"`);
    expect(html).toContain('content="noindex,follow"');
    expect(html).toContain("product-card");
  });

  test("no results show the empty-results block", async ({ page }) => {
    await page.goto("/search?text=zzzqqq");
    await expect(page).toHaveURL("/search/text=zzzqqq");
    await expect(page.getByText("По запросу «zzzqqq» ничего не найдено.")).toBeVisible();
    await expect(page.locator(".empty-results")).toContainText("Проверьте, правильно ли написан запрос");
    await expect(page.locator(".empty-results a[href^='tel:']")).toBeVisible();
  });

  test("issue 25: nothing found suggests the nearest queries and categories, then the contacts", async ({ page }) => {
    await page.goto("/search?text=термосумка");
    await expect(page.getByText("По запросу «термосумка» ничего не найдено.")).toBeVisible();
    const queries = page.getByRole("region", { name: "Попробуйте найти" });
    const sections = page.getByRole("region", { name: "Разделы каталога" });
    await expect(sections.getByRole("link", { name: "Термосы", exact: true })).toHaveAttribute("href", "/catalog/termosy");
    await expect(page.locator(".empty-results a[href^='tel:']")).toBeVisible();
    await queries.getByRole("link", { name: "термос", exact: true }).click();
    await expect(page).toHaveURL(`/search/text=${encodeURIComponent("термос")}`);
    await expect(page.getByTestId("listing-total")).toContainText("Найдено");
  });

  test("issue 25: multi-word queries find products; a colour word is a chip that searches without it", async ({ page, request }) => {
    // The shop's own words never exclude.
    await page.goto(`/search/text=${encodeURIComponent("кружка с логотипом")}`);
    await expect(page.locator(".product-grid .product-card").first()).toContainText("Кружка");

    const blue = await api<SearchResults>(request, `/search/global?text=${encodeURIComponent("ручка синяя")}`);
    const pens = await api<SearchResults>(request, `/search/global?text=${encodeURIComponent("ручка")}`);
    expect(blue.total.products).toBeGreaterThan(0);
    expect(blue.total.products).toBeLessThan(pens.total.products);
    await page.goto("/");
    await waitForHydration(page);
    await field(page).fill("ручка синяя");
    await field(page).press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Результаты поиска «ручка синяя»", { timeout: 15_000 });
    await expect(page.getByTestId("listing-total")).toContainText(`Найдено ${blue.total.products} `);
    const chip = page.getByRole("list", { name: "Учли в запросе:" }).getByRole("link", { name: /Цвет: синий/ });
    await chip.click();
    await expect(page).toHaveURL(`/search/text=${encodeURIComponent("ручка")}`);
    await expect(page.getByTestId("listing-total")).toContainText(`Найдено ${pens.total.products} `);

    // A word the catalogue lacks is named, the rest still finds.
    await page.goto(`/search/text=${encodeURIComponent("ежедневник 2031")}`);
    await expect(page.getByRole("status").filter({ hasText: "Не нашли «2031», показываем похожие товары." })).toBeVisible();
    await expect(page.locator(".product-grid .product-card").first()).toContainText("Ежедневник");
  });

  test("/search without a query: a message and the field; junk is a 404", async ({ page, request }) => {
    await page.goto("/search");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Поиск по каталогу");
    await expect(page.getByRole("searchbox", { name: "Что найти" })).toBeVisible();
    for (const path of ["/search/filter/filter", "/search/ручка", "/search/text=a/brand=%3Cscript%3E"]) {
      expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(404);
    }
    const moved = await request.get("/search/text=%D1%80%D1%83%D1%87%D0%BA%D0%B0/sort=new", { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe("/search/filter/text=%D1%80%D1%83%D1%87%D0%BA%D0%B0/sort=new");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header form submits; facets, the price form, order and pages work", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("searchbox", { name: "Поиск по каталогу" }).fill("ручка");
    await page.getByRole("button", { name: "Найти" }).click();
    await expect(page).toHaveURL("/search/text=%D1%80%D1%83%D1%87%D0%BA%D0%B0");
    const total = page.getByTestId("listing-total");
    await expect(total).toContainText("Найдено");

    // A brand facet: its count is the new total.
    const brand = page.getByRole("region", { name: "Бренд", exact: true }).getByRole("link").first();
    const count = (await brand.locator(".facet__count").textContent())!.trim();
    await brand.click();
    await expect(page).toHaveURL(/\/search\/filter\/text=%D1%80%D1%83%D1%87%D0%BA%D0%B0\/brand=[a-z0-9-]+$/);
    await expect(total).toContainText(`Найдено ${count} `);

    // The price form (a GET form → the canonical path).
    await page.getByLabel("Цена от").fill("100");
    await page.getByRole("button", { name: "Применить цену" }).click();
    await expect(page).toHaveURL(/\/search\/filter\/text=%D1%80%D1%83%D1%87%D0%BA%D0%B0\/brand=[a-z0-9-]+\/price=100-$/);

    await page.getByRole("link", { name: "Сначала дешевле" }).click();
    await expect(page).toHaveURL(/\/price=100-\/sort=price_asc$/);
  });

  test("pages of a plain query", async ({ page }) => {
    await page.goto("/search/text=%D1%80%D1%83%D1%87%D0%BA%D0%B0");
    await page.getByRole("navigation", { name: "Страницы" }).getByRole("link", { name: "Страница 2" }).click();
    await expect(page).toHaveURL("/search/filter/text=%D1%80%D1%83%D1%87%D0%BA%D0%B0/page=2");
    // §9: ten products a page.
    await expect(page.locator(".product-grid .product-card")).toHaveCount(10);
  });
});

test.describe("history", () => {
  test("the last query shows on focus of the empty field; entries can be removed and cleared", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    for (const text of ["кружка", "ручка"]) {
      await field(page).fill(text);
      await field(page).press("Enter");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Результаты поиска «${text}»`, { timeout: 15_000 });
    }
    await page.goto("/catalog");
    await waitForHydration(page);
    await field(page).click();
    const list = page.getByRole("listbox", { name: "Вы искали" });
    await expect(list.getByRole("option")).toHaveText(["ручка", "кружка"]);

    // A history entry opens its search.
    await field(page).press("ArrowDown");
    await field(page).press("ArrowDown");
    await field(page).press("Enter");
    await expect(page).toHaveURL("/search/text=%D0%BA%D1%80%D1%83%D0%B6%D0%BA%D0%B0", { timeout: 15_000 });
    // The search layout's own header replaces the old one when the page is shown.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Результаты поиска «кружка»");

    await field(page).fill("");
    await expect(list.getByRole("option")).toHaveText(["кружка", "ручка"]);
    await page.getByRole("button", { name: "Удалить «ручка» из истории" }).click();
    await expect(list.getByRole("option")).toHaveText(["кружка"]);
    await page.getByRole("button", { name: "Очистить историю" }).click();
    await expect(page.locator(".search-suggest")).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("tmg_search_history"))).toBeNull();
  });
});

test.describe("phones (375 px)", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the suggestions fit the screen with big targets; a tap opens one", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await typeQuery(page, "кружк");
    const box = (await page.locator(".search-suggest").boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    const option = listbox(page).getByRole("option").first();
    expect((await option.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await option.click();
    await expect(page).toHaveURL(/\/catalog\/goods\/\d+/, { timeout: 15_000 });
  });
});
