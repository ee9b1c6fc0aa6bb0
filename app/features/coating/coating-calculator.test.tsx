/** The product page's calculator says when the print run is beyond the stock (issue 25 item 17). */
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { EMPTY_COATING_FORM } from "#app/features/coating/coating-form.ts";
import { CoatingCalculator } from "./coating-calculator.tsx";

const variation = { id: 501, price: 90, priceTiers: [], stock: 1268 };

function render(quantity: number, leadTime: string | null = "8–14 дней"): string {
  const initial = { values: { ...EMPTY_COATING_FORM, quantity, quantityText: String(quantity), productId: 501 }, answer: { key: "", price: null, error: null, hint: null } };
  const Stub = createRoutesStub([{ path: "/", Component: () => <CoatingCalculator coatings={[]} variation={variation} leadTime={leadTime} initial={initial} /> }]);
  return renderToString(<Stub initialEntries={["/"]} />);
}

describe("CoatingCalculator stock note", () => {
  it("a run beyond the stock says how many are in stock, how many are made to order and when", () => {
    const html = render(5000);
    expect(html).toContain('data-testid="calculator-stock-note"');
    expect(html).toContain("В наличии 1\u00a0268\u00a0шт., остальные 3\u00a0732\u00a0шт. — под заказ, срок поставки 8–14 дней");
    // Still orderable: the goods are priced.
    expect(html).toMatch(/Итого/);
  });

  it("says nothing while the stock covers the run", () => {
    expect(render(1268)).not.toContain("calculator-stock-note");
  });
});
