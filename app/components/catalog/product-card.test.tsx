import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { ProductCardView } from "#app/features/catalog/card-view.ts";
import { formatPrice } from "#app/features/catalog/price.ts";
import { ProductCard, productCardHtml } from "./product-card.tsx";

const BADGE_TITLES = { new: "Новинка", best: "Хит", recommended: "Рекомендуем" } as const;

/** The card as React elements (what productCardHtml replaced): both must write the same markup. */
function ReactCard({ product, eager }: { product: ProductCardView; eager: boolean }) {
  return (
    <article className="product-card">
      <a href={product.href} className="product-card__link">
        <img className="product-card__image" src={product.image} alt={product.title} width="240" height="240" loading={eager ? "eager" : "lazy"} decoding="async" />
        {product.badges.length > 0 ? (
          <span className="product-card__badges">
            {product.badges.map((b) => (
              <span key={b} className={`badge badge--${b}`}>
                {BADGE_TITLES[b]}
              </span>
            ))}
          </span>
        ) : null}
        <h3 className="product-card__title">{product.title}</h3>
      </a>
      {product.brand ? <p className="product-card__brand">{product.brand}</p> : null}
      {product.colors.length > 0 ? (
        <ul className="product-card__colors" aria-label="Цвета">
          {product.colors.map((c) => (
            <li key={c.hex + c.title} title={c.title} style={{ background: c.hex }} />
          ))}
          {product.colorCount > product.colors.length ? <li className="product-card__more">+{product.colorCount - product.colors.length}</li> : null}
        </ul>
      ) : null}
      <p className="product-card__price">
        от <strong>{formatPrice(product.minPrice)}</strong>
      </p>
      <p className={product.inStock ? "product-card__stock" : "product-card__stock product-card__stock--out"}>{product.inStock ? "В наличии" : "Под заказ"}</p>
    </article>
  );
}

const base: ProductCardView = {
  id: 7,
  title: "Ручка «Оникс»",
  href: "/catalog/goods/7",
  image: "/api/media/pen/7.svg",
  minPrice: 21.5,
  brand: "Orbit",
  colors: [
    { title: "Голубой", hex: "#4fc3f7" },
    { title: "Чёрный", hex: "#1f1f1f" },
  ],
  colorCount: 5,
  inStock: true,
  badges: ["new", "best"],
};

/** Without the <link rel="preload"> React hoists for an eager image (ProductCard asks for it itself). */
const inner = (html: string) =>
  html
    .replace(/^<link rel="preload" as="image" href="[^"]*"\/>/, "")
    .replace(/^<article class="product-card">/, "")
    .replace(/<\/article>$/, "");

describe("productCardHtml", () => {
  const cases: [string, ProductCardView, boolean][] = [
    ["a full card", base, true],
    ["no badges, brand or colours, out of stock", { ...base, badges: [], brand: null, colors: [], colorCount: 0, inStock: false }, false],
    ["all colours shown", { ...base, colorCount: 2 }, false],
    ["text that needs escaping", { ...base, title: `Кружка <b>"Бест" & 'Ко'</b>`, brand: `A&B <i>`, colors: [{ title: `"красный" <x>`, hex: "#f00" }] }, false],
    ["a whole-rouble and a large price", { ...base, minPrice: 1234567 }, false],
  ];
  for (const [name, product, eager] of cases) {
    it(`writes what the React card wrote: ${name}`, () => {
      expect(productCardHtml(product, eager)).toBe(inner(renderToStaticMarkup(<ReactCard product={product} eager={eager} />)));
    });
  }

  it("asks React to preload the picture of an eager card, as React did for the <img>", () => {
    const html = renderToStaticMarkup(<ProductCard product={base} eager />);
    expect(html).toMatch(/^<link rel="preload"[^>]* href="\/api\/media\/pen\/7\.svg"[^>]*\/><article class="product-card">/);
    expect(html).toMatch(/^<link[^>]* as="image"/);
    expect(renderToStaticMarkup(<ProductCard product={base} />)).not.toContain("preload");
  });

  it("never lets a URL or a colour out of its attribute", () => {
    const html = productCardHtml({ ...base, href: "javascript:alert(1)", image: `/x.svg" onerror="alert(1)`, colors: [{ title: "x", hex: "red;background:url(//evil)" }] }, false);
    expect(html).not.toContain("javascript:");
    expect(html).toContain('href="#"');
    expect(html).toContain('src="/x.svg&quot; onerror=&quot;alert(1)"');
    expect(html).not.toContain("evil");
    expect(html).toContain('<li title="x"></li>');
  });
});
