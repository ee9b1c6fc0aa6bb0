/**
 * The header's suggestions (issue 18, ADR 029), loaded lazily by app/features/search/search-box.tsx on
 * the first focus of the field. WAI-ARIA combobox pattern (list autocomplete): the field keeps
 * the focus, `aria-activedescendant` names the active option of the listbox.
 *
 * - typing (≥ 2 characters, debounced): products with picture and price, categories with their
 *   breadcrumbs, brands and "Показать все результаты", from /search/suggest (a fetcher);
 * - the empty field: the recent queries (history), each removable, and "Очистить историю";
 * - ArrowDown/ArrowUp move (wrapping through the field), Enter opens the active option or submits
 *   the form, Escape closes the list and then clears the field, Tab, a click outside or leaving
 *   the form closes it; Shift+Delete removes the active history entry.
 */
import { useEffect, useState, type KeyboardEvent, type RefObject } from "react";
import { useFetcher, useNavigate } from "react-router";
import { formatPrice } from "#app/features/catalog/price.ts";
import type { ComboKeyHandler, ComboState } from "#app/features/search/search-box.tsx";
import { normalizeSearchText } from "./search-text.ts";
import type { SuggestionsView } from "./search-view.ts";
import { useSearchHistory } from "#app/features/shopping/personal-state.tsx";
import { quoted } from "#contract/quotes.ts";
import {
  historyGroup,
  LISTBOX_ID,
  MIN_SUGGEST_LENGTH,
  moveActive,
  SUGGEST_DEBOUNCE_MS,
  suggestionGroups,
  suggestUrl,
  type SuggestGroup,
  type SuggestOption,
} from "./suggest.ts";

interface AutocompleteProps {
  /** The field's current text. */
  value: string;
  inputRef: RefObject<HTMLInputElement | null>;
  formRef: RefObject<HTMLFormElement | null>;
  setText(text: string): void;
  onCombo(state: ComboState): void;
  keys: { current: ComboKeyHandler | null };
}

const TITLE_ID = `${LISTBOX_ID}-title`;

export default function Autocomplete({ value, inputRef, formRef, setText, onCombo, keys }: AutocompleteProps) {
  const navigate = useNavigate();
  const fetcher = useFetcher<SuggestionsView>();
  const load = fetcher.load;
  const searchHistory = useSearchHistory();
  const history = searchHistory.list;
  const text = normalizeSearchText(value);
  const wantsSuggestions = text.length >= MIN_SUGGEST_LENGTH;

  // Mounted on the first focus: the field has it.
  const [focused, setFocused] = useState(true);
  // The text the list was closed at (Escape, a choice): it opens again when the text changes.
  const [closedAt, setClosedAt] = useState<string | null>(null);
  // The active option, for the list it was chosen in (a new list starts with none).
  const [active, setActive] = useState<{ list: string; index: number }>({ list: "", index: -1 });

  // Only while the field has the focus: a submit (which blurs it) within the pause asks nothing.
  useEffect(() => {
    if (!wantsSuggestions || !focused) return;
    const timer = setTimeout(() => load(suggestUrl(text)), SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, wantsSuggestions, focused, load]);

  // Focus leaving the form (Tab, a click elsewhere) closes the list; coming back opens it (also
  // after Escape or a choice).
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const onFocusIn = () => {
      setFocused(true);
      setClosedAt(null);
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node && form.contains(event.relatedTarget))) setFocused(false);
    };
    form.addEventListener("focusin", onFocusIn);
    form.addEventListener("focusout", onFocusOut);
    return () => {
      form.removeEventListener("focusin", onFocusIn);
      form.removeEventListener("focusout", onFocusOut);
    };
  }, [formRef]);

  const suggestions = fetcher.data;
  const mode: "history" | "suggestions" | "none" = text === "" ? "history" : wantsSuggestions ? "suggestions" : "none";
  const groups: SuggestGroup[] =
    mode === "history" ? historyGroup(history) : mode === "suggestions" && suggestions && suggestions.text ? suggestionGroups(suggestions) : [];
  const options = groups.flatMap((g) => g.options);
  const listKey = mode === "history" ? `history:${history.join("\n")}` : `suggest:${suggestions?.text ?? ""}`;
  const activeIndex = active.list === listKey && active.index < options.length ? active.index : -1;
  const open = focused && closedAt !== value;
  const expanded = open && options.length > 0;
  const nothingFound = open && mode === "suggestions" && suggestions?.text === text && options.length === 0 && fetcher.state === "idle";
  const activeId = expanded ? options[activeIndex]?.id : undefined;

  useEffect(() => {
    onCombo({ expanded, activeId, ready: true });
  }, [expanded, activeId, onCombo]);

  const close = () => setClosedAt(value);

  const choose = (option: SuggestOption) => {
    if (option.kind === "history") searchHistory.add(option.title);
    else searchHistory.add(text);
    // A search page shows its query in the field; other pages start with an empty one.
    if (option.kind === "history") setText(option.title);
    else if (option.kind !== "all") setText("");
    close();
    inputRef.current?.blur();
    navigate(option.href);
  };

  const removeHistory = (query: string) => {
    searchHistory.remove(query);
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault();
        if (!expanded) {
          setClosedAt(null);
          setFocused(true);
          if (options.length && !event.altKey) setActive({ list: listKey, index: event.key === "ArrowDown" ? 0 : options.length - 1 });
          return;
        }
        setActive({ list: listKey, index: moveActive(activeIndex, options.length, event.key === "ArrowDown" ? 1 : -1) });
        return;
      }
      case "Enter": {
        const option = expanded ? options[activeIndex] : undefined;
        if (option) {
          event.preventDefault();
          choose(option);
        }
        // Otherwise the form submits.
        return;
      }
      case "Escape": {
        // Also stops the browser's own clearing of a search field at the first Escape.
        event.preventDefault();
        if (expanded || nothingFound) close();
        else if (value) setText("");
        return;
      }
      case "Delete": {
        const option = expanded ? options[activeIndex] : undefined;
        if (event.shiftKey && option?.kind === "history") {
          event.preventDefault();
          searchHistory.remove(option.title);
        }
        return;
      }
      case "Tab":
        close();
        return;
      default:
    }
  };
  useEffect(() => {
    keys.current = onKeyDown;
  });

  // A click into the field after Escape opens the list again.
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const reopen = () => setClosedAt(null);
    input.addEventListener("click", reopen);
    return () => input.removeEventListener("click", reopen);
  }, [inputRef]);

  return (
    // The field keeps the focus while the list is clicked (so the click does not close it first).
    <div className="search-suggest" hidden={!expanded && !nothingFound} onMouseDown={(event) => event.preventDefault()}>
      {mode === "history" ? (
        <p className="search-suggest__title" id={TITLE_ID}>
          Вы искали
        </p>
      ) : null}
      <div className={mode === "history" ? "search-suggest__history" : undefined}>
        <div
          role="listbox"
          id={LISTBOX_ID}
          className="search-suggest__list"
          aria-labelledby={mode === "history" ? TITLE_ID : undefined}
          aria-label={mode === "history" ? undefined : "Подсказки поиска"}
        >
          {groups.map((group) =>
            group.title && mode !== "history" ? (
              <div role="group" key={group.key} aria-label={group.title} className="search-suggest__group">
                <div className="search-suggest__group-title" aria-hidden="true">
                  {group.title}
                </div>
                {group.options.map((option) => (
                  <Option key={option.id} option={option} active={option.id === activeId} onChoose={choose} />
                ))}
              </div>
            ) : (
              group.options.map((option) => <Option key={option.id} option={option} active={option.id === activeId} onChoose={choose} />)
            ),
          )}
        </div>
        {mode === "history" && options.length > 0 ? (
          // Beside the options, one per row: a listbox may hold nothing but options.
          <ul className="search-suggest__removes">
            {history.map((query) => (
              <li key={query}>
                <button type="button" className="search-suggest__remove" tabIndex={-1} aria-label={`Удалить ${quoted(query)} из истории`} onClick={() => removeHistory(query)}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {mode === "history" && options.length > 0 ? (
        <button
          type="button"
          className="search-suggest__clear"
          tabIndex={-1}
          onClick={() => {
            searchHistory.clear();
            inputRef.current?.focus();
          }}
        >
          Очистить историю
        </button>
      ) : null}
      {nothingFound ? (
        <p className="search-suggest__none" role="status">
          Ничего не нашлось. Нажмите «Найти», чтобы искать по всему каталогу.
        </p>
      ) : null}
    </div>
  );
}

function Option({ option, active, onChoose }: { option: SuggestOption; active: boolean; onChoose(option: SuggestOption): void }) {
  return (
    <div
      role="option"
      id={option.id}
      aria-selected={active}
      className={`search-suggest__option search-suggest__option--${option.kind}${active ? " search-suggest__option--active" : ""}`}
      onClick={() => onChoose(option)}
    >
      {option.kind === "product" ? (
        <>
          <img className="search-suggest__image" src={option.image} alt="" width={44} height={44} loading="lazy" decoding="async" />
          <span className="search-suggest__text">
            <span className="search-suggest__name">{option.title}</span>
            {option.price > 0 ? <span className="search-suggest__meta">от {formatPrice(option.price)}</span> : null}
          </span>
        </>
      ) : option.kind === "category" ? (
        <span className="search-suggest__text">
          {option.crumbs.length ? <span className="search-suggest__meta">{option.crumbs.join(" / ")}</span> : null}
          <span className="search-suggest__name">{option.title}</span>
        </span>
      ) : option.kind === "all" ? (
        <span className="search-suggest__name">
          {option.title}
          {option.count > 0 ? <span className="search-suggest__meta"> ({option.count})</span> : null}
        </span>
      ) : (
        <span className="search-suggest__name">{option.title}</span>
      )}
    </div>
  );
}
