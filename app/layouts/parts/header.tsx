import { useRef } from "react";
import { useLocation } from "react-router";
import { useRootData } from "#app/lib/root-data.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { telHref } from "#app/lib/format.ts";
import { CityPicker } from "#app/features/city/city-picker.tsx";
import { CitySuggestionSlot } from "#app/features/city/city-suggestion-slot.tsx";
import { Logo } from "#app/components/logo.tsx";
import { CatalogMenu } from "./catalog-menu.tsx";
import { SearchBox } from "#app/features/search/search-box.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { ComparisonEntry, FavoritesEntry } from "#app/features/shopping/header-count.tsx";
import { ListNotice } from "#app/features/shopping/list-notice.tsx";
import { CartEntry } from "#app/features/cart/cart-counter.tsx";
import { AccountEntry } from "#app/features/auth/account-entry.tsx";

/** §2 shell header: catalogue menu from init, city picker (and the city suggested from the IP, ADR 062), search, account/favourites/comparison/cart. */
export function Header() {
  const root = useRootData();
  const location = useLocation();
  const phone = root?.contacts.phone;
  const redirectTo = location.pathname + location.search;
  const picker = useRef<HTMLDetailsElement>(null);
  const openPicker = () => {
    if (!picker.current) return;
    picker.current.open = true;
    picker.current.querySelector("summary")?.focus();
  };
  return (
    <header className="header">
      <ListNotice />
      <div className="header__top container">
        {root ? (
          <div className="header__city">
            <CityPicker ref={picker} city={root.city} cities={root.cities} redirectTo={redirectTo} />
            <CitySuggestionSlot enabled={root.detectCity} cityId={root.city.id} redirectTo={redirectTo} onChooseOther={openPicker} />
          </div>
        ) : null}
        <nav className="header__links" aria-label="Информация для покупателей">
          <AppLink to="/actions">Акции</AppLink>
          <AppLink to="/delivery">Доставка</AppLink>
          <AppLink to="/payment">Оплата</AppLink>
          <AppLink to="/requirements">Требования к макетам</AppLink>
          <AppLink to="/contacts">Контакты</AppLink>
        </nav>
        {phone ? (
          <a className="header__phone" href={telHref(phone)}>
            <Icon name="phone" size={18} />
            <span className="header__phone-number">{phone}</span>
          </a>
        ) : null}
      </div>
      <div className="header__main container">
        <Logo />
        <CatalogMenu categories={root?.menu ?? []} />
        <SearchBox />
        <nav className="header__user" aria-label="Покупателю">
          <AccountEntry />
          <FavoritesEntry />
          <ComparisonEntry />
          <CartEntry />
        </nav>
      </div>
    </header>
  );
}
