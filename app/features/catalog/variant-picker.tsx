/**
 * Colour and size selectors. Each choice is a link to `?variant=<product id>`: without JavaScript
 * the page reloads with that variation; with it, a click replaces the history entry without
 * resetting the scroll, and the product route skips revalidation for a variant change (its
 * shouldRevalidate), so switching is instant.
 */
import { useLocation } from "react-router";
import { AppLink } from "#app/lib/navigation.tsx";
import type { VariationChoices } from "#app/features/catalog/variant-selection.ts";

export function VariantPicker({ choices, colorTitle, size }: { choices: VariationChoices; colorTitle: string | null; size: string | null }) {
  const { pathname } = useLocation();
  const variantHref = (id: number) => `${pathname}?variant=${id}`;
  return (
    <div className="variant-picker">
      {colorTitle || choices.colors.length > 0 ? (
        <div className="variant-picker__group">
          <p className="variant-picker__label">
            Цвет: <strong>{colorTitle ?? "—"}</strong>
          </p>
          {choices.colors.length > 0 ? (
            <ul className="variant-picker__colors">
              {choices.colors.map((c) => (
                <li key={c.slug}>
                  <AppLink
                    to={variantHref(c.productId)}
                    replace
                    preventScrollReset
                    prefetch="none"
                    className={c.inStock ? "swatch" : "swatch swatch--out"}
                    style={{ background: c.hex }}
                    title={c.title}
                    aria-label={c.title}
                    aria-current={c.selected ? "true" : undefined}
                  />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {size || choices.sizes.length > 0 ? (
        <div className="variant-picker__group">
          <p className="variant-picker__label">
            Размер: <strong>{size ?? "—"}</strong>
          </p>
          {choices.sizes.length > 0 ? (
            <ul className="variant-picker__sizes">
              {choices.sizes.map((s) => (
                <li key={s.size}>
                  <AppLink
                    to={variantHref(s.productId)}
                    replace
                    preventScrollReset
                    prefetch="none"
                    className={s.inStock ? "size-chip" : "size-chip size-chip--out"}
                    aria-current={s.selected ? "true" : undefined}
                  >
                    {s.size}
                  </AppLink>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
