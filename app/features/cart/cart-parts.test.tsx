// @vitest-environment jsdom
/**
 * The cart page's lines: the comment and the coating sizes follow another tab's changes while not
 * being typed in (they were copied once and a keystroke overwrote the other tab's edit), and the
 * focus has somewhere to go when a line or a coating line is removed (it fell to <body>).
 */
import { afterEach, describe, expect, it } from "vitest";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { withPersonalState } from "#app/features/shopping/personal-stub.tsx";
import { renderToStaticMarkup } from "react-dom/server";
import { CART_STORAGE_KEY, cartItems, NO_CART_ISSUES, orderingBlock, parseCart } from "#app/features/cart/cart.ts";
import { useCart } from "#app/features/cart/use-cart.ts";
import type { CoatingChoice } from "#app/features/coating/coating-form.ts";
import { cartIssues, EMPTY_CART_VIEW, type CartLineView } from "#app/features/cart/cart-view.ts";
import { CartLineRow, CartTotals, cartIssuesText, indexChoices, OrderBlockNote } from "./cart-parts.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const COATINGS: CoatingChoice[] = [{ id: 1, title: "Тампопечать", variants: [], options: [], maxWidth: null, maxHeight: null }];
const byId = indexChoices(COATINGS);

/** A priced line: what the product takes (`coatingIds`) is known once the line is priced. */
function pricedLine(variation: number, count: number, patch: Partial<CartLineView> = {}): CartLineView {
  return {
    variation,
    count,
    groupId: 50,
    title: "Кружка «Утро»",
    image: null,
    sku: `CP-${variation}`,
    color: null,
    size: null,
    unitPrice: 90,
    tierFrom: null,
    nextTier: null,
    itemsPrice: 90 * count,
    printPrice: 0,
    price: 90 * count,
    weight: 300 * count,
    stockNote: null,
    coatingIds: [1],
    coatings: [],
    ...patch,
  };
}

function Lines({ priced = true }: { priced?: boolean }) {
  const { cart, update } = useCart();
  return (
    <>
      <h1 tabIndex={-1}>Корзина</h1>
      <ul>
        {cartItems(cart).map((item) => (
          <CartLineRow
            key={item.variation}
            item={item}
            priced={priced ? pricedLine(item.variation, item.count) : null}
            pending={false}
            coatings={COATINGS}
            byId={byId}
            update={update}
          />
        ))}
      </ul>
    </>
  );
}

const coating = (id: string, width: number | null) => ({ id, coating: 1, width, height: 20, variant: null, options: [] });
const cartOf = (comment: string, width: number | null, more = false) =>
  JSON.stringify({
    products: {
      5: { variation: 5, count: 10, comment, coatings: [coating("a", width), ...(more ? [coating("b", 30)] : [])], addedAt: 1 },
      ...(more ? { 6: { variation: 6, count: 10, comment: null, coatings: [], addedAt: 2 } } : {}),
    },
    comment: "",
    timestamp: 1,
  });

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  localStorage.clear();
  document.body.innerHTML = "";
});

async function render() {
  const container = document.createElement("div");
  document.body.append(container);
  await act(async () => {
    root = createRoot(container);
    root.render(withPersonalState(<Lines />));
  });
  return container;
}

/** Another tab writes tmg_cart. */
async function otherTab(raw: string) {
  await act(async () => {
    localStorage.setItem(CART_STORAGE_KEY, raw);
    window.dispatchEvent(new StorageEvent("storage", { key: CART_STORAGE_KEY }));
  });
}

/** Types into a React-controlled field. */
async function type(field: HTMLInputElement | HTMLTextAreaElement, text: string) {
  await act(async () => {
    field.focus();
    const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, "value")!.set!.call(field, text);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

const stored = () => parseCart(localStorage.getItem(CART_STORAGE_KEY));
const comment = (c: HTMLElement) => c.querySelector<HTMLTextAreaElement>("li.cart-line textarea")!;
const width = (c: HTMLElement) => c.querySelector<HTMLInputElement>("input[id$='-w']")!;

describe("another tab's changes (§4 tabs)", () => {
  it("the line comment and the coating width show them, and the next keystroke starts from them", async () => {
    localStorage.setItem(CART_STORAGE_KEY, cartOf("синий", 40));
    const c = await render();
    expect(comment(c).value).toBe("синий");
    expect(width(c).value).toBe("40");

    await otherTab(cartOf("красный", 55));
    expect(comment(c).value).toBe("красный");
    expect(width(c).value).toBe("55");

    await type(comment(c), "красный логотип");
    expect(stored().products[5]!.comment).toBe("красный логотип");
    await type(width(c), "60");
    expect(stored().products[5]!.coatings[0]!.width).toBe(60);
  });

  it("while typing, the field keeps what is typed (a half-typed size too); after it, the stored value", async () => {
    localStorage.setItem(CART_STORAGE_KEY, cartOf("", 40));
    const c = await render();
    await type(width(c), "12,");
    expect(width(c).value).toBe("12,");
    await act(async () => width(c).blur());
    expect(width(c).value).toBe("40");
  });
});

describe("another tab's changes while a field has the focus", () => {
  it("a field in step with the store follows it; a half-typed size stays", async () => {
    localStorage.setItem(CART_STORAGE_KEY, cartOf("синий", 40));
    const c = await render();
    await type(comment(c), "синий логотип");
    expect(document.activeElement).toBe(comment(c));
    await otherTab(cartOf("синий логотип на крышке", 40));
    expect(comment(c).value).toBe("синий логотип на крышке");

    await type(width(c), "12,");
    await otherTab(cartOf("синий логотип на крышке", 55));
    expect(width(c).value).toBe("12,");
    await type(width(c), "12");
    expect(stored().products[5]!.coatings[0]!.width).toBe(12);
    expect(width(c).value).toBe("12");
  });
});

describe("focus after removing (no fall to <body>)", () => {
  it("a removed line: the next line's first control; the last one: the heading", async () => {
    localStorage.setItem(CART_STORAGE_KEY, cartOf("", 40, true));
    const c = await render();
    const remove = (n: number) => c.querySelectorAll<HTMLButtonElement>("li.cart-line")[n]!.querySelector<HTMLButtonElement>(".cart-line__main > .cart-line__remove")!;
    await act(async () => {
      remove(0).focus();
      remove(0).click();
      await new Promise((r) => setTimeout(r, 5));
    });
    expect(c.querySelectorAll("li.cart-line")).toHaveLength(1);
    expect(document.activeElement).toBe(c.querySelector("li.cart-line a.cart-line__title"));
    await act(async () => {
      remove(0).click();
      await new Promise((r) => setTimeout(r, 5));
    });
    expect(document.activeElement?.tagName).toBe("H1");
  });

  it("a removed coating line: the next one's first control; the last one: «+ Добавить нанесение»", async () => {
    localStorage.setItem(CART_STORAGE_KEY, cartOf("", 40, true));
    const c = await render();
    const removeCoating = () => c.querySelector<HTMLButtonElement>("li.cart-coating button[aria-label='Удалить нанесение']")!;
    await act(async () => {
      removeCoating().click();
      await new Promise((r) => setTimeout(r, 5));
    });
    expect(c.querySelectorAll("li.cart-line")[0]!.querySelectorAll("li.cart-coating")).toHaveLength(1);
    expect(document.activeElement).toBe(c.querySelector("li.cart-coating select"));
    await act(async () => {
      removeCoating().click();
      await new Promise((r) => setTimeout(r, 5));
    });
    expect(document.activeElement?.textContent).toBe("+ Добавить нанесение");
  });
});

// ───── issue 25 items 16 and 17 ─────

const PRINT_TYPES: CoatingChoice[] = [
  { id: 1, title: "Тампопечать", variants: [], options: [], maxWidth: null, maxHeight: null },
  { id: 2, title: "Вышивка", variants: [], options: [], maxWidth: null, maxHeight: null },
  { id: 3, title: "DTF-печать", variants: [], options: [], maxWidth: null, maxHeight: null },
  { id: 4, title: "Деколь", variants: [], options: [], maxWidth: null, maxHeight: null },
];
const printTypesById = indexChoices(PRINT_TYPES);
/** A mug: its page offers only «Деколь». */
const MUG_TAKES = [4];

function Mug({ priced = true, onCountProblem }: { priced?: boolean; onCountProblem?: (variation: number, invalid: boolean) => void }) {
  const { cart, update } = useCart();
  const items = cartItems(cart);
  const view = { ...EMPTY_CART_VIEW, lines: items.map((i) => pricedLine(i.variation, i.count, { coatingIds: MUG_TAKES })) };
  const block = orderingBlock({ lineCount: items.length, price: 50_000, linePrices: [50_000], minimalOrderPrice: 10_000, issues: cartIssues(items, printTypesById, view) });
  return (
    <>
      <h1 tabIndex={-1}>Корзина</h1>
      <ul>
        {items.map((item) => (
          <CartLineRow
            key={item.variation}
            item={item}
            priced={priced ? view.lines.find((l) => l.variation === item.variation)! : null}
            pending={false}
            coatings={PRINT_TYPES}
            byId={printTypesById}
            update={update}
            onCountProblem={onCountProblem}
          />
        ))}
      </ul>
      <OrderBlockNote block={block} pending={false} />
    </>
  );
}

async function renderMug(props: Parameters<typeof Mug>[0] = {}) {
  const container = document.createElement("div");
  document.body.append(container);
  await act(async () => {
    root = createRoot(container);
    root.render(withPersonalState(<Mug {...props} />));
  });
  return container;
}

const mugCart = (coatings: object[], count = 10) =>
  JSON.stringify({ products: { 5: { variation: 5, count, comment: null, coatings, addedAt: 1 } }, comment: "", timestamp: 1 });
const optionTitles = (select: HTMLSelectElement) => [...select.options].map((o) => o.textContent);

describe("the cart offers only the print types the product takes (issue 25 item 16)", () => {
  it("a coating line of a mug offers «Деколь» only, as the mug's page does", async () => {
    localStorage.setItem(CART_STORAGE_KEY, mugCart([{ id: "a", coating: null, width: null, height: null, variant: null, options: [] }]));
    const c = await renderMug();
    const select = c.querySelector<HTMLSelectElement>("li.cart-coating select")!;
    expect(optionTitles(select)).toEqual(["Выберите вид нанесения", "Деколь"]);
    expect(c.textContent).toContain("+ Добавить нанесение");
    expect(c.querySelector("[data-testid=order-block]")!.textContent).toBe("Заполните нанесение (вид, вариант и размеры) или удалите его.");
  });

  it("a line with a print type the product does not take says so at once, and the summary says the same", async () => {
    localStorage.setItem(CART_STORAGE_KEY, mugCart([{ id: "a", coating: 2, width: 40, height: 30, variant: null, options: [] }]));
    const c = await renderMug();
    const select = c.querySelector<HTMLSelectElement>("li.cart-coating select")!;
    expect(optionTitles(select)).not.toContain("Вышивка");
    expect(select.value).toBe("");
    expect(c.querySelector("[data-testid=cart-coating-problem]")!.textContent).toBe("Нанесение «Вышивка» для этого товара недоступно — выберите другое или удалите его.");
    const note = c.querySelector("[data-testid=order-block]")!.textContent!;
    expect(note).toBe("Выбранное нанесение недоступно для товара — выберите другое или удалите его.");
    expect(note).not.toContain("Заполните");
    // Choosing what the mug takes keeps the sizes and clears both messages.
    await act(async () => {
      select.value = "4";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(stored().products[5]!.coatings[0]).toMatchObject({ coating: 4, width: 40, height: 30 });
    expect(c.querySelector("[data-testid=cart-coating-problem]")).toBeNull();
    expect(c.querySelector("[data-testid=order-block]")).toBeNull();
  });

  it("until the line is priced (what the product takes is unknown) nothing is offered", async () => {
    localStorage.setItem(CART_STORAGE_KEY, mugCart([{ id: "a", coating: 4, width: 40, height: 30, variant: null, options: [] }]));
    const c = await renderMug({ priced: false });
    const select = c.querySelector<HTMLSelectElement>("li.cart-coating select")!;
    expect(select.disabled).toBe(true);
    expect(optionTitles(select)).toEqual(["Выберите вид нанесения", "Деколь"]);
    expect(c.textContent).not.toContain("+ Добавить нанесение");
  });
});

describe("a count of 0 in the cart (issue 25 item 17)", () => {
  const count = (c: HTMLElement) => c.querySelector<HTMLInputElement>("[data-testid=cart-count-input]")!;

  it("shows no line total and asks whether to remove the line; «Оставить» brings the count back", async () => {
    localStorage.setItem(CART_STORAGE_KEY, mugCart([]));
    const calls: [number, boolean][] = [];
    const c = await renderMug({ onCountProblem: (v, invalid) => calls.push([v, invalid]) });
    expect(c.querySelector("[data-testid=cart-line-price]")!.textContent).toBe("900\u00a0₽");
    await type(count(c), "0");
    expect(c.querySelector("[data-testid=cart-line-price]")!.textContent).toBe("—");
    expect(c.querySelector("[data-testid=cart-zero-count]")!.textContent).toContain("Количество 0 — удалить товар из корзины?");
    expect(calls.at(-1)).toEqual([5, true]);
    expect(stored().products[5]!.count).toBe(10);
    const keep = [...c.querySelectorAll("button")].find((b) => b.textContent === "Оставить 10 шт.")!;
    await act(async () => keep.click());
    expect(count(c).value).toBe("10");
    expect(c.querySelector("[data-testid=cart-line-price]")!.textContent).toBe("900\u00a0₽");
    expect(calls.at(-1)).toEqual([5, false]);
  });

  it("«Удалить товар» removes the line", async () => {
    localStorage.setItem(CART_STORAGE_KEY, mugCart([]));
    const c = await renderMug();
    await type(count(c), "0");
    const remove = [...c.querySelectorAll("button")].find((b) => b.textContent === "Удалить товар")!;
    await act(async () => {
      remove.click();
      await new Promise((r) => setTimeout(r, 5));
    });
    expect(stored().products[5]).toBeUndefined();
    expect(c.querySelector("li.cart-line")).toBeNull();
  });

  it("another count that is not one (empty, over 999 999) shows the message and no line total either", async () => {
    localStorage.setItem(CART_STORAGE_KEY, mugCart([]));
    const c = await renderMug();
    for (const text of ["", "1000000"]) {
      await type(count(c), text);
      expect(c.querySelector("[data-testid=cart-line-price]")!.textContent).toBe("—");
      expect(c.textContent).toContain("Укажите тираж от 1 до 999 999 шт.");
    }
  });

  it("the page's totals show dashes while a count is not one, and the summary says why", () => {
    const view = { ...EMPTY_CART_VIEW, itemsPrice: 900, price: 900, totalCount: 10, weight: 3000 };
    const html = renderToStaticMarkup(<CartTotals view={view} dimmed={false} unknown />);
    expect(html).not.toContain("900");
    expect(html.match(/—/g)).toHaveLength(5);
    expect(cartIssuesText({ ...NO_CART_ISSUES, badCounts: 1 })).toBe("Укажите количество от 1 до 999 999 шт. или удалите товар.");
  });
});
