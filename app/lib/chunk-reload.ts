/**
 * §4/§9: when a code chunk fails to load during navigation, the target path is reloaded once.
 * A session-storage guard (path + expiry, 10 s lifetime) stops reload loops.
 *
 * React Router reloads the *current* page when a route module fails to import. So the root
 * records the navigation target while a navigation is pending; a reload that happens while
 * that record is fresh continues to the target (once per path per 10 s). See ADR 004.
 */
export const RELOAD_GUARD_KEY = "chunk-reload-guard";
export const NAV_TARGET_KEY = "chunk-reload-target";
export const RELOAD_GUARD_TTL_MS = 10_000;

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

interface Stamp {
  path: string;
  expires: number;
}

function read(storage: Store, key: string): Stamp | null {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as Stamp) : null;
  } catch {
    return null;
  }
}

/** Called by the root while a navigation is pending (path) and when it settles (null). */
export function recordNavigationTarget(storage: Store, path: string | null, now = Date.now()) {
  try {
    if (path) storage.setItem(NAV_TARGET_KEY, JSON.stringify({ path, expires: now + RELOAD_GUARD_TTL_MS } satisfies Stamp));
    else storage.removeItem(NAV_TARGET_KEY);
  } catch {
    // Storage can be unavailable (private mode); the guard is best-effort.
  }
}

/** Returns true when a reload of `path` is allowed now, and records the guard. */
export function claimReload(storage: Store, path: string, now = Date.now()): boolean {
  const guard = read(storage, RELOAD_GUARD_KEY);
  if (guard && guard.path === path && guard.expires > now) return false;
  try {
    storage.setItem(RELOAD_GUARD_KEY, JSON.stringify({ path, expires: now + RELOAD_GUARD_TTL_MS } satisfies Stamp));
    return true;
  } catch {
    return false;
  }
}

/**
 * On start-up after a reload: if a navigation was pending within the last 10 s and its target
 * differs from where we are, returns the path to continue to (once per path).
 */
export function pendingReloadTarget(storage: Store, currentPath: string, isReload: boolean, now = Date.now()): string | null {
  const target = read(storage, NAV_TARGET_KEY);
  recordNavigationTarget(storage, null);
  if (!isReload || !target || target.expires <= now || target.path === currentPath) return null;
  return claimReload(storage, target.path, now) ? target.path : null;
}

export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : String(reason ?? "");
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message);
}

/** Returns false when the page is being replaced by the pending target (skip hydration). */
export function installChunkReloadGuard(win: Window): boolean {
  const here = win.location.pathname + win.location.search;
  const nav = win.performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined;
  const target = pendingReloadTarget(win.sessionStorage, here, nav?.type === "reload");
  if (target) {
    win.location.replace(target);
    return false;
  }
  // A lazily loaded component chunk (not a route module) that fails: reload the current path once.
  const reloadHere = (event: Event) => {
    const path = win.location.pathname + win.location.search;
    if (claimReload(win.sessionStorage, path)) {
      event.preventDefault();
      win.location.reload();
    }
  };
  win.addEventListener("vite:preloadError", reloadHere);
  win.addEventListener("unhandledrejection", (event) => {
    if (isChunkLoadError(event.reason)) reloadHere(event);
  });
  return true;
}
