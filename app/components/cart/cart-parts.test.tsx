// @vitest-environment jsdom
/**
 * The cart page's lines: the comment and the coating sizes follow another tab's changes while not
 * being typed in (they were copied once and a keystroke overwrote the other tab's edit), and the
 * focus has somewhere to go when a line or a coating line is removed (it fell to <body>).
 */
import { afterEach, describe, expect, it } from "vitest";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { MemoryRouter } from "react-router";
import { CART_STORAGE_KEY, cartItems, parseCart } from "#app/features/cart/cart.ts";
import { useCart } from "#app/features/cart/use-cart.ts";
import type { CoatingChoice } from "#app/features/coating/coating-form.ts";
import { CartLineRow, indexChoices } from "./cart-parts.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const COATINGS: CoatingChoice[] = [{ id: 1, title: "Тампопечать", variants: [], options: [], maxWidth: null, maxHeight: null }];
const byId = indexChoices(COATINGS);

function Lines() {
  const { cart, update } = useCart();
  return (
    <>
      <h1 tabIndex={-1}>Корзина</h1>
      <ul>
        {cartItems(cart).map((item) => (
          <CartLineRow key={item.variation} item={item} priced={null} pending={false} coatings={COATINGS} byId={byId} update={update} />
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
    root.render(
      <MemoryRouter>
        <Lines />
      </MemoryRouter>,
    );
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
    expect(document.activeElement).toBe(c.querySelector("li.cart-line [data-testid=cart-count-input]"));
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
