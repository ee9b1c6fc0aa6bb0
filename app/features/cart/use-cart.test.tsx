// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { withPersonalState } from "#app/features/shopping/personal-stub.tsx";
import { useCart, useCartPage } from "./use-cart.ts";
import { CartEntry } from "./cart-counter.tsx";
import { CART_STORAGE_KEY, cartLineCount } from "./cart.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Lines() {
  const { cart, hydrated } = useCartPage();
  return <p>{hydrated ? `lines:${cartLineCount(cart)}` : "not yet"}</p>;
}

function Count() {
  const { cart } = useCart();
  return <b>{cartLineCount(cart)}</b>;
}

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = "";
});

async function hydrate(element: React.ReactElement) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(withPersonalState(element));
  document.body.append(container);
  const serverHtml = container.innerHTML;
  const onRecoverableError = vi.fn();
  await act(async () => {
    hydrateRoot(container, withPersonalState(element), { onRecoverableError });
  });
  return { container, serverHtml, onRecoverableError };
}

const stored = JSON.stringify({ products: { 5: { variation: 5, count: 2 }, 6: { variation: 6, count: 1 } }, comment: "", timestamp: 1 });

describe("the cart after hydration (§4, page cache)", () => {
  it("the server and the hydrating render see an empty cart, then the stored one, without a mismatch", async () => {
    localStorage.setItem(CART_STORAGE_KEY, stored);
    const { container, serverHtml, onRecoverableError } = await hydrate(
      <div>
        <Lines />
        <Count />
      </div>,
    );
    expect(serverHtml).toBe("<div><p>not yet</p><b>0</b></div>");
    expect(container.innerHTML).toBe("<div><p>lines:2</p><b>2</b></div>");
    expect(onRecoverableError).not.toHaveBeenCalled();
  });

  it("the header counter keeps its place empty on the server and follows another tab", async () => {
    const { container, serverHtml, onRecoverableError } = await hydrate(
      <CartEntry />,
    );
    expect(serverHtml).toContain('data-count="0"');
    expect(container.querySelector("[data-testid=cart-count]")!.textContent).toBe("");
    await act(async () => {
      localStorage.setItem(CART_STORAGE_KEY, stored);
      window.dispatchEvent(new StorageEvent("storage", { key: CART_STORAGE_KEY }));
    });
    expect(container.querySelector("[data-testid=cart-count]")!.textContent).toBe("2");
    expect(container.querySelector("a")!.getAttribute("aria-label")).toBe("Корзина, товаров: 2");
    expect(onRecoverableError).not.toHaveBeenCalled();
  });
});
