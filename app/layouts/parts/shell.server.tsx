/**
 * The shell's data (catalogue menu, footer, contacts): the same for every visitor of a city's site
 * until the init answer changes. Built once per init answer and city (init is cached and replaced
 * as a whole by content.server.ts, so a WeakMap keyed by it drops old data with it), trimmed to
 * what the header and footer show, with the HTML of the menu's panel and of the footer rendered
 * once beside it (app/components/prerendered.tsx, ADR 023). The phone, e-mail, hours and address
 * are those of the city's office (the Moscow site speaks of the Moscow office), the company's
 * from init when the city has none.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import type { City, Init } from "#contract/content.ts";
import { deriveContacts, officePhone, type CompanyContacts } from "#app/features/content/contacts.ts";
import { registerPrerendered } from "#app/components/prerendered.tsx";
import { CatalogMenuPanel } from "#app/layouts/parts/catalog-menu.tsx";
import { FooterContent } from "#app/layouts/parts/footer.tsx";

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

const built = new WeakMap<Init, Map<string, ShellData>>();

/** The company's contacts with the city office's phone, e-mail, hours, address and map position. */
export function cityContacts(init: Init, city: Pick<City, "office"> | null): CompanyContacts {
  const company = deriveContacts(init.contacts);
  const office = city?.office;
  if (!office) return company;
  return {
    ...company,
    phone: officePhone(office.phone),
    email: office.email ?? company.email,
    operationMode: office.operationMode,
    officeAddress: office.address,
    coordinates: office.coordinates,
  };
}

export function shellData(init: Init, city: Pick<City, "id" | "office"> | null = null): ShellData {
  let byCity = built.get(init);
  if (!byCity) built.set(init, (byCity = new Map()));
  // Cities sharing an office share the shell (St Petersburg and Россия on the main host).
  const key = city?.office ? JSON.stringify(city.office) : "";
  let shell = byCity.get(key);
  if (!shell) {
    const contacts = cityContacts(init, city);
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
    byCity.set(key, shell);
  }
  return shell;
}

/** What React writes for these elements (links resolve the same under any location). */
export function staticMarkup(element: React.ReactElement): string {
  return renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>);
}
