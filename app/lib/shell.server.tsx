/**
 * The parts of the page shell that are the same for every visitor (the catalogue menu and the
 * footer): rendered to markup once per init answer instead of on every request, and sent as two
 * strings in the root data, so neither the render nor the hydration data walks them per page
 * (ADR 012). The init answer is cached and replaced as a whole (content.server.ts), so a WeakMap
 * keyed by it drops old markup with it.
 */
import { renderToStaticMarkup } from "react-dom/server";
import type { Init } from "#contract/content.ts";
import { CatalogMenuContent } from "#app/components/catalog-menu.tsx";
import { FooterContent } from "#app/components/footer.tsx";
import { deriveContacts, type CompanyContacts } from "#app/features/content/contacts.ts";

export interface Shell {
  contacts: CompanyContacts;
  markup: {
    /** Inner markup of the header's <details class="catalog-menu">. */
    menu: string;
    /** Inner markup of <footer class="footer">. */
    footer: string;
  };
}

const built = new WeakMap<Init, Shell>();

export function shellFor(init: Init): Shell {
  let shell = built.get(init);
  if (!shell) {
    const contacts = deriveContacts(init.contacts);
    shell = {
      contacts,
      markup: {
        menu: renderToStaticMarkup(<CatalogMenuContent categories={init.categories} />),
        footer: renderToStaticMarkup(<FooterContent categories={init.footerCategories} contacts={contacts} />),
      },
    };
    built.set(init, shell);
  }
  return shell;
}
