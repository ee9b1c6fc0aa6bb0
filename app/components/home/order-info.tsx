/**
 * §3 order-info blocks (print deadline, minimal order, payment types, delivery): text blocks carry
 * HTML the server already sanitised (§5), products blocks carry product cards.
 */
import type { OrderInfoItem } from "#contract/content.ts";
import type { OrderInfoSection, ProductsBlock } from "#app/features/catalog/order-info.ts";
import type { ProductCardView } from "#app/features/catalog/card-view.ts";
import { HtmlContent } from "#app/components/html-content.tsx";
import { ProductGrid } from "#app/components/catalog/product-card.tsx";

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
      return block.products.length > 0 ? (
        <div className="order-info__block order-info__block--products">
          {title}
          <ProductGrid products={block.products} eagerCount={0} />
        </div>
      ) : null;
  }
}

export function OrderInfo({ info }: { info: OrderInfoView }) {
  const sections = (Object.keys(SECTION_TITLES) as OrderInfoSection[]).filter((s) => info[s].length > 0);
  if (sections.length === 0) return null;
  return (
    <section className="order-info" aria-labelledby="order-info-title">
      <h2 id="order-info-title">Как заказать</h2>
      <div className="order-info__grid">
        {sections.map((section) => (
          <article key={section} className={`order-info__section order-info__section--${section}`} data-testid={`order-info-${section}`}>
            <h3 className="order-info__title">{SECTION_TITLES[section]}</h3>
            {info[section].map((block, i) => (
              <Block key={i} block={block} sectionTitle={SECTION_TITLES[section]} />
            ))}
          </article>
        ))}
      </div>
    </section>
  );
}
