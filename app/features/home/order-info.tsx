/**
 * §3 order-info blocks (print deadline, minimal order, payment types, delivery): text blocks carry
 * HTML the server already sanitised (§5), products blocks carry product cards.
 */
import type { OrderInfoItem } from "#contract/content.ts";
import type { OrderInfoSection, ProductsBlock } from "#app/features/catalog/order-info.ts";
import type { ProductCardView } from "#app/features/catalog/card-view.ts";
import { HtmlContent } from "#app/components/html-content.tsx";
import { ProductGrid } from "#app/features/catalog/product-card.tsx";

/** A products block carries the cards of its groups (those that loaded). */
export type OrderInfoViewItem = Exclude<OrderInfoItem, { type: "products" }> | (Omit<ProductsBlock, "productGroupIds"> & { products: ProductCardView[] });
export type OrderInfoView = Record<OrderInfoSection, OrderInfoViewItem[]>;

const SECTION_TITLES: Record<OrderInfoSection, string> = {
  printDeadline: "Сроки нанесения",
  minimalOrder: "Минимальный заказ",
  paymentTypes: "Оплата",
  deliveryInfo: "Доставка",
};

function Block({ block, sectionTitle }: { block: OrderInfoViewItem; sectionTitle: string }) {
  // A block named like its section would repeat the section's heading.
  const title = block.title && block.title.trim().toLowerCase() !== sectionTitle.toLowerCase() ? <h4 className="order-info__block-title">{block.title}</h4> : null;
  switch (block.type) {
    case "text":
      return (
        <div className="order-info__block">
          {title}
          <HtmlContent html={block.html} />
        </div>
      );
    case "list":
      return (
        <div className="order-info__block">
          {title}
          <ul className="order-info__list">
            {block.items.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        </div>
      );
    case "products":
      // Shown under the sections' row (ProductStrip): a section with cards would span the row.
      return null;
  }
}

type ProductsViewItem = Extract<OrderInfoViewItem, { type: "products" }>;

/** A products block as a strip of cards under the sections, titled by its own title or its section's. */
function ProductStrip({ block, sectionTitle, id }: { block: ProductsViewItem; sectionTitle: string; id: string }) {
  return (
    <section className="order-info__products" aria-labelledby={id} data-testid="order-info-products">
      <h3 className="order-info__products-title" id={id}>
        {block.title?.trim() || sectionTitle}
      </h3>
      <ProductGrid products={block.products} eagerCount={0} />
    </section>
  );
}

const isProducts = (block: OrderInfoViewItem): block is ProductsViewItem => block.type === "products";

export function OrderInfo({ info }: { info: OrderInfoView }) {
  const all = Object.keys(SECTION_TITLES) as OrderInfoSection[];
  // A section of nothing but cards has no place in the row: its cards are in the strips below.
  const sections = all.filter((s) => info[s].some((block) => !isProducts(block)));
  const strips = all.flatMap((s) => info[s].filter(isProducts).filter((b) => b.products.length > 0).map((block) => ({ section: s, block })));
  if (sections.length === 0 && strips.length === 0) return null;
  return (
    <section className="order-info" aria-labelledby="order-info-title">
      <h2 id="order-info-title">Как заказать</h2>
      {sections.length > 0 ? (
        <div className={`order-info__grid order-info__grid--${Math.min(sections.length, 4)}`} data-testid="order-info-grid">
          {sections.map((section) => (
            <article key={section} className={`order-info__section order-info__section--${section}`} data-testid={`order-info-${section}`}>
              <h3 className="order-info__title">{SECTION_TITLES[section]}</h3>
              {info[section].map((block, i) => (
                <Block key={i} block={block} sectionTitle={SECTION_TITLES[section]} />
              ))}
            </article>
          ))}
        </div>
      ) : null}
      {strips.map(({ section, block }, i) => (
        <ProductStrip key={`${section}-${i}`} block={block} sectionTitle={SECTION_TITLES[section]} id={`order-info-products-${i}`} />
      ))}
    </section>
  );
}
