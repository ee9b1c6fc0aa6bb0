import type { CategoryNode } from "#contract/content.ts";
import { markupProps, type Markup } from "#app/lib/packed.ts";
import { Icon } from "./ui/icon.tsx";

/**
 * The catalogue menu from init. A <details> element, so it opens without JavaScript. Its content
 * is the same for every visitor: the server renders it once per init answer (lib/shell.server.tsx)
 * and the header places that markup (ADR 012, 013); without the shell's data it shows the
 * menu without categories.
 */
export function CatalogMenu({ menu }: { menu: Markup | undefined }) {
  if (menu) return <details className="catalog-menu" {...markupProps(menu)} />;
  return (
    <details className="catalog-menu">
      <CatalogMenuContent categories={[]} />
    </details>
  );
}

export function CatalogMenuContent({ categories }: { categories: CategoryNode[] }) {
  return (
    <>
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
    </>
  );
}
