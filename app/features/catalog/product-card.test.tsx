import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { toCardView, type ProductCardView } from "#app/features/catalog/card-view.ts";
import { selectVariation } from "#app/features/catalog/variant-selection.ts";
import { ProductCard } from "./product-card.tsx";

const base: ProductCardView = {
  id: 7,
  productId: 70,
  title: "Ручка «Оникс»",
  href: "/catalog/goods/7",
  image: "/api/media/pen/7.svg",
  price: 21.5,
  otherPricesFrom: null,
  brand: "Orbit",
  colors: [
    { title: "Голубой", hex: "#4fc3f7" },
    { title: "Чёрный", hex: "#1f1f1f" },
  ],
  colorCount: 5,
  inStock: true,
  badges: ["new", "best"],
};

const render = (product: ProductCardView, eager = false) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <ProductCard product={product} eager={eager} />
    </MemoryRouter>,
  );

describe("ProductCard", () => {
  it("shows the picture, badges, title, brand, colours, price and stock, linking to the product", () => {
    const html = render(base);
    expect(html).toContain('<a class="product-card__link" href="/catalog/goods/7"');
    expect(html).toContain('alt="Ручка «Оникс»"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain("Новинка");
    expect(html).toContain("Хит");
    expect(html).toContain("Orbit");
    expect(html).toContain('<li class="product-card__more">+3</li>');
    expect(html).toContain("<strong>21,50\u00a0₽</strong> за шт.");
    expect(html).not.toContain("другие варианты");
    expect(html).toContain("В наличии");
  });

  it("says when another variation of the group costs less than the one shown", () => {
    const html = render({ ...base, price: 25, otherPricesFrom: 21.5 });
    expect(html).toContain("<strong>25\u00a0₽</strong> за шт.");
    expect(html).toContain("другие варианты от 21,50\u00a0₽");
  });

  it("an out-of-stock card without brand or colours says Под заказ", () => {
    const html = render({ ...base, badges: [], brand: null, colors: [], colorCount: 0, inStock: false });
    expect(html).toContain("Под заказ");
    expect(html).not.toContain("product-card__colors");
    expect(html).not.toContain("product-card__brand");
  });

  it("eager cards load their picture at once; React preloads it", () => {
    const html = render(base, true);
    expect(html).toContain('loading="eager"');
    expect(html).toMatch(/<link rel="preload"[^>]*as="image"/);
  });

  it("never lets a script URL or a hostile colour through (§8)", () => {
    const html = render({ ...base, href: "javascript:alert(1)", colors: [{ title: "x", hex: "red;background:url(//evil)" }] });
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("evil");
    expect(html).toContain('<span class="product-card__link">');
  });
});

describe("toCardView", () => {
  const color = (slug: string, hex: string) => ({ id: hex.length, title: slug, slug, hex });
  const product = (id: number, c: ReturnType<typeof color>, stock: number, price: number) => ({
    id,
    groupId: 1,
    sku: `S${id}`,
    title: "x",
    color: c,
    size: null,
    stock,
    price,
    priceTiers: [],
    images: [`/img/${id}.svg`],
    weight: 10,
  });
  const group = {
    id: 1,
    title: "Кружка",
    image: "/img/default.svg",
    images: ["/img/default.svg"],
    minPrice: 100,
    brand: null,
    flags: { isNew: false, isBestOffer: true, isRecommended: false },
    products: [product(11, color("red", "#f00"), 0, 120), product(12, color("white", "#fff"), 5, 100), product(13, color("white", "#fff"), 0, 90)],
  };

  it("without filters shows the variation the product page opens on: the first in stock (issue 25 item 18)", () => {
    // The first variation (red) is out of stock: the page opens on white 12, so the card shows it.
    const card = toCardView(group);
    expect(card).toMatchObject({ image: "/img/12.svg", href: "/catalog/goods/1", productId: 12, inStock: true, price: 100, otherPricesFrom: 90, badges: ["best"] });
    expect(selectVariation(group.products, new URL(card.href, "http://x").searchParams.get("variant"))?.id).toBe(card.productId);
    expect(card.colors.map((c) => c.title)).toEqual(["white", "red"]);
  });

  it("a group with nothing in stock shows its first variation as Под заказ, at its price", () => {
    const card = toCardView({ ...group, products: group.products.map((p) => ({ ...p, stock: 0 })) });
    expect(card).toMatchObject({ image: "/img/11.svg", href: "/catalog/goods/1", productId: 11, inStock: false, price: 120, otherPricesFrom: 90 });
  });

  it("with a colour filter shows the first matching variation in stock: its picture, price, stock and link (§3 issue 16)", () => {
    const card = toCardView(group, { colors: ["white"] });
    expect(card).toMatchObject({ image: "/img/12.svg", href: "/catalog/goods/1", productId: 12, price: 100, inStock: true });
    expect(card.colors[0].title).toBe("white");
    const red = toCardView(group, { colors: ["red"] });
    expect(red).toMatchObject({ image: "/img/11.svg", href: "/catalog/goods/1?variant=11", productId: 11, price: 120, inStock: false });
    expect(selectVariation(group.products, new URL(red.href, "http://x").searchParams.get("variant"))?.id).toBe(11);
  });

  it("with a price filter shows a variation within the range", () => {
    const card = toCardView(group, { priceTo: 95 });
    expect(card).toMatchObject({ href: "/catalog/goods/1?variant=13", productId: 13, price: 90, inStock: false, otherPricesFrom: null });
    expect(toCardView(group, { colors: ["white"], priceFrom: 95 })).toMatchObject({ productId: 12, price: 100 });
  });

  it("a filter no variation matches keeps the default card", () => {
    expect(toCardView(group, { colors: ["blue"] })).toMatchObject({ href: "/catalog/goods/1", productId: 12 });
  });
});
