/**
 * The shell's data (catalogue menu, footer categories, company contacts): the same for every
 * visitor until the init answer changes. Built once per init answer (init is cached and replaced as
 * a whole by content.server.ts, so a WeakMap keyed by it drops old data with it), and trimmed to
 * what the header and footer show.
 */
import type { Init } from "#contract/content.ts";
import { deriveContacts, type CompanyContacts } from "#app/features/content/contacts.ts";

export interface MenuCategory {
  id: number;
  title: string;
  slug: string;
  children: { id: number; title: string; slug: string }[];
}

export interface ShellData {
  menu: MenuCategory[];
  footerCategories: { id: number; title: string; slug: string }[];
  contacts: CompanyContacts;
}

const built = new WeakMap<Init, ShellData>();

export function shellData(init: Init): ShellData {
  let shell = built.get(init);
  if (!shell) {
    shell = {
      menu: init.categories.map(({ id, title, slug, children }) => ({
        id,
        title,
        slug,
        children: children.filter((c) => c.productCount > 0).map((c) => ({ id: c.id, title: c.title, slug: c.slug })),
      })),
      footerCategories: init.footerCategories.map(({ id, title, slug }) => ({ id, title, slug })),
      contacts: deriveContacts(init.contacts),
    };
    built.set(init, shell);
  }
  return shell;
}
