import type { ProductCardView } from "#app/features/catalog/card-view.ts";
import { formatPrice } from "#app/features/catalog/price.ts";

const BADGE_TITLES = { new: "Новинка", best: "Хит", recommended: "Рекомендуем" } as const;

/**
 * A product card. Plain <a> (intercepted for client navigation, ADR 002); the image has fixed
 * dimensions so the grid never shifts (CLS), and only the first row loads eagerly.
 */
export function ProductCard({ product, eager = false }: { product: ProductCardView; eager?: boolean }) {
  return (
    <article className="product-card">
      <a href={product.href} className="product-card__link">
        <img
          className="product-card__image"
          src={product.image}
          alt={product.title}
          width="240"
          height="240"
          loading={eager ? "eager" : "lazy"}
          decoding="async"
        />
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
      <p className={product.inStock ? "product-card__stock" : "product-card__stock product-card__stock--out"}>
        {product.inStock ? "В наличии" : "Под заказ"}
      </p>
    </article>
  );
}

export function ProductGrid({ products, eagerCount = 4 }: { products: ProductCardView[]; eagerCount?: number }) {
  return (
    <div className="product-grid">
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} eager={i < eagerCount} />
      ))}
    </div>
  );
}
