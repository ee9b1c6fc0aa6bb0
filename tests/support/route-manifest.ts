/**
 * The server build's route manifest (`build.routes`: id, parentId, path, index, module), made
 * from app/routes.ts and the route modules themselves, for unit tests of what routes declare in
 * their handles (the pages sitemap). Vitest only: the modules are imported through Vite.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes.ts";
import type { ManifestRoute, RouteManifest } from "#app/features/seo/sitemap-handle.ts";

/** React Router's default id: the file without its extension. */
const idOf = (entry: RouteConfigEntry) => entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");

export async function routeManifest(entries: RouteConfigEntry[] = routes): Promise<RouteManifest> {
  const manifest: Record<string, ManifestRoute> = {
    root: { id: "root", path: "", module: {} },
  };
  async function add(list: RouteConfigEntry[], parentId: string) {
    for (const entry of list) {
      const id = idOf(entry);
      const module = (await import(/* @vite-ignore */ `../../app/${entry.file}`)) as { handle?: unknown };
      manifest[id] = { id, parentId, path: entry.path, index: entry.index, module };
      await add(entry.children ?? [], id);
    }
  }
  await add(entries, "root");
  return manifest;
}
