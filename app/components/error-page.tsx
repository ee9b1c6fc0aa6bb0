import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { useRootData } from "#app/lib/root-data.ts";
import { EmptyResults, type EmptyResultsProps } from "./empty-results.tsx";

/**
 * §2 error page: the 404 image, "Похоже, что такой страницы не существует.", the empty-results
 * block and a large primary button "На главную" linking to /.
 */
export function ErrorPage({ message, contacts }: { message?: string; contacts?: EmptyResultsProps }) {
  return (
    <section className="error-page" aria-labelledby="error-title">
      <img className="error-page__image" src="/images/404.svg" width="360" height="160" alt="404" />
      <h1 id="error-title" className="error-page__title">
        Похоже, что такой страницы не существует.
      </h1>
      {message ? <p className="error-page__message">{message}</p> : null}
      <EmptyResults {...contacts} />
      <a className="button button--primary button--large" href="/">
        На главную
      </a>
    </section>
  );
}

/** Shown when hydration itself fails (§4): the same page, without the shell's data. */
export function MountErrorPage() {
  return (
    <main className="container">
      <ErrorPage />
    </main>
  );
}

/**
 * The error page of an error boundary (the root's, a layout route's): the 404 text or the
 * thrown response's message, and the contacts when the shell's data is there.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  let message = `Page not found: ${location.pathname}`;
  if (isRouteErrorResponse(error)) {
    if (typeof error.data === "string" && error.data) message = error.data;
  } else if (error instanceof Error) {
    console.error(error);
    message = error.message;
  }
  const root = useRootData();
  const contacts = root ? { phone: root.contacts.phone, email: root.contacts.email, cityTitle: root.siteCityTitle } : undefined;
  return <ErrorPage message={message} contacts={contacts} />;
}
