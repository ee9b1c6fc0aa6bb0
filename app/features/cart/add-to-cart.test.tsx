// @vitest-environment jsdom
/**
 * "В корзину": inert and invisible until hydration (without JavaScript it did nothing), like the
 * favourites and comparison toggles; on a card the focus follows the button to the "В корзине"
 * link that replaces it; on the product page the link's place is there from the server render.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { withPersonalState } from "#app/features/shopping/personal-stub.tsx";
import { AddToCart } from "./add-to-cart.tsx";
import { CART_STORAGE_KEY } from "./cart.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  localStorage.clear();
  document.body.innerHTML = "";
});

async function hydrate(element: React.ReactElement) {
  const wrapped = withPersonalState(element);
  const container = document.createElement("div");
  container.innerHTML = renderToString(wrapped);
  document.body.append(container);
  const serverHtml = container.innerHTML;
  const onRecoverableError = vi.fn();
  await act(async () => {
    root = hydrateRoot(container, wrapped, { onRecoverableError });
  });
  return { container, serverHtml, onRecoverableError };
}

describe("В корзину", () => {
  it("is rendered disabled and marked not hydrated on the server (CSS hides it, keeping its space); enabled after hydration", async () => {
    const { container, serverHtml, onRecoverableError } = await hydrate(<AddToCart variation={5} count={1} variant="card" />);
    expect(serverHtml).toMatch(/<button[^>]*disabled=""[^>]*data-hydrated="false"/);
    const button = container.querySelector("button")!;
    expect(button.disabled).toBe(false);
    expect(button.dataset.hydrated).toBe("true");
    expect(onRecoverableError).not.toHaveBeenCalled();
  });

  it("on a card: once added, the focus moves to the «В корзине» link that replaces the button", async () => {
    const { container } = await hydrate(<AddToCart variation={5} count={1} variant="card" />);
    const button = container.querySelector("button")!;
    await act(async () => {
      button.focus();
      button.click();
    });
    const link = container.querySelector<HTMLAnchorElement>("a.add-to-cart__in-cart")!;
    expect(link.textContent).toBe("В корзине");
    expect(document.activeElement).toBe(link);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).products[5].count).toBe(1);
  });

  it("on the product page: the link's slot is in the server HTML, holding its place; with a stored cart it fills without a mismatch", async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ products: { 5: { variation: 5, count: 100 } }, comment: "", timestamp: 1 }));
    const { container, serverHtml, onRecoverableError } = await hydrate(<AddToCart variation={5} count={1} />);
    expect(serverHtml).toMatch(/<span class="add-to-cart__slot"><span class="[^"]*add-to-cart__in-cart--placeholder" aria-hidden="true">/);
    expect(container.querySelector(".add-to-cart__slot a")!.textContent).toBe("В корзине: 100 шт. →");
    // Both labels are always there (same width); the one not in use is hidden.
    expect(container.querySelector(".add-to-cart__label--off")!.textContent).toBe("В корзину");
    expect(onRecoverableError).not.toHaveBeenCalled();
  });
});
