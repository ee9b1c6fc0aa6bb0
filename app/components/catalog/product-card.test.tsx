import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { toCardView, type ProductCardView } from "#app/features/catalog/card-view.ts";
import { ProductCard } from "./product-card.tsx";

const base: ProductCardView = {
  id: 7,
  productId: 70,
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
    expect(html).toContain("от <strong>21,50\u00a0₽</strong>");
    expect(html).toContain("В наличии");
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

  it("shows the default picture and links to the group without a colour filter", () => {
    const card = toCardView(group);
    expect(card).toMatchObject({ image: "/img/default.svg", href: "/catalog/goods/1", productId: 11, inStock: true, minPrice: 100, badges: ["best"] });
    expect(card.colors.map((c) => c.title)).toEqual(["red", "white"]);
  });

  it("with a colour filter shows the first matching variation: its picture, price, stock and link (§3 issue 16)", () => {
    const card = toCardView(group, { colors: ["white"] });
    expect(card).toMatchObject({ image: "/img/12.svg", href: "/catalog/goods/1?variant=12", productId: 12, minPrice: 100, inStock: true });
    expect(card.colors[0].title).toBe("white");
  });

  it("a filter no variation matches keeps the default card", () => {
    expect(toCardView(group, { colors: ["blue"] }).href).toBe("/catalog/goods/1");
  });
});
