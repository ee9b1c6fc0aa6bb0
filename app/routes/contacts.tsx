/** /contacts: the static page plus the office address, hours and coordinates from init (§2, §3). */
import type { Route } from "./+types/contacts";
import { seoMeta } from "#app/lib/seo.ts";
import { sharedPage } from "#app/lib/cache-control.ts";
import { telHref } from "#app/features/content/contacts.ts";
import { loadStaticPage } from "#app/features/content/static-page.server.ts";
import { StaticPageView } from "#app/components/static-page-view.tsx";
import { shellData } from "#app/lib/shell.server.tsx";

export async function loader(args: Route.LoaderArgs) {
  const [page, init] = await Promise.all([loadStaticPage(args), args.context.content.init()]);
  const { phone, email, operationMode, officeAddress, coordinates } = shellData(init).contacts;
  return { ...page, contacts: { phone, email, operationMode, officeAddress, coordinates } };
}

export const headers = sharedPage;

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function ContactsPage({ loaderData }: Route.ComponentProps) {
  const { contacts } = loaderData;
  const office = contacts?.officeAddress;
  const coords = contacts?.coordinates;
  return (
    <StaticPageView page={loaderData.page}>
      <section className="contacts-card" aria-label="Офис">
        <dl>
          {office ? (
            <div>
              <dt>Адрес офиса</dt>
              <dd data-testid="office-address">
                {[office.postalCode, office.city, office.street].filter(Boolean).join(", ")}
              </dd>
            </div>
          ) : null}
          {contacts?.phone ? (
            <div>
              <dt>Телефон</dt>
              <dd>
                <a href={telHref(contacts.phone)}>{contacts.phone}</a>
              </dd>
            </div>
          ) : null}
          {contacts?.email ? (
            <div>
              <dt>Эл. почта</dt>
              <dd>
                <a href={`mailto:${contacts.email}`}>{contacts.email}</a>
              </dd>
            </div>
          ) : null}
          {contacts?.operationMode ? (
            <div>
              <dt>Режим работы</dt>
              <dd>{contacts.operationMode}</dd>
            </div>
          ) : null}
          {coords ? (
            <div>
              <dt>Координаты</dt>
              <dd data-testid="office-coordinates">
                {coords.lat}, {coords.lon}
              </dd>
            </div>
          ) : null}
        </dl>
        <a className="button" href="/route">
          Как добраться
        </a>
      </section>
    </StaticPageView>
  );
}
