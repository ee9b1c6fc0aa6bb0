// @vitest-environment jsdom
/**
 * §4: variations the server says are gone leave tmg_cart, and both the cart page and the ordering
 * page say how many. The count adds up over answers (each answer names only what was still in the
 * cart when it was priced), and the ordering page shows it too (it used to drop them silently).
 */
import { afterEach, describe, expect, it } from "vitest";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createRoutesStub } from "react-router";
import OrderingPage from "#app/routes/cart-ordering.tsx";
import { PersonalStateProvider } from "#app/features/shopping/personal-state.tsx";
import { CART_STORAGE_KEY, parseCart } from "./cart.ts";
import { EMPTY_CART_VIEW, type CartPriceAnswer } from "./cart-view.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  localStorage.clear();
  document.body.innerHTML = "";
});

const stored = (variations: number[]) =>
  JSON.stringify({ products: Object.fromEntries(variations.map((v) => [v, { variation: v, count: 100, coatings: [] }])), comment: "", timestamp: 1 });

/** The pricing action: the first line of each request is gone, while it is under 8. */
async function priceAction({ request }: { request: Request }): Promise<CartPriceAnswer> {
  const form = await request.formData();
  const lines = JSON.parse(String(form.get("lines"))) as { variation: number }[];
  const first = lines[0]?.variation;
  return { intent: "price", key: String(form.get("key")), cart: EMPTY_CART_VIEW, error: null, unavailable: first !== undefined && first < 8 ? [{ variation: first }] : [] };
}

async function until(check: () => boolean, ms = 4000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out; page: ${document.body.textContent}`);
    await act(() => new Promise((r) => setTimeout(r, 50)));
  }
}

describe("gone variations (§4)", () => {
  it("the ordering page drops them and says how many, added up over answers", async () => {
    localStorage.setItem(CART_STORAGE_KEY, stored([6, 7, 8]));
    const Stub = createRoutesStub([
      {
        path: "/cart/ordering",
        Component: ((props: object) => (
          <PersonalStateProvider>
            <OrderingPage {...(props as Parameters<typeof OrderingPage>[0])} />
          </PersonalStateProvider>
        )) as never,
        loader: () => ({ managers: [], savedManager: "", coatings: [], account: null, offices: [] }),
        HydrateFallback: () => null,
      },
      { path: "/cart", action: priceAction },
    ]);
    const container = document.createElement("div");
    document.body.append(container);
    await act(async () => {
      root = createRoot(container);
      root.render(<Stub initialEntries={["/cart/ordering"]} />);
    });
    // 6 goes with the first answer, 7 with the second: two in all (not one, the last answer's).
    await until(() => Object.keys(parseCart(localStorage.getItem(CART_STORAGE_KEY)).products).join() === "8");
    await until(() => container.querySelector("[data-testid=cart-removed]")?.textContent?.includes("(2)") ?? false);
    expect(container.querySelector("[data-testid=cart-removed]")!.textContent).toBe("Некоторых товаров больше нет в продаже — убрали их из корзины (2).");
    expect(container.querySelector("[data-testid=cart-removed]")!.getAttribute("role")).toBe("status");
  });
});
