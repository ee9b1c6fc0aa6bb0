/**
 * The shell's data (catalogue menu, footer, company contacts): the same for every visitor until
 * the init answer changes. Built once per init answer (init is cached and replaced as a whole by
 * content.server.ts, so a WeakMap keyed by it drops old data with it), trimmed to what the header
 * and footer show, with the HTML of the menu's panel and of the footer rendered once beside it
 * (app/components/prerendered.tsx, ADR 023).
 */
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import type { Init } from "#contract/content.ts";
import { deriveContacts, type CompanyContacts } from "#app/features/content/contacts.ts";
import { registerPrerendered } from "#app/components/prerendered.tsx";
import { CatalogMenuPanel } from "#app/components/catalog-menu.tsx";
import { FooterContent } from "#app/components/footer.tsx";

export interface MenuCategory {
  id: number;
  title: string;
  slug: string;
  children: { id: number; title: string; slug: string }[];
}

export interface FooterData {
  categories: { id: number; title: string; slug: string }[];
  contacts: CompanyContacts | null;
}

export interface ShellData {
  menu: MenuCategory[];
  footer: FooterData;
  contacts: CompanyContacts;
}

const built = new WeakMap<Init, ShellData>();

export function shellData(init: Init): ShellData {
  let shell = built.get(init);
  if (!shell) {
    const contacts = deriveContacts(init.contacts);
    shell = {
      menu: init.categories.map(({ id, title, slug, children }) => ({
        id,
        title,
        slug,
        children: children.filter((c) => c.productCount > 0).map((c) => ({ id: c.id, title: c.title, slug: c.slug })),
      })),
      footer: { categories: init.footerCategories.map(({ id, title, slug }) => ({ id, title, slug })), contacts },
      contacts,
    };
    registerPrerendered(shell.menu, staticMarkup(<CatalogMenuPanel categories={shell.menu} />));
    registerPrerendered(shell.footer, staticMarkup(<FooterContent footer={shell.footer} />));
    built.set(init, shell);
  }
  return shell;
}

/** What React writes for these elements (links resolve the same under any location). */
export function staticMarkup(element: React.ReactElement): string {
  return renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>);
}
