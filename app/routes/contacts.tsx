/**
 * /contacts (§2, §3): the static page, then the office of the visitor's city (the Moscow site shows
 * the Moscow office) with its address, phone, e-mail, hours and a map: a picture with a link that
 * opens the address in Yandex Maps (an embedded map widget needs a configured key).
 */
import type { Route } from "./+types/contacts";
import type { SitemapHandle } from "#app/features/seo/sitemap-handle.ts";
import { seoMeta } from "#app/lib/seo.ts";
import { sharedPage } from "#app/lib/cache-control.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { telHref } from "#app/lib/format.ts";
import { mapLinks, mapWidgetUrl, officeMapId } from "#app/features/content/office-map.ts";
import { loadStaticPage } from "#app/features/content/static-page.server.ts";
import { StaticPageView } from "#app/features/content/static-page-view.tsx";
import { cityContacts } from "#app/layouts/parts/shell.server.tsx";
import { inCity } from "#contract/city-tokens.ts";

// §2: in the pages sitemap when the content service has the page.
export const handle = { sitemap: { content: true } } satisfies SitemapHandle;

export async function loader(args: Route.LoaderArgs) {
  const { context } = args;
  const [page, init] = await Promise.all([loadStaticPage(args), context.content.init()]);
  const { phone, email, operationMode, officeAddress, coordinates } = cityContacts(init, context.city);
  const office = context.city.office;
  return {
    ...page,
    office: {
      // "Офис в Москве": the office's own city, not the site's (Россия is served from St Petersburg).
      title: office ? `Офис ${inCity(prepositionalOf(office.address.city))}` : "Офис",
      phone,
      email,
      operationMode,
      address: officeAddress ? [officeAddress.postalCode, officeAddress.city, officeAddress.street].filter(Boolean).join(", ") : null,
      map: coordinates
        ? {
            picture: `/api/media/map/${officeMapId(context.city)}-800x400.png`,
            widget: context.mapsKey ? mapWidgetUrl(coordinates, context.mapsKey) : null,
            links: mapLinks(coordinates, officeAddress),
          }
        : null,
    },
  };
}

/** The offices' cities in the prepositional case (the address gives the nominative). */
function prepositionalOf(city: string): string {
  const known: Record<string, string> = { Москва: "Москве", "Санкт-Петербург": "Санкт-Петербурге" };
  return known[city] ?? city;
}

export const headers = sharedPage;

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function ContactsPage({ loaderData }: Route.ComponentProps) {
  const { office } = loaderData;
  return (
    <StaticPageView page={loaderData.page}>
      <section className="contacts-card" aria-labelledby="office-title">
        <div className="contacts-card__text">
          <h2 id="office-title" className="contacts-card__title">
            {office.title}
          </h2>
          <dl>
            {office.address ? (
              <div>
                <dt>Адрес</dt>
                <dd data-testid="office-address">{office.address}</dd>
              </div>
            ) : null}
            {office.phone ? (
              <div>
                <dt>Телефон</dt>
                <dd>
                  <a href={telHref(office.phone)} data-testid="office-phone">
                    {office.phone}
                  </a>
                </dd>
              </div>
            ) : null}
            {office.email ? (
              <div>
                <dt>Эл. почта</dt>
                <dd>
                  <a href={`mailto:${office.email}`}>{office.email}</a>
                </dd>
              </div>
            ) : null}
            {office.operationMode ? (
              <div>
                <dt>Режим работы</dt>
                <dd>{office.operationMode}</dd>
              </div>
            ) : null}
          </dl>
          <AppLink className="button" to="/route">
            Как проехать
          </AppLink>
        </div>
        {office.map ? (
          <figure className="contacts-card__map" data-testid="office-map">
            {office.map.widget ? (
              <iframe src={office.map.widget} title={`Карта: ${office.address ?? "офис"}`} width={800} height={400} loading="lazy" className="contacts-card__widget" />
            ) : (
              <AppLink to={office.map.links.yandex} external aria-label={`${office.address ?? "Офис"} на Яндекс Картах`}>
                <img src={office.map.picture} alt={`Карта: ${office.address ?? "офис"}`} width={800} height={400} loading="lazy" decoding="async" />
              </AppLink>
            )}
            <figcaption>
              Открыть на картах:{" "}
              <AppLink to={office.map.links.yandex} external>
                Яндекс Карты
              </AppLink>
              {", "}
              <AppLink to={office.map.links.twoGis} external>
                2ГИС
              </AppLink>
            </figcaption>
          </figure>
        ) : null}
      </section>
    </StaticPageView>
  );
}
