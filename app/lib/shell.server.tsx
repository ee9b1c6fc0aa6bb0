/**
 * The parts of the page shell that are the same for every visitor (the catalogue menu and the
 * footer): rendered to markup once per init answer instead of on every request (ADR 012). A
 * document's root data carries only their element ids, the browser takes the markup over from the
 * page; a revalidation of the root data (after an action) carries the markup (ADR 013). The init
 * answer is cached and replaced as a whole (content.server.ts), so a WeakMap keyed by it drops old
 * markup with it.
 */
import { renderToStaticMarkup } from "react-dom/server";
import type { Init } from "#contract/content.ts";
import { CatalogMenuContent } from "#app/components/catalog-menu.tsx";
import { FooterContent } from "#app/components/footer.tsx";
import { deriveContacts, type CompanyContacts } from "#app/features/content/contacts.ts";
import { markup, type Markup } from "./packed.ts";

export interface Shell {
  contacts: CompanyContacts;
  markup: {
    /** Inner markup of the header's <details class="catalog-menu">. */
    menu: Markup;
    /** Inner markup of <footer class="footer">. */
    footer: Markup;
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
        menu: markup("catalog-menu", renderToStaticMarkup(<CatalogMenuContent categories={init.categories} />)),
        footer: markup("site-footer", renderToStaticMarkup(<FooterContent categories={init.footerCategories} contacts={contacts} />)),
      },
    };
    built.set(init, shell);
  }
  return shell;
}
