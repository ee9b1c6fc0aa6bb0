import type { PriceTier } from "#contract/catalog.ts";
import { formatPrice, priceForQuantity } from "#app/features/catalog/price.ts";
import { formatCount } from "#app/lib/format.ts";

/** Quantity prices of the selected variation; the tier that applies to the chosen print run is marked. */
export function PriceTiers({ tiers, price, quantity }: { tiers: readonly PriceTier[]; price: number; quantity: number }) {
  if (tiers.length < 2) return null;
  const current = priceForQuantity(tiers, price, quantity);
  const active = [...tiers].reverse().find((t) => t.minQty <= Math.max(1, quantity) && t.price === current);
  return (
    <table className="price-tiers">
      <caption>Цена зависит от тиража</caption>
      <thead>
        <tr>
          <th scope="col">Тираж</th>
          <th scope="col">Цена за шт.</th>
        </tr>
      </thead>
      <tbody>
        {tiers.map((tier) => (
          <tr key={tier.minQty} aria-current={tier === active ? "true" : undefined}>
            <td>от {formatCount(tier.minQty)} шт.</td>
            <td>{formatPrice(tier.price)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
