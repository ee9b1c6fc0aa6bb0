import { useEffect, useState } from "react";
import { Form, useFetcher } from "react-router";
import type { loader } from "#app/routes/city-from-ip.ts";

/** The resource route of the suggestion (routes/city-from-ip.ts). */
export const CITY_FROM_IP_PATH = "/city/from-ip";
/** This tab's answer, so another page (another layout) does not ask again. */
const STORAGE_KEY = "tmg_city_from_ip";

type Suggestion = { id: number; title: string };

/** The suggestion this tab was given for this city, undefined when it has not asked yet. */
function savedSuggestion(cityId: number): Suggestion | null | undefined {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? "null") as { cityId?: unknown; suggestion?: Suggestion | null } | null;
    if (!saved || saved.cityId !== cityId) return undefined;
    const s = saved.suggestion;
    return s && typeof s.id === "number" && typeof s.title === "string" ? { id: s.id, title: s.title } : null;
  } catch {
    return undefined;
  }
}

function saveSuggestion(cityId: number, suggestion: Suggestion | null) {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ cityId, suggestion }));
  } catch {
    // Storage full or denied: the next page asks again (the server's answer is cached per address).
  }
}

/**
 * "Ваш город — Москва?" under the header's city picker (ADR 062): the city DaData finds for the
 * visitor's IP, when it is another of the shop's cities than the current one. Rendered by
 * `CitySuggestionSlot` after hydration, only when the shop has a DaData key and the visitor has not
 * answered yet (the `cityAsked` cookie): the page itself (cached, shared) never carries it. "Да" is the city
 * switch's own form (POST /city: the msk. host for Москва, the cookie otherwise); "Выбрать
 * другой" remembers the answer and opens the picker. Without JavaScript nothing is shown: the
 * picker is there.
 */
export function CitySuggestion({ cityId, redirectTo, onChooseOther }: { cityId: number; redirectTo: string; onChooseOther: () => void }) {
  const fetcher = useFetcher<typeof loader>();
  const dismiss = useFetcher();
  const [suggestion, setSuggestion] = useState<Suggestion | null>(null);
  const [closed, setClosed] = useState(false);
  const load = fetcher.load;

  useEffect(() => {
    const saved = savedSuggestion(cityId);
    if (saved !== undefined) setSuggestion(saved);
    else void load(CITY_FROM_IP_PATH);
  }, [cityId, load]);

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    // §8's synthetic 400 (DaData failed, or no city of the shop) asks nothing, and nothing again in this tab.
    const found = answer.status === 200 ? answer.suggestion : null;
    saveSuggestion(cityId, found);
    setSuggestion(found);
  }, [fetcher.data, cityId]);

  if (!suggestion || closed) return null;
  const chooseOther = () => {
    setClosed(true);
    saveSuggestion(cityId, null);
    void dismiss.submit(null, { method: "post", action: CITY_FROM_IP_PATH, defaultShouldRevalidate: false });
    onChooseOther();
  };
  return (
    <div className="city-suggestion" role="dialog" aria-labelledby="city-suggestion-question">
      <p className="city-suggestion__question" id="city-suggestion-question">
        Ваш город — <strong>{suggestion.title}</strong>?
      </p>
      <div className="city-suggestion__actions">
        <Form reloadDocument method="post" action="/city">
          <input type="hidden" name="cityId" value={suggestion.id} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button type="submit" className="button city-suggestion__yes">
            Да
          </button>
        </Form>
        <button type="button" className="city-suggestion__other" onClick={chooseOther}>
          Выбрать другой
        </button>
      </div>
    </div>
  );
}
