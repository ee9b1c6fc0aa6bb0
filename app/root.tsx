import { useEffect } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useNavigation,
  type ShouldRevalidateFunction,
} from "react-router";
import type { Route } from "./+types/root";
import { siteCityTitle } from "./features/city/city.ts";
import { recordNavigationTarget } from "./lib/chunk-reload.ts";
import { useRootData } from "./lib/root-data.ts";
import { RoutePreloads } from "./lib/navigation.tsx";
import { DefaultLayout } from "./layouts/default.tsx";
import { RouteErrorPage } from "./components/error-page.tsx";
import { ProgressBar } from "./components/progress-bar.tsx";
import { COATING_PRICE_ACTION } from "./features/coating/coating-form.ts";
import { SITE_NAME } from "./lib/seo.ts";
import { shellData } from "./lib/shell.server.tsx";
import { sessionUser } from "./features/auth/session-user.server.ts";
import { AUTH_ACTIONS } from "./features/auth/auth-forms.ts";
import { MetrikaPixel, MetrikaTag, useMetrika } from "./components/metrika.tsx";
import { useAccountSync } from "./features/account/use-account-sync.ts";
import stylesHref from "./styles/app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesHref },
  { rel: "icon", href: "/favicon.ico", sizes: "48x48" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

/** Error answers keep their headers (503's Retry-After). */
export const headers: Route.HeadersFunction = ({ errorHeaders, loaderHeaders }) => errorHeaders ?? loaderHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const [init, session] = await Promise.all([context.content.init(), sessionUser(context)]);
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
    nonce: context.nonce,
    /** §9 Yandex Metrika counter (METRIKA_ID): the one configuration value the browser gets. */
    metrikaId: context.metrikaId,
  };
}

/**
 * Menus and contacts change rarely: plain navigations keep the root data, and so does the live
 * print-price calculator; other actions (city switch, login, logout) refresh it: the header shows
 * the user.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, formAction, defaultShouldRevalidate }) => {
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
  // §4: logged-in visitors' favourites, comparison, cart and search history live on the server (ADR 034).
  useAccountSync();
  return (
    <>
      <ProgressBar active={navigation.state !== "idle"} />
      <RoutePreloads />
      {/* The page inside its layout route (routes.ts: default, kp, search, simple, user). */}
      <Outlet />
    </>
  );
}

/** Errors no layout route caught (the 404 of any path, a failed root loader). */
export function ErrorBoundary() {
  const root = useRootData();
  // Inside the normal site layout when the shell's data is there (§2).
  return root ? (
    <DefaultLayout>
      <RouteErrorPage />
    </DefaultLayout>
  ) : (
    <RouteErrorPage />
  );
}

export function meta({ error }: Route.MetaArgs) {
  return [{ title: error ? `Страница не найдена | ${SITE_NAME}` : SITE_NAME }];
}
