/** Every path without a page answers the §2 404: 'Page not found: {path}'. */
import type { Route } from "./+types/not-found";
import { notFound } from "#app/lib/page-errors.server.ts";

export function loader({ url }: Route.LoaderArgs) {
  notFound(url.pathname);
}

export function action({ url }: Route.ActionArgs) {
  notFound(url.pathname);
}

export default function NotFound() {
  return null;
}
