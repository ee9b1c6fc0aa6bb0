/**
 * The shop's one navigation helper: `<AppLink>` is React Router's `<Link>` with the two rules of
 * §8/§9 that the framework leaves to the app.
 * - §9: route preloads (`prefetch="intent"`: the route's modules and data, fetched while the
 *   pointer rests on a link or it has focus) run at most 4 at a time, and never on slow-2g or with
 *   Save-Data on.
 * - §8: navigation to an external URL without the explicit `external` option, or to a
 *   script-protocol URL, is refused: such a link renders as plain text.
 */
import { useEffect, useState, type FocusEvent, type MouseEvent, type ReactNode, type TouchEvent } from "react";
import { Link, PrefetchPageLinks, type LinkProps } from "react-router";

/** §9: simultaneous route preloads. */
export const MAX_PRELOADS = 4;
/** How long the pointer must rest on a link before it preloads (React Router's own delay). */
const INTENT_DELAY_MS = 100;

/**
 * §8: the path to navigate to, or null when refused. Same-origin URLs become paths; other
 * http(s) URLs pass only with `external`; every other protocol (javascript:, data:) is refused.
 */
export function safeNavigationTarget(href: string, origin: string, options: { external?: boolean } = {}): string | null {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.origin !== origin) return options.external ? url.href : null;
  return url.pathname + url.search + url.hash;
}

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

/** The preloads running now (at most MAX_PRELOADS): each holder is one link's intent. */
const preloads = new Set<object>();

/** Takes a preload slot for `holder`; false when all are taken (or the network says no). */
export function takePreloadSlot(holder: object, connection = browserConnection()): boolean {
  if (preloads.has(holder)) return true;
  if (preloads.size >= MAX_PRELOADS || !preloadsAllowed(connection)) return false;
  preloads.add(holder);
  return true;
}

export function releasePreloadSlot(holder: object): void {
  preloads.delete(holder);
}

function browserConnection(): NetworkInformation | undefined {
  return typeof navigator === "undefined" ? undefined : (navigator as Navigator & { connection?: NetworkInformation }).connection;
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
    const { className, title, id } = rest;
    if (external && /^https?:\/\//i.test(to)) {
      return (
        <a href={to} className={className} title={title} id={id} rel="noopener noreferrer">
          {children}
        </a>
      );
    }
    // §8: refused.
    return (
      <span className={className} title={title} id={id}>
        {children}
      </span>
    );
  }
  return prefetch === "intent" ? (
    <IntentLink to={to} {...rest}>
      {children}
    </IntentLink>
  ) : (
    <Link to={to} prefetch="none" {...rest}>
      {children}
    </Link>
  );
}

/** `<Link prefetch="intent">`, with the preload taking one of the §9 slots for as long as it is shown. */
function IntentLink({ to, onMouseEnter, onMouseLeave, onFocus, onBlur, onTouchStart, children, ...rest }: Omit<AppLinkProps, "external" | "prefetch">) {
  // null: no intent; false: intent, waiting for the delay or no slot; true: preloading.
  const [state, setState] = useState<{ holder: object; preloading: boolean } | null>(null);

  useEffect(() => {
    if (!state || state.preloading) return;
    const timer = setTimeout(() => {
      if (takePreloadSlot(state.holder)) setState({ holder: state.holder, preloading: true });
    }, INTENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state]);
  useEffect(() => {
    if (!state?.preloading) return;
    const holder = state.holder;
    return () => releasePreloadSlot(holder);
  }, [state]);

  const intent = () => setState((s) => s ?? { holder: {}, preloading: false });
  const cancel = () => setState(null);
  return (
    <>
      <Link
        to={to}
        prefetch="none"
        {...rest}
        onMouseEnter={(e: MouseEvent<HTMLAnchorElement>) => (onMouseEnter?.(e), intent())}
        onMouseLeave={(e: MouseEvent<HTMLAnchorElement>) => (onMouseLeave?.(e), cancel())}
        onFocus={(e: FocusEvent<HTMLAnchorElement>) => (onFocus?.(e), intent())}
        onBlur={(e: FocusEvent<HTMLAnchorElement>) => (onBlur?.(e), cancel())}
        onTouchStart={(e: TouchEvent<HTMLAnchorElement>) => (onTouchStart?.(e), intent())}
      >
        {children}
      </Link>
      {state?.preloading ? <PrefetchPageLinks page={to.split("#")[0]} /> : null}
    </>
  );
}
