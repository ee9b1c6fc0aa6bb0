import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { MAX_SEARCH_TEXT, normalizeSearchText, plainSearchPath, SEARCH_PATH, searchTextOf } from "#app/features/search/search-text.ts";
import { INPUT_ID, LISTBOX_ID } from "#app/features/search/suggest.ts";
import { useSearchHistory } from "#app/features/shopping/personal-state.tsx";

/**
 * The suggestions (issue 18, ADR 029) load on the first focus of the field: the header is on every
 * page, and most visits never search.
 */
const Autocomplete = lazy(() => import("#app/features/search/autocomplete.tsx"));

/** What the suggestions tell the field (WAI-ARIA combobox attributes). */
export interface ComboState {
  expanded: boolean;
  activeId: string | undefined;
  /** The listbox exists (aria-controls may point at it). */
  ready: boolean;
}

export type ComboKeyHandler = (event: KeyboardEvent<HTMLInputElement>) => void;

/**
 * Header search: a GET form to /search, so it works without JavaScript (the page redirects to the
 * canonical search path). With JavaScript the field is a combobox with suggestions and history,
 * and a submit goes straight to the canonical path.
 */
export function SearchBox() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const history = useSearchHistory();
  // On a search page the field shows its query.
  const pageText = searchTextOf(pathname);
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const keys = useRef<ComboKeyHandler | null>(null);
  const [value, setValue] = useState(pageText);
  const [hydrated, setHydrated] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [combo, setCombo] = useState<ComboState>({ expanded: false, activeId: undefined, ready: false });

  useEffect(() => setHydrated(true), []);

  // Another page's query replaces the field's text (not on the first render: what was typed before
  // hydration stays).
  const shownFor = useRef(pageText);
  useEffect(() => {
    if (shownFor.current === pageText) return;
    shownFor.current = pageText;
    if (inputRef.current) inputRef.current.value = pageText;
    setValue(pageText);
  }, [pageText]);

  const setText = useCallback((text: string) => {
    if (inputRef.current) inputRef.current.value = text;
    setValue(text);
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = normalizeSearchText(inputRef.current?.value ?? "");
    if (text) history.add(text);
    // Closes the list and, on phones, the keyboard.
    inputRef.current?.blur();
    navigate(text ? plainSearchPath(text) : SEARCH_PATH);
  };

  return (
    <form ref={formRef} className="search-box" role="search" method="get" action={SEARCH_PATH} onSubmit={onSubmit}>
      <label className="visually-hidden" htmlFor={INPUT_ID}>
        Поиск по каталогу
      </label>
      <input
        ref={inputRef}
        id={INPUT_ID}
        name="text"
        type="search"
        placeholder="Поиск товаров"
        autoComplete="off"
        maxLength={MAX_SEARCH_TEXT}
        defaultValue={pageText}
        role={hydrated ? "combobox" : undefined}
        aria-expanded={hydrated ? combo.expanded : undefined}
        aria-controls={combo.ready ? LISTBOX_ID : undefined}
        aria-autocomplete={hydrated ? "list" : undefined}
        aria-activedescendant={combo.expanded ? combo.activeId : undefined}
        onFocus={() => setWanted(true)}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => keys.current?.(event)}
      />
      <button type="submit" aria-label="Найти">
        <Icon name="search" size={20} />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <Autocomplete value={value} inputRef={inputRef} formRef={formRef} setText={setText} onCombo={setCombo} keys={keys} />
        </Suspense>
      ) : null}
    </form>
  );
}
