import { useRouteLoaderData } from "react-router";
import type { loader } from "#app/root.tsx";

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The shell's data (city, menus, contacts), or undefined when the root loader itself failed. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root") ?? undefined;
}
