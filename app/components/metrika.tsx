/**
 * Yandex Metrika (§9, ADR 032), only when METRIKA_ID is set (the root loader passes the id; nothing
 * is rendered otherwise, and the CSP then names no Yandex host).
 *
 * - `MetrikaTag`: the official asynchronous loader of https://mc.yandex.ru/metrika/tag.js and
 *   `ym(id, "init")`, inline with the request's CSP nonce (under 'strict-dynamic' the script it
 *   inserts is trusted through it). init counts the first page view.
 * - `useMetrika`: a `hit` for every client-side navigation after that, and the §9 goals that are
 *   not tied to one component, from one set of document listeners: tel: links (`telephone`), help
 *   links (`help`), and the filter panels' open and click events, found by their
 *   `data-filter-goal` attribute (app/features/catalog/listing/*).
 */
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { filterGoal, setMetrikaCounter, trackGoal, trackHit } from "#app/lib/analytics.ts";

export const METRIKA_TAG_URL = "https://mc.yandex.ru/metrika/tag.js";

/** The loader from Metrika's own snippet, with the counter's options (no Webvisor: it records what people type). */
export function metrikaSnippet(id: number): string {
  return [
    "(function(m,e,t,r,i,k,a){m[i]=m[i]||function(){(m[i].a=m[i].a||[]).push(arguments)};m[i].l=1*new Date();",
    "for(var j=0;j<document.scripts.length;j++){if(document.scripts[j].src===r){return;}}",
    "k=e.createElement(t),a=e.getElementsByTagName(t)[0],k.async=1,k.src=r,a.parentNode.insertBefore(k,a)})",
    `(window,document,"script",${JSON.stringify(METRIKA_TAG_URL)},"ym");`,
    `ym(${Number(id)},"init",{clickmap:true,trackLinks:true,accurateTrackBounce:true});`,
  ].join("");
}

export function MetrikaTag({ id, nonce }: { id: number; nonce: string | undefined }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: metrikaSnippet(id) }} />;
}

/** Without JavaScript the counter's pixel still counts the visit (Metrika's own noscript). */
export function MetrikaPixel({ id }: { id: number }) {
  return (
    <noscript>
      <div>
        <img src={`https://mc.yandex.ru/watch/${Number(id)}`} style={{ position: "absolute", left: "-9999px" }} alt="" />
      </div>
    </noscript>
  );
}

/** Help: the FAQ, a letter to the shop, or anything marked `data-goal="help"`. */
const HELP_TARGET = '[data-goal="help"], a[href^="mailto:"], a[href="/faq"]';

export function useMetrika(id: number | null) {
  const location = useLocation();
  const url = location.pathname + location.search + location.hash;
  const previous = useRef<string | null>(null);
  /** Filters already "opened" on this page (each counts once per page view). */
  const opened = useRef(new Set<string>());

  useEffect(() => {
    setMetrikaCounter(id);
    if (id === null) return;
    const filterOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLElement>("[data-filter-goal]") : null);
    const open = (event: Event) => {
      const key = filterOf(event.target)?.dataset.filterGoal;
      if (!key || opened.current.has(key)) return;
      opened.current.add(key);
      const goal = filterGoal(key, "open");
      if (goal) trackGoal(goal);
    };
    const click = (event: MouseEvent) => {
      if (!(event.target instanceof Element)) return;
      if (event.target.closest('a[href^="tel:"]')) trackGoal("telephone");
      else if (event.target.closest(HELP_TARGET)) trackGoal("help");
      const option = event.target.closest("a.facet__option");
      const key = option ? filterOf(option)?.dataset.filterGoal : undefined;
      const goal = key ? filterGoal(key, "click") : null;
      if (goal) trackGoal(goal);
    };
    const submit = (event: SubmitEvent) => {
      const key = event.target instanceof HTMLFormElement ? event.target.dataset.filterGoal : undefined;
      const goal = key ? filterGoal(key, "click") : null;
      if (goal) trackGoal(goal);
    };
    // Capture: React Router's links and forms stop nothing, but a handler further down might.
    document.addEventListener("pointerdown", open, true);
    document.addEventListener("focusin", open, true);
    document.addEventListener("click", click, true);
    document.addEventListener("submit", submit, true);
    return () => {
      document.removeEventListener("pointerdown", open, true);
      document.removeEventListener("focusin", open, true);
      document.removeEventListener("click", click, true);
      document.removeEventListener("submit", submit, true);
      setMetrikaCounter(null);
    };
  }, [id]);

  useEffect(() => {
    if (id === null) return;
    const before = previous.current;
    previous.current = url;
    // The first page view is init's; a hash change inside a page is not a new page.
    if (before === null || before.split("#")[0] === url.split("#")[0]) return;
    opened.current.clear();
    trackHit(window.location.origin + url, window.location.origin + before);
  }, [id, url]);
}
