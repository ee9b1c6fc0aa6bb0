import { Icon } from "./ui/icon.tsx";

/** Header search: a GET form, so it works without JavaScript. */
export function SearchBox() {
  return (
    <form className="search-box" role="search" method="get" action="/search">
      <label className="visually-hidden" htmlFor="header-search">
        Поиск по каталогу
      </label>
      <input id="header-search" name="text" type="search" placeholder="Поиск товаров" autoComplete="off" maxLength={200} />
      <button type="submit" aria-label="Найти">
        <Icon name="search" size={20} />
      </button>
    </form>
  );
}
