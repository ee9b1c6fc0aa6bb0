import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { EMPTY_INIT } from "#app/lib/content.server.ts";
import { shellData, staticMarkup } from "#app/layouts/parts/shell.server.tsx";
import { CatalogMenuPanel } from "./catalog-menu.tsx";
import { FooterContent } from "./footer.tsx";
import { Prerendered } from "#app/components/prerendered.tsx";

const init = {
  ...EMPTY_INIT,
  categories: [
    {
      id: 1,
      title: "Ручки",
      slug: "ruchki",
      parentId: null,
      image: null,
      productCount: 10,
      children: [
        { id: 2, title: "Шариковые ручки", slug: "sharikovye", parentId: 1, image: null, productCount: 4, children: [] },
        { id: 3, title: "Пустая", slug: "pustaya", parentId: 1, image: null, productCount: 0, children: [] },
      ],
    },
    { id: 4, title: "Кружки & <посуда>", slug: "kruzhki", parentId: null, image: null, productCount: 3, children: [] },
  ],
  footerCategories: [{ id: 1, title: "Ручки", slug: "ruchki" }],
  contacts: [
    { name: "companyPhoneNumber", title: "Телефон", value: "+7 (812) 407-25-18" },
    { name: "companyGeneralEmail", title: "E-mail", value: "info@tmg-podarki.ru" },
    { name: "operationMode", title: "Режим работы", value: "Пн–Пт 9:00–18:00" },
    { name: "officeAddress", title: "Адрес", value: JSON.stringify({ city: "Санкт-Петербург", street: "Лиговский пр., 50", postalCode: "191040" }) },
    { name: "inn", title: "ИНН", value: "7707083893" },
  ],
};

describe("prerendered shell parts", () => {
  it("are exactly what React writes for them, so the browser hydrates its components against them", () => {
    const shell = shellData(init);
    for (const element of [<CatalogMenuPanel key="m" categories={shell.menu} />, <FooterContent key="f" footer={shell.footer} />]) {
      const streamed = renderToString(<MemoryRouter>{element}</MemoryRouter>);
      // No adjacent text nodes: React would separate them with <!-- --> in a page, not in static markup.
      expect(streamed).not.toContain("<!-- -->");
      expect(staticMarkup(element)).toBe(streamed);
    }
  });

  it("the server places the registered HTML; without it (the browser) the children render", () => {
    const shell = shellData(init);
    const html = renderToString(
      <MemoryRouter>
        <Prerendered as="div" className="catalog-menu__panel" data={shell.menu}>
          <p>не должно быть</p>
        </Prerendered>
      </MemoryRouter>,
    );
    expect(html).toContain('href="/catalog/sharikovye"');
    expect(html).not.toContain("pustaya");
    expect(html).toContain("Кружки &amp; &lt;посуда&gt;");
    expect(html).not.toContain("не должно быть");
    const unregistered = renderToString(
      <Prerendered as="footer" className="footer" data={{}}>
        <p>дети</p>
      </Prerendered>,
    );
    expect(unregistered).toBe('<footer class="footer"><p>дети</p></footer>');
  });

  it("is built once per init answer", () => {
    expect(shellData(init)).toBe(shellData(init));
    expect(shellData({ ...init })).not.toBe(shellData(init));
  });
});
