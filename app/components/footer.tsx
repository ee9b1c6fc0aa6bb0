import type { CategoryNode } from "#contract/content.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { markupProps, unpack } from "#app/lib/packed.ts";
import { telHref, type CompanyContacts } from "#app/features/content/contacts.ts";

const contentLinks = [
  ["/about", "О компании"],
  ["/delivery", "Доставка"],
  ["/payment", "Оплата"],
  ["/obmen-vozvrat-tovarov", "Обмен и возврат"],
  ["/requirements", "Требования к макетам"],
  ["/faq", "Вопросы и ответы"],
  ["/vacancy", "Вакансии"],
  ["/contacts", "Контакты"],
  ["/route", "Как добраться"],
  ["/public-offer", "Публичная оферта"],
  ["/privacy", "Политика конфиденциальности"],
  ["/agreement", "Пользовательское соглашение"],
] as const;

/**
 * §2 shell footer: footer categories, contacts, bank data and the content pages. The same for
 * every visitor of a city: the server renders it once per init answer (lib/shell.server.tsx) and
 * the page places that markup (ADR 012, 013); without the shell's data only the content pages show.
 */
export function Footer() {
  const root = useRootData();
  const footer = root && unpack(root.shell).footer;
  if (footer) return <footer className="footer" {...markupProps(footer)} />;
  return (
    <footer className="footer">
      <FooterContent categories={[]} contacts={null} />
    </footer>
  );
}

export function FooterContent({ categories, contacts }: { categories: Pick<CategoryNode, "id" | "slug" | "title">[]; contacts: CompanyContacts | null }) {
  return (
    <>
      <div className="footer__grid container">
        <nav aria-label="Категории">
          <h2 className="footer__title">Каталог</h2>
          <ul>
            {categories.map((c) => (
              <li key={c.id}>
                <a href={`/catalog/${c.slug}`}>{c.title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Покупателям">
          <h2 className="footer__title">Покупателям</h2>
          <ul>
            {contentLinks.map(([href, title]) => (
              <li key={href}>
                <a href={href}>{title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-label="Контакты">
          <h2 className="footer__title">Контакты</h2>
          <ul>
            {contacts?.phone ? (
              <li>
                <a href={telHref(contacts.phone)}>{contacts.phone}</a>
              </li>
            ) : null}
            {contacts?.email ? (
              <li>
                <a href={`mailto:${contacts.email}`}>{contacts.email}</a>
              </li>
            ) : null}
            {contacts?.operationMode ? <li>{contacts.operationMode}</li> : null}
            {contacts?.officeAddress ? (
              <li>
                {contacts.officeAddress.postalCode}, {contacts.officeAddress.city}, {contacts.officeAddress.street}
              </li>
            ) : null}
          </ul>
        </section>
        {contacts && contacts.bankData.length > 0 ? (
          <section aria-label="Реквизиты">
            <h2 className="footer__title">Реквизиты</h2>
            <dl className="footer__bank">
              {contacts.bankData.map((entry) => (
                <div key={entry.name}>
                  <dt>{entry.title}</dt>
                  <dd>{entry.value}</dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}
      </div>
      <div className="footer__bottom container">© ТМГ, подарки и промопродукция с нанесением логотипа</div>
    </>
  );
}
