/**
 * The header's favourites, comparison and cart entries: one pattern for the three (§4 counters).
 * The badge is visible and hidden from assistive technology; the link's accessible name carries
 * the count instead ("Корзина, товаров: 3"), or is just its label when there is nothing. Empty on
 * the server and while hydrating (the page cache serves everyone the same header), then the
 * visitor's count (ADR 045); other tabs' changes arrive through the `storage` event (guests) or
 * the root's revalidation (logged in). The badge sits over the
 * icon (absolutely positioned), so its appearance moves nothing.
 */
import { AppLink } from "#app/lib/navigation.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { useSavedList } from "./personal-state.tsx";

export interface HeaderCountProps {
  to: string;
  icon: "heart" | "compare" | "cart";
  label: string;
  /** null: not known yet (server, hydration), shown as none. */
  count: number | null;
  /** The badge's test id (favorites-count, comparison-count, cart-count). */
  testId: string;
}

/** "Корзина, товаров: 3"; just "Корзина" for none. */
export function headerCountName(label: string, count: number): string {
  return count > 0 ? `${label}, товаров: ${count}` : label;
}

export function HeaderCount({ to, icon, label, count, testId }: HeaderCountProps) {
  const n = count ?? 0;
  return (
    <AppLink to={to} className="header__entry" aria-label={n > 0 ? headerCountName(label, n) : undefined}>
      <span className="header__icon">
        <Icon name={icon} />
        <span className="header__count" data-testid={testId} data-count={n} hidden={n === 0} aria-hidden="true">
          {n > 0 ? n : null}
        </span>
      </span>
      <span>{label}</span>
    </AppLink>
  );
}

export function FavoritesEntry() {
  const { ids } = useSavedList("favorites");
  return <HeaderCount to="/favorites" icon="heart" label="Избранное" count={ids?.length ?? null} testId="favorites-count" />;
}

export function ComparisonEntry() {
  const { ids } = useSavedList("comparison");
  return <HeaderCount to="/comparison" icon="compare" label="Сравнение" count={ids?.length ?? null} testId="comparison-count" />;
}
