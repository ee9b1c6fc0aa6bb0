/**
 * The shop's one navigation helper: `<AppLink>` is React Router's `<Link>` with the two rules of
 * §8/§9 that the framework leaves to the app.
 * - §9: route preloads (`prefetch="intent"`: the route's modules and data, fetched while the
 *   pointer rests on a link or it has focus) run at most 4 at a time, and never on slow-2g or with
 *   Save-Data on.
 * - §8: navigation to an external URL without the explicit `external` option, or to a
 *   script-protocol URL, is refused: such a link renders as plain text.
 */
import { useEffect, useSyncExternalStore, type FocusEvent, type MouseEvent, type ReactNode, type TouchEvent } from "react";
import { Link, PrefetchPageLinks, useLocation, type LinkProps } from "react-router";

/** §9: simultaneous route preloads. */
export const MAX_PRELOADS = 4;
/** How long the pointer must rest on a link before it preloads (React Router's own delay). */
const INTENT_DELAY_MS = 100;

/** A path of this site: "/…" (not "//host"), "?…" or "#…"; no backslashes or control characters. */
export function isInternalPath(to: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /^(\/(?![/\\])|[?#])/.test(to) && !/[\\\u0000-\u001f\u007f]/.test(to);
}

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** §9: no preloads on slow 2g or with the data saver on. */
export function preloadsAllowed(connection: NetworkInformation | undefined): boolean {
  return !connection?.saveData && connection?.effectiveType !== "slow-2g";
}

/**
 * The route preloads wanted now, in intent order: at most MAX_PRELOADS of them are rendered (by
 * `<RoutePreloads>`, once, in the root), each as React Router's `<PrefetchPageLinks>`. A store
 * rather than state in every link, so a link costs no more than React Router's own `<Link>`.
 */
const preloads = new Map<object, string>();
const listeners = new Set<() => void>();
let snapshot: readonly string[] = [];

function publish() {
  snapshot = [...new Set(preloads.values())];
  for (const listener of listeners) listener();
}

/** Takes a preload slot for `holder` (one link's intent); false when all are taken or the network says no. */
export function takePreloadSlot(holder: object, page = "", connection = browserConnection()): boolean {
  if (preloads.has(holder)) return true;
  if (preloads.size >= MAX_PRELOADS || !preloadsAllowed(connection)) return false;
  preloads.set(holder, page);
  if (page) publish();
  return true;
}

export function releasePreloadSlot(holder: object): void {
  if (preloads.delete(holder)) publish();
}

function browserConnection(): NetworkInformation | undefined {
  return typeof navigator === "undefined" ? undefined : (navigator as Navigator & { connection?: NetworkInformation }).connection;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const NONE: readonly string[] = [];

/**
 * Every preload and pending intent ends with a navigation: the link that took a slot may be gone
 * from the page without a mouseleave or blur (a click that navigated, a touch), and its slot with it.
 */
export function releaseAllPreloads(): void {
  for (const timer of intents.values()) clearTimeout(timer);
  intents.clear();
  if (preloads.size > 0) {
    preloads.clear();
    publish();
  }
}

/** Rendered once in the root: the route preloads of the links the visitor is about to follow. */
export function RoutePreloads() {
  const pages = useSyncExternalStore(subscribe, () => snapshot, () => NONE);
  const { key } = useLocation();
  useEffect(() => releaseAllPreloads, [key]);
  return (
    <>
      {pages.map((page) => (
        <PrefetchPageLinks key={page} page={page} />
      ))}
    </>
  );
}

/** Pending intents (hover, focus, touch) of links, by element: the 100 ms wait before preloading. */
const intents = new Map<Element, ReturnType<typeof setTimeout>>();

function intentOn(element: Element, page: string) {
  if (intents.has(element) || preloads.has(element)) return;
  intents.set(
    element,
    setTimeout(() => {
      intents.delete(element);
      // A link that left the page meanwhile preloads nothing.
      if (element.isConnected) takePreloadSlot(element, page);
    }, INTENT_DELAY_MS),
  );
}

function intentOff(element: Element) {
  clearTimeout(intents.get(element));
  intents.delete(element);
  releasePreloadSlot(element);
}

export type AppLinkProps = Omit<LinkProps, "to" | "prefetch" | "reloadDocument"> & {
  to: string;
  /** An http(s) URL of another site is followed only with this (§8); it opens as a plain link. */
  external?: boolean;
  /** "intent" (default): preload on hover/focus/touch, within the §9 limits. */
  prefetch?: "intent" | "none";
  /** A full document load (e.g. a page on the other regional host). */
  reloadDocument?: boolean;
  children?: ReactNode;
};

/**
 * A link. Internal paths are React Router links (client navigation, preload on intent); external
 * http(s) URLs with `external` are plain anchors; anything else is refused and rendered as text.
 */
export function AppLink({ to, external, prefetch = "intent", children, ...rest }: AppLinkProps) {
  if (!isInternalPath(to)) {
    // Only what an anchor knows: React Router's own options mean nothing here.
    const { replace: _r, state: _s, preventScrollReset: _p, relative: _rel, viewTransition: _v, discover: _d, reloadDocument: _rd, ...anchor } = rest;
    if (external && /^https?:\/\//i.test(to)) {
      return (
        <a {...anchor} href={to} rel="noopener noreferrer">
          {children}
        </a>
      );
    }
    // §8: refused — the text stays, the link does not.
    const { className, title, id } = anchor;
    return (
      <span className={className} title={title} id={id}>
        {children}
      </span>
    );
  }
  if (prefetch === "intent" && !rest.reloadDocument) {
    const page = to.split("#")[0];
    const { onMouseEnter, onMouseLeave, onFocus, onBlur, onTouchStart } = rest;
    return (
      <Link
        to={to}
        {...rest}
        onMouseEnter={(e: MouseEvent<HTMLAnchorElement>) => (onMouseEnter?.(e), intentOn(e.currentTarget, page))}
        onMouseLeave={(e: MouseEvent<HTMLAnchorElement>) => (onMouseLeave?.(e), intentOff(e.currentTarget))}
        onFocus={(e: FocusEvent<HTMLAnchorElement>) => (onFocus?.(e), intentOn(e.currentTarget, page))}
        onBlur={(e: FocusEvent<HTMLAnchorElement>) => (onBlur?.(e), intentOff(e.currentTarget))}
        onTouchStart={(e: TouchEvent<HTMLAnchorElement>) => (onTouchStart?.(e), intentOn(e.currentTarget, page))}
      >
        {children}
      </Link>
    );
  }
  return (
    <Link to={to} {...rest}>
      {children}
    </Link>
  );
}
