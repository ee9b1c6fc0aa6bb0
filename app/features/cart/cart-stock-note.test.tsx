/** The cart line's stock note (ADR 025): a count above the stock is orderable and says so under the count. */
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { CartLineRow } from "./cart-parts.tsx";
import type { CartLineView } from "#app/features/cart/cart-view.ts";
import type { LocalCartItem } from "#app/features/cart/cart.ts";

const item: LocalCartItem = { variation: 501, count: 100, comment: null, coatings: [], addedAt: 1 };
const priced: CartLineView = {
  variation: 501,
  count: 100,
  groupId: 50,
  title: "Кружка «Утро»",
  image: null,
  sku: "CP-1",
  color: null,
  size: null,
  unitPrice: 90,
  tierFrom: null,
  nextTier: null,
  itemsPrice: 9000,
  printPrice: 0,
  price: 9000,
  weight: 30000,
  stockNote: "В наличии 40 шт., остальное — под заказ, срок уточнит менеджер",
  coatingIds: null,
  coatings: [],
};

function render(line: CartLineView | null, local: LocalCartItem = item): string {
  const Stub = createRoutesStub([
    { path: "/cart", Component: () => <CartLineRow item={local} priced={line} pending={false} coatings={[]} byId={new Map()} update={() => {}} /> },
  ]);
  return renderToString(<Stub initialEntries={["/cart"]} />);
}

describe("CartLineRow stock note", () => {
  it("shows the note under the count and ties it to the count field", () => {
    const html = render(priced);
    expect(html).toContain('data-testid="cart-stock-note"');
    expect(html).toContain("В наличии 40 шт., остальное — под заказ, срок уточнит менеджер");
    expect(html).toMatch(/aria-describedby="count-501-stock"/);
  });

  it("shows nothing when the stock covers the count, or for an answer about another count", () => {
    expect(render({ ...priced, stockNote: null })).not.toContain("cart-stock-note");
    expect(render(priced, { ...item, count: 30 })).not.toContain("cart-stock-note");
    expect(render(null)).not.toContain("cart-stock-note");
  });
});
