import { useRootData } from "#app/lib/root-data.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import type { FooterData } from "#app/layouts/parts/shell.server.tsx";
import { telHref } from "#app/lib/format.ts";
import { COMPANY_NAME } from "#app/lib/seo.ts";
import { SUBSCRIBE_FIELD, SUBSCRIBE_PATH } from "#app/features/subscription/subscription.ts";
import { Prerendered } from "#app/components/prerendered.tsx";

const contentLinks = [
  ["/about", "О компании"],
  ["/actions", "Акции"],
  ["/news", "Новости"],
  ["/blog", "Блог"],
  ["/delivery", "Доставка"],
  ["/payment", "Оплата"],
  ["/obmen-vozvrat-tovarov", "Обмен и возврат"],
  ["/requirements", "Требования к макетам"],
  ["/faq", "Вопросы и ответы"],
  ["/vacancy", "Вакансии"],
  ["/contacts", "Контакты"],
  ["/route", "Как проехать"],
  ["/public-offer", "Публичная оферта"],
  ["/privacy", "Политика конфиденциальности"],
  ["/agreement", "Пользовательское соглашение"],
  ["/privacy#consent", "Согласие на обработку персональных данных"],
] as const;

const NO_FOOTER: FooterData = { categories: [], contacts: null };

/**
 * §2 shell footer: footer categories, contacts, bank data and the content pages. The same for every
 * visitor until the content changes: its HTML is rendered once on the server (prerendered.tsx).
 */
export function Footer() {
  const footer = useRootData()?.footer ?? NO_FOOTER;
  return (
    <Prerendered as="footer" className="footer" data={footer}>
      <FooterContent footer={footer} />
    </Prerendered>
  );
}

export function FooterContent({ footer: { categories, contacts } }: { footer: FooterData }) {
  return (
    <>
      <div className="footer__grid container">
        <nav aria-label="Категории">
          <h2 className="footer__title">Каталог</h2>
          <ul>
            {categories.map((c) => (
              <li key={c.id}>
                <AppLink to={`/catalog/${c.slug}`} prefetch="none">
                  {c.title}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Покупателям">
          <h2 className="footer__title">Покупателям</h2>
          <ul>
            {contentLinks.map(([href, title]) => (
              <li key={href}>
                <AppLink to={href} prefetch="none">
                  {title}
                </AppLink>
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
            {contacts?.officeAddress ? <li>{[contacts.officeAddress.postalCode, contacts.officeAddress.city, contacts.officeAddress.street].filter(Boolean).join(", ")}</li> : null}
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
      <FooterSubscribe />
      <div className="footer__bottom container">{`© ${COMPANY_NAME}, корпоративные подарки и промопродукция с нанесением логотипа`}</div>
    </>
  );
}

/**
 * The newsletter form of every page: a plain form posting to /subscribe (its action answers with
 * the error under the field or the success message), so it needs no state in this prerendered HTML.
 */
function FooterSubscribe() {
  return (
    <form method="post" action={SUBSCRIBE_PATH} className="footer__subscribe container" aria-label="Подписка на рассылку" noValidate>
      <label className="footer__subscribe-label" htmlFor="footer-subscribe-email">
        Новинки и акции на почту — не чаще раза в неделю
      </label>
      <div className="footer__subscribe-row">
        <input id="footer-subscribe-email" className="field__input" type="email" name={SUBSCRIBE_FIELD.email} autoComplete="email" placeholder="name@company.ru" required />
        <button type="submit" className="button button--primary">
          Подписаться
        </button>
      </div>
      <p className="footer__subscribe-consent">
        Нажимая «Подписаться», вы соглашаетесь с <AppLink to="/privacy" prefetch="none">политикой конфиденциальности</AppLink>.
      </p>
    </form>
  );
}
