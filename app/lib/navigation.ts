import { useCallback, useEffect, type MouseEvent as ReactMouseEvent } from "react";
import { useNavigate } from "react-router";

/**
 * §8: navigation to an external URL without the explicit external option, or to a
 * script-protocol URL, is refused. Returns the path to navigate to, or null when refused.
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

/** What a click needs to be a client navigation: a plain left click on a same-origin link. */
interface LinkClick {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

/**
 * The path a click on a link should navigate to on the client, or null when the browser handles
 * it: modified or non-left clicks, `target`, `download`, `data-reload`, in-page anchors, links
 * outside `within`, external and script-protocol URLs (§8).
 */
function clickTarget(event: LinkClick, within?: Element): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.("a");
  if (!anchor || (within && !within.contains(anchor)) || anchor.target || anchor.hasAttribute("download") || anchor.dataset.reload !== undefined) return null;
  const href = anchor.getAttribute("href");
  if (!href || href.startsWith("#")) return null;
  return safeNavigationTarget(anchor.href, window.location.origin);
}

/**
 * Menus, header and footer render plain <a> elements (cheaper to render than <Link>, and no
 * <Link> code in the browser bundle; see docs/architecture.md and ADR 002). One delegated listener
 * turns clicks on same-origin links into client-side navigations, so the app still behaves as a
 * single-page app after hydration.
 */
export function useLinkInterception() {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      const target = clickTarget(event);
      if (target === null) return; // external, non-http or not a plain click: the browser handles it
      event.preventDefault();
      void navigate(target);
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}

/**
 * A capture-phase click handler (`onClickCapture`) for a block of plain links that navigate with
 * options: filter and sort links keep the scroll position, variant links also replace the history
 * entry. It runs before the delegated listener above, which then sees the click handled.
 */
export function useLinkClickOptions({ replace, preventScrollReset }: { replace?: boolean; preventScrollReset?: boolean }) {
  const navigate = useNavigate();
  return useCallback(
    (event: ReactMouseEvent<HTMLElement>) => {
      const target = clickTarget(event.nativeEvent, event.currentTarget);
      if (target === null) return;
      event.preventDefault();
      void navigate(target, { replace, preventScrollReset });
    },
    [navigate, replace, preventScrollReset],
  );
}
