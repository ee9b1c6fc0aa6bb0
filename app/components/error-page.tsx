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
