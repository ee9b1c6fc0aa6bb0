/**
 * Issue 25, items 16–19, as a shopper: a card shows the variation its link opens; the cart offers
 * only the print types the product takes; a print run beyond the stock says how many are made to
 * order and when; pickup names the offices, with JavaScript and without.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect, waitForHydration } from "#tests/support/fixtures.ts";
import { MSK_URL } from "#tests/support/servers.ts";

interface ApiProduct {
  id: number;
  sku: string;
  price: number;
  stock: number;
  images: string[];
  color: { slug: string; title: string } | null;
}
interface ApiGroup {
  id: number;
  title: string;
  products: ApiProduct[];
  coatings: number[];
  attributes: { slug: string; valueTitle: string }[];
}

async function apiData<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/api${path}`);
  expect(response.ok(), path).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** "1 268,50 ₽" → 1268.5 */
const money = (text: string | null) => Number((text ?? "").replace(/[^\d,]/g, "").replace(",", "."));

/** The cart as local storage keeps it (tmg_cart), written before the page reads it. */
async function storeCart(page: Page, products: Record<number, { count: number; coatings?: object[] }>) {
  await page.goto("/favorites");
  await page.evaluate((value) => localStorage.setItem("tmg_cart", value), JSON.stringify({
    products: Object.fromEntries(Object.entries(products).map(([v, p], i) => [v, { variation: Number(v), count: p.count, comment: null, coatings: p.coatings ?? [], addedAt: i + 1 }])),
    comment: "",
    images: [],
    timestamp: 1,
  }));
}

test("a card shows the variation its link opens: picture, price and stock; the product page opens on it (item 18)", async ({ page, request }) => {
  const list = await apiData<{ elements: ApiGroup[] }>(request, "/product/list?category=posuda&pageLimit=24");
  // The first variation is made to order, another one is in stock: the product page opens on that one.
  const candidates = list.elements.filter((g) => g.products[0]?.stock === 0 && g.products.some((p) => p.stock > 0));
  const group = candidates.find((g) => g.products.find((p) => p.stock > 0)!.price !== g.products[0]!.price) ?? candidates[0];
  expect(group, "a group whose first variation is out of stock (the demo seed is fixed)").toBeDefined();
  const shown = group!.products.find((p) => p.stock > 0)!;

  await page.goto("/catalog/posuda");
  const card = page.locator(".product-card", { has: page.getByRole("heading", { name: group!.title, exact: true }) });
  await expect(card.locator("img")).toHaveAttribute("src", shown.images[0]!);
  expect(money(await card.locator(".product-card__price strong").textContent())).toBe(shown.price);
  await expect(card.locator(".product-card__stock")).toHaveText("В наличии");
  await waitForHydration(page);
  await card.locator("a.product-card__link").click();
  await expect(page).toHaveURL(new RegExp(`/catalog/goods/${group!.id}(\\?variant=${shown.id})?$`));
  await expect(page.getByTestId("product-sku")).toHaveText(shown.sku);
  expect(money(await page.locator(".product-page__price").textContent())).toBe(shown.price);
  await expect(page.getByTestId("product-stock")).toContainText("В наличии");
});

test("the cart offers only the print types the product takes, and says so of one it does not (item 16)", async ({ page, request }) => {
  const coatings = await apiData<{ id: number; title: string }[]>(request, "/coating/all");
  const list = await apiData<{ elements: ApiGroup[] }>(request, "/product/list?category=kruzhki&pageLimit=24");
  const mug = list.elements.find((g) => g.coatings.length === 1 && g.products.some((p) => p.stock > 0))!;
  expect(mug, "a mug with one print type").toBeDefined();
  const takes = coatings.filter((c) => mug.coatings.includes(c.id));
  const foreign = coatings.find((c) => !mug.coatings.includes(c.id))!;
  const variation = mug.products.find((p) => p.stock > 0)!;
  await storeCart(page, {
    [variation.id]: {
      count: 100,
      coatings: [
        { id: "a", coating: foreign.id, width: 40, height: 30, variant: null, options: [] },
        { id: "b", coating: null, width: null, height: null, variant: null, options: [] },
      ],
    },
  });
  await page.goto("/cart");
  await waitForHydration(page);
  const lines = page.getByTestId("cart-coating");
  await expect(lines.first().getByTestId("cart-coating-problem")).toHaveText(`Нанесение «${foreign.title}» для этого товара недоступно — выберите другое или удалите его.`);
  for (const line of await lines.all()) {
    await expect(line.getByRole("combobox", { name: "Нанесение" }).locator("option")).toHaveText(["Выберите вид нанесения", ...takes.map((c) => c.title)]);
  }
  await expect(page.getByTestId("order-block")).toHaveText(
    "Выбранное нанесение недоступно для товара — выберите другое или удалите его. Заполните нанесение (вид, вариант и размеры) или удалите его.",
  );
  await expect(page.getByRole("button", { name: "Оформить заказ" })).toBeDisabled();
  // The print type the mug takes, on the refused line: its sizes stay, the message goes.
  await lines.first().getByRole("combobox", { name: "Нанесение" }).selectOption(String(takes[0]!.id));
  await expect(lines.first().getByTestId("cart-coating-problem")).toHaveCount(0);
  await expect(page.getByTestId("order-block")).not.toContainText("недоступно");
});

test("a print run beyond the stock says how many are made to order and when: calculator, cart, ordering (item 17)", async ({ page, request }) => {
  const list = await apiData<{ elements: ApiGroup[] }>(request, "/product/list?category=kruzhki&pageLimit=24");
  const group = list.elements.find((g) => g.products[0]!.stock > 100 && g.products[0]!.stock < 5_000 && g.attributes.some((a) => a.slug === "delivery-period"))!;
  expect(group, "a mug with a stock and a supply term").toBeDefined();
  const variation = group.products[0]!;
  const term = group.attributes.find((a) => a.slug === "delivery-period")!.valueTitle.replace(/^Под заказ, /, "");
  const run = variation.stock + 3_732;
  const pieces = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
  const note = `В наличии ${pieces(variation.stock)}\u00a0шт., остальные 3\u00a0732\u00a0шт. — под заказ, срок поставки ${term}`;

  await page.goto(`/catalog/goods/${group.id}?variant=${variation.id}`);
  await waitForHydration(page);
  await page.getByRole("spinbutton", { name: "Тираж, шт." }).fill(String(run));
  await expect(page.getByTestId("calculator-stock-note")).toHaveText(note);
  // Still orderable.
  await page.getByTestId("add-to-cart").click();
  await expect(page.getByRole("status").filter({ hasText: "Добавлено в корзину" })).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByTestId("cart-stock-note")).toHaveText(note);
  await page.getByRole("link", { name: "Оформить заказ" }).click();
  await expect(page.getByTestId("ordering-stock-note")).toHaveText(note);
});

test.describe("pickup names the offices (item 19)", () => {
  test("without JavaScript: the offices with hours, the city's chosen; delivery shows the address instead", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto("/cart/ordering");
      const spb = page.getByRole("radio", { name: /Офис в Санкт-Петербурге/ });
      await expect(spb).toBeChecked();
      await expect(page.getByRole("radio", { name: /Офис в Москве/ })).not.toBeChecked();
      await expect(page.getByTestId("pickup-offices")).toContainText(/Лиговский проспект.*Пн–Пт с 9:00 до 18:00/s);
      await expect(page.getByLabel("Адрес доставки")).toBeHidden();
      await expect(page.getByText("Когда вам удобно забрать заказ")).toBeVisible();
      await page.getByLabel("Курьер").check();
      await expect(page.getByLabel("Адрес доставки")).toBeVisible();
      await expect(page.getByTestId("pickup-offices")).toBeHidden();
      await expect(page.getByText("Желаемые дата и время доставки")).toBeVisible();
      await expect(page.getByText("Когда вам удобно забрать заказ")).toBeHidden();

      await page.goto(`${MSK_URL}/cart/ordering`);
      await expect(page.getByRole("radio", { name: /Офис в Москве/ })).toBeChecked();
      await expect(page.getByTestId("pickup-offices").getByRole("radio").first()).toHaveAccessibleName(/Офис в Москве/);
    } finally {
      await context.close();
    }
  });
});
