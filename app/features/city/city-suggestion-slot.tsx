import { lazy, Suspense, useEffect, useState } from "react";
import { CITY_ASKED_COOKIE } from "#app/lib/city.ts";

/** The suggestion's own chunk: a shop without DADATA_API_KEY, or a visitor who answered, never downloads it. */
const CitySuggestion = lazy(() => import("./city-suggestion.tsx").then((m) => ({ default: m.CitySuggestion })));

/** Whether the visitor answered the city question already (the cookie is readable on purpose). */
function answered(): boolean {
  return document.cookie.split(/;\s*/).some((pair) => pair.startsWith(`${CITY_ASKED_COOKIE}=`));
}

/**
 * Where "Ваш город — …?" appears (ADR 062): nothing on the server and in the first render (the
 * page is shared), then, only when the shop has a DaData key (`enabled`) and the visitor has not
 * answered yet, the suggestion's lazily loaded component.
 */
export function CitySuggestionSlot(props: { enabled: boolean; cityId: number; redirectTo: string; onChooseOther: () => void }) {
  const [ask, setAsk] = useState(false);
  useEffect(() => {
    if (props.enabled && !answered()) setAsk(true);
  }, [props.enabled]);
  if (!props.enabled || !ask) return null;
  return (
    <Suspense fallback={null}>
      <CitySuggestion cityId={props.cityId} redirectTo={props.redirectTo} onChooseOther={props.onChooseOther} />
    </Suspense>
  );
}
