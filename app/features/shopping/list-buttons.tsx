/**
 * "В избранное" and "Сравнить" (§3, §4): toggle buttons on product cards and the product page.
 * Their state is the visitor's (local storage, or the account's lists: ADR 045), so the server (and the page cache) renders them inert and
 * hidden (`disabled`, CSS `visibility: hidden`: the space stays reserved, nothing shifts) and they
 * appear once hydrated with the stored state. Without JavaScript they never appear.
 */
import { Icon } from "#app/components/ui/icon.tsx";
import { useSavedList } from "./personal-state.tsx";
import type { ListKind } from "./personal.ts";

interface ToggleProps {
  kind: ListKind;
  id: number;
  label: string;
  /** What a pointer's tooltip says while the item is in the list. */
  activeTitle: string;
  icon: "heart" | "compare";
  /** With its label visible (the product page); icon-only otherwise (cards). */
  wide?: boolean;
}

function ListToggle({ kind, id, label, activeTitle, icon, wide = false }: ToggleProps) {
  const list = useSavedList(kind);
  const { ids } = list;
  const active = ids?.includes(id) ?? false;
  return (
    <button
      type="button"
      className={`list-toggle list-toggle--${icon}${wide ? " list-toggle--wide" : ""}`}
      aria-pressed={active}
      aria-label={wide ? undefined : label}
      title={active ? activeTitle : label}
      disabled={ids === null}
      onClick={() => list.toggle(id)}
    >
      <Icon name={icon} size={wide ? 20 : 18} />
      {wide ? <span>{label}</span> : null}
    </button>
  );
}

export function FavoriteButton({ groupId, wide }: { groupId: number; wide?: boolean }) {
  return <ListToggle kind="favorites" id={groupId} label="В избранное" activeTitle="Убрать из избранного" icon="heart" wide={wide} />;
}

export function CompareButton({ productId, wide }: { productId: number; wide?: boolean }) {
  return <ListToggle kind="comparison" id={productId} label="Сравнить" activeTitle="Убрать из сравнения" icon="compare" wide={wide} />;
}

/** The card's corner: favourite the group, compare the variation the card shows. */
export function CardListButtons({ groupId, productId }: { groupId: number; productId: number | null }) {
  return (
    <div className="list-toggles list-toggles--card">
      <FavoriteButton groupId={groupId} />
      {productId ? <CompareButton productId={productId} /> : null}
    </div>
  );
}

/** The product page: the group to favourites, the chosen variation to the comparison. */
export function ProductListButtons({ groupId, productId }: { groupId: number; productId: number | null }) {
  return (
    <div className="list-toggles list-toggles--product">
      <FavoriteButton groupId={groupId} wide />
      {productId ? <CompareButton productId={productId} wide /> : null}
    </div>
  );
}
