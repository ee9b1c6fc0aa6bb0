import type { ProductCardView } from "#app/features/catalog/card-view.ts";
import { formatPrice } from "#app/features/catalog/price.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { CardListButtons } from "#app/features/shopping/list-buttons.tsx";
import { AddToCart } from "#app/features/cart/add-to-cart.tsx";

const BADGE_TITLES = { new: "Новинка", best: "Хит", recommended: "Рекомендуем" } as const;

/** A CSS colour as the API sends it (#rgb … #rrggbbaa); anything else is dropped. */
export function safeHex(hex: string): string | undefined {
  return /^#[0-9a-f]{3,8}$/i.test(hex) ? hex : undefined;
}

/**
 * A product card: picture, badges, title, brand, colours, price and stock — the picture, price and
 * stock of one variation, the one its link opens (toCardView). The picture has fixed
 * dimensions so the grid never shifts (CLS); only the first row loads eagerly (React preloads an
 * eager picture from <head>).
 */
export function ProductCard({ product, eager = false }: { product: ProductCardView; eager?: boolean }) {
  return (
    <article className="product-card">
      <AppLink to={product.href} className="product-card__link">
        <img
          className="product-card__image"
          src={product.image}
          alt={product.title}
          width={240}
          height={240}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : undefined}
          decoding="async"
        />
        {product.badges.length > 0 ? (
          <span className="product-card__badges">
            {product.badges.map((badge) => (
              <span key={badge} className={`badge badge--${badge}`}>
                {BADGE_TITLES[badge]}
              </span>
            ))}
          </span>
        ) : null}
        <h3 className="product-card__title">{product.title}</h3>
      </AppLink>
      <CardListButtons groupId={product.id} productId={product.productId} />
      {product.brand ? <p className="product-card__brand">{product.brand}</p> : null}
      {product.colors.length > 0 ? (
        <ul className="product-card__colors" aria-label="Цвета">
          {product.colors.map((color) => (
            <li key={color.title + color.hex} title={color.title} style={{ background: safeHex(color.hex) }} />
          ))}
          {product.colorCount > product.colors.length ? <li className="product-card__more">+{product.colorCount - product.colors.length}</li> : null}
        </ul>
      ) : null}
      <p className="product-card__price">
        <strong>{formatPrice(product.price)}</strong> за шт.
        {product.otherPricesFrom !== null ? <span className="product-card__other-price">другие варианты от {formatPrice(product.otherPricesFrom)}</span> : null}
      </p>
      <p className={product.inStock ? "product-card__stock" : "product-card__stock product-card__stock--out"}>{product.inStock ? "В наличии" : "Под заказ"}</p>
      <AddToCart variation={product.productId} count={1} variant="card" />
    </article>
  );
}

/** Cards of the first row load eagerly. */
export const EAGER_CARDS = 4;

export function ProductGrid({ products, eagerCount = EAGER_CARDS }: { products: readonly ProductCardView[]; eagerCount?: number }) {
  return (
    <div className="product-grid">
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} eager={i < eagerCount} />
      ))}
    </div>
  );
}
