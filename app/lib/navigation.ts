import { useEffect } from "react";
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

/**
 * Menus, header and footer render plain <a> elements (cheaper to render than <Link>, see
 * docs/architecture.md). One delegated listener turns clicks on same-origin links into
 * client-side navigations, so the app still behaves as a single-page app after hydration.
 */
export function useLinkInterception() {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a");
      if (!anchor || anchor.target || anchor.hasAttribute("download") || anchor.dataset.reload !== undefined) return;
      const href = anchor.getAttribute("href");
      if (!href || href.startsWith("#")) return;
      const target = safeNavigationTarget(anchor.href, window.location.origin);
      if (target === null) return; // external or non-http: the browser handles it
      event.preventDefault();
      navigate(target);
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
