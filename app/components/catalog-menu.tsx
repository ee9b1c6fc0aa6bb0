import type { CategoryNode } from "#contract/content.ts";
import { Icon } from "./ui/icon.tsx";

/** The catalogue menu from init. A <details> element, so it opens without JavaScript. */
export function CatalogMenu({ categories }: { categories: CategoryNode[] }) {
  return (
    <details className="catalog-menu">
      <summary className="button button--primary catalog-menu__toggle">
        <Icon name="menu" size={20} />
        Каталог
      </summary>
      <div className="catalog-menu__panel">
        <a className="catalog-menu__all" href="/catalog">
          Весь каталог
        </a>
        {categories.length > 0 ? (
          <ul className="catalog-menu__list">
            {categories.map((category) => (
              <li key={category.id}>
                <a href={`/catalog/${category.slug}`} className="catalog-menu__root">
                  {category.title}
                </a>
                {category.children.length > 0 ? (
                  <ul>
                    {category.children.map((child) => (
                      <li key={child.id}>
                        <a href={`/catalog/${child.slug}`}>{child.title}</a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </details>
  );
}
