import { useEffect } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useNavigation,
  useRouteError,
  type ShouldRevalidateFunction,
} from "react-router";
import type { Route } from "./+types/root";
import { siteCityTitle } from "./lib/city.ts";
import { recordNavigationTarget } from "./lib/chunk-reload.ts";
import { useRootData } from "./lib/root-data.ts";
import { RoutePreloads } from "./lib/navigation.tsx";
import { DefaultLayout } from "./layouts/default.tsx";
import { RouteErrorPage } from "./components/error-page.tsx";
import { ProgressBar } from "./components/progress-bar.tsx";
import { COATING_PRICE_ACTION } from "./features/coating/coating-action.ts";
import { SITE_NAME } from "./lib/seo.ts";
import { shellData } from "./layouts/parts/shell.server.tsx";
import { sessionUser } from "./features/auth/session-user.server.ts";
import { AUTH_ACTIONS } from "./features/auth/auth-forms.ts";
import { MetrikaPixel, MetrikaTag, useMetrika } from "./components/metrika.tsx";
import { reportBoundaryError, startBrowserErrorReporting } from "./lib/error-reporting.client.ts";
import { PersonalStateProvider } from "./features/shopping/personal-state.tsx";
import { loadPersonal } from "./features/shopping/personal.server.ts";
import { nowOrLater, SECONDARY_DATA_WAIT_MS, settledWithin } from "./lib/defer.server.ts";
import stylesHref from "./styles/app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesHref },
  { rel: "icon", href: "/favicon.ico", sizes: "48x48" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

/** Error answers keep their headers (503's Retry-After). */
export const headers: Route.HeadersFunction = ({ errorHeaders, loaderHeaders }) => errorHeaders ?? loaderHeaders;

export async function loader({ context, request }: Route.LoaderArgs) {
  const [init, session] = await Promise.all([context.content.init(), sessionUser(context)]);
  // §4, ADR 045: a logged-in visitor's lists, cart and search history (never page-cached). A
  // document request streams them when they take longer than a moment (the first byte does not
  // wait); a revalidation (after a change, on focus) waits, so the page never shows them older.
  const personal = session.signedIn ? loadPersonal(context) : null;
  const streamed = personal && request.headers.get("Sec-Fetch-Dest") === "document" ? nowOrLater(await settledWithin(personal, SECONDARY_DATA_WAIT_MS), personal) : await personal;
  const { menu, footer, contacts } = shellData(init, context.city);
  return {
    city: context.city,
    cities: context.cities.map(({ id, title, domainPrefix }) => ({ id, title, domainPrefix })),
    siteCityTitle: siteCityTitle(context.city.id),
    menu,
    footer,
    contacts,
    minimalOrderPrice: init.minimalOrderPrice,
    origin: context.originForCity(context.city),
    /** The visitor's session (§4): the user when the token cookie names one; a failed refresh is anonymous. */
    isAuthenticated: session.signedIn,
    user: session.user,
    personal: streamed,
    nonce: context.nonce,
    /** §9 Yandex Metrika counter (METRIKA_ID): the one configuration value the browser gets. */
    metrikaId: context.metrikaId,
    /** Error reporting (SENTRY_DSN, ADR 058): the public DSN, release and environment; null = off. */
    errorReporting: context.errorReporting,
    /** The header asks /city/from-ip for a city after hydration (DADATA_API_KEY, ADR 062); the same for every visitor. */
    detectCity: context.locateVisitor !== null,
  };
}

/**
 * Menus and contacts change rarely: plain navigations keep the root data, and so does the live
 * print-price calculator; other actions (city switch, login, logout, a change of a logged-in
 * visitor's lists or cart) refresh it: the header shows the user and the personal state (ADR 045),
 * and so does an explicit revalidation (a logged-in tab coming back to the front).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, formAction, currentUrl, nextUrl, defaultShouldRevalidate }) => {
  if (formMethod === undefined && currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  if (formMethod === undefined || formMethod === "GET") return false;
  // Login, signup and logout change who the header shows (a refused form changes nothing: 4xx).
  if (formAction && AUTH_ACTIONS.test(formAction)) return defaultShouldRevalidate;
  if (formAction === COATING_PRICE_ACTION) return false;
  return defaultShouldRevalidate;
};

/** The document: lang="ru", nonce on every script the framework writes. */
export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const nonce = root?.nonce;
  const metrikaId = root?.metrikaId ?? null;
  useMetrika(metrikaId);
  // Error reporting (SENTRY_DSN, ADR 058): the SDK's chunk loads after hydration, only when configured.
  const errorReporting = root?.errorReporting ?? null;
  useEffect(() => startBrowserErrorReporting(errorReporting), [errorReporting]);
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {metrikaId !== null ? <MetrikaTag id={metrikaId} nonce={nonce} /> : null}
      </head>
      <body>
        {metrikaId !== null ? <MetrikaPixel id={metrikaId} /> : null}
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const navigation = useNavigation();
  const target = navigation.location ? navigation.location.pathname + navigation.location.search : null;
  useEffect(() => {
    recordNavigationTarget(window.sessionStorage, target);
  }, [target]);
  return (
    // §4, ADR 045: favourites, comparison, cart and search history: the guest's local storage or the logged-in visitor's loader data.
    <PersonalStateProvider>
      <ProgressBar active={navigation.state !== "idle"} />
      <RoutePreloads />
      {/* The page inside its layout route (routes.ts: default, kp, search, simple, user). */}
      <Outlet />
    </PersonalStateProvider>
  );
}

/** Errors no layout route caught (the 404 of any path, a failed root loader). */
export function ErrorBoundary() {
  const root = useRootData();
  const error = useRouteError();
  useEffect(() => reportBoundaryError(error), [error]);
  // Inside the normal site layout when the shell's data is there (§2).
  return root ? (
    <PersonalStateProvider>
      <DefaultLayout>
        <RouteErrorPage />
      </DefaultLayout>
    </PersonalStateProvider>
  ) : (
    <RouteErrorPage />
  );
}

export function meta({ error }: Route.MetaArgs) {
  return [{ title: error ? `Страница не найдена | ${SITE_NAME}` : SITE_NAME }];
}
