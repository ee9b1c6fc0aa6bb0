/** The account lists' order picker (a GET form: works without JavaScript) and page links. */
import { Form, useSubmit } from "react-router";
import { PageLinks } from "#app/features/catalog/listing/pagination.tsx";
import { listSearch, type SortOption } from "./lists.ts";

/** `keep`: other query values the list keeps when its order changes (e.g. hidden=1). */
export function SortForm({ sorts, sort, label = "Порядок", keep = {} }: { sorts: readonly SortOption<string>[]; sort: string; label?: string; keep?: Record<string, string> }) {
  const submit = useSubmit();
  return (
    <Form method="get" className="list-sort" preventScrollReset>
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="list-sort__label" htmlFor="list-sort">
        {label}
      </label>
      <select
        id="list-sort"
        name="sort"
        className="field__input"
        defaultValue={sort}
        // With JavaScript the choice applies at once; the button is for the form without it.
        onChange={(e) => void submit(e.currentTarget.form, { preventScrollReset: true })}
      >
        {sorts.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="button button--small">
          Показать
        </button>
      </noscript>
    </Form>
  );
}

export function ListPages({ path, page, pageCount, sort, sorts }: { path: string; page: number; pageCount: number; sort: string; sorts: readonly SortOption<string>[] }) {
  return <PageLinks page={page} pageCount={pageCount} href={(n) => `${path}${listSearch(n, sort, sorts[0].value)}`} />;
}
