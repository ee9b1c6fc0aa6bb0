import { AppLink } from "#app/lib/navigation.tsx";

export interface Crumb {
  title: string;
  href: string;
}

/** Visible breadcrumbs; the BreadcrumbList JSON-LD comes from breadcrumbListJsonLd (app/lib/json-ld.ts). */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Навигационная цепочка">
      <ol>
        <li>
          <AppLink to="/">Главная</AppLink>
        </li>
        {items.map((item, i) => (
          <li key={item.href}>{i === items.length - 1 ? <span aria-current="page">{item.title}</span> : <AppLink to={item.href}>{item.title}</AppLink>}</li>
        ))}
      </ol>
    </nav>
  );
}
