/** §2: five layouts, chosen by route metadata (`handle.layout`); default otherwise. */
export const LAYOUTS = ["default", "kp", "search", "simple", "user"] as const;
export type LayoutName = (typeof LAYOUTS)[number];

export interface RouteHandle {
  layout?: LayoutName;
}

/** The deepest route that names a layout wins. */
export function layoutFor(handles: unknown[]): LayoutName {
  for (let i = handles.length - 1; i >= 0; i--) {
    const layout = (handles[i] as RouteHandle | undefined)?.layout;
    if (layout && (LAYOUTS as readonly string[]).includes(layout)) return layout;
  }
  return "default";
}
