import { Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { MenuCategory } from "#app/layouts/parts/shell.server.tsx";
import { AppLink } from "#app/lib/navigation.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { Prerendered } from "#app/components/prerendered.tsx";

/**
 * The catalogue menu from init. A <details> element, so it opens and closes without JavaScript;
 * the page behind it is dimmed by a backdrop that is part of the summary, so a click on it closes
 * the menu without JavaScript too. With JavaScript, Escape closes it (focus back on the toggle) and
 * so does following one of its links. The panel is the same for every visitor: its HTML is
 * rendered once per init answer on the server (prerendered.tsx).
 */
export function CatalogMenu({ categories }: { categories: readonly MenuCategory[] }) {
  const [open, setOpen] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [pathname, search]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.current) return;
      details.current.open = false;
      details.current.querySelector("summary")?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <details className="catalog-menu" ref={details} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="button button--primary catalog-menu__toggle">
        <Icon name="menu" size={20} />
        Каталог
        <span className="catalog-menu__backdrop" aria-hidden="true" />
      </summary>
      {/* Hydrated in a task of its own: a page's hydration commits in shorter pieces. */}
      <Suspense fallback={null}>
        <Prerendered as="div" className="catalog-menu__panel" data={categories}>
          <CatalogMenuPanel categories={categories} />
        </Prerendered>
      </Suspense>
    </details>
  );
}

export function CatalogMenuPanel({ categories }: { categories: readonly MenuCategory[] }) {
  return (
    <>
      <AppLink className="catalog-menu__all" to="/catalog">
        Весь каталог
      </AppLink>
      {categories.length > 0 ? (
        <ul className="catalog-menu__list">
          {categories.map((category) => (
            <li key={category.id}>
              <AppLink to={`/catalog/${category.slug}`} className="catalog-menu__root">
                {category.title}
              </AppLink>
              {category.children.length > 0 ? (
                <ul>
                  {category.children.map((child) => (
                    <li key={child.id}>
                      <AppLink to={`/catalog/${child.slug}`}>{child.title}</AppLink>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
