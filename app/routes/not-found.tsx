/** Every path without a page answers the §2 404: 'Page not found: {path}'. */
import type { Route } from "./+types/not-found";
import { notFound } from "#app/lib/page-errors.server.ts";

export function loader({ request }: Route.LoaderArgs) {
  notFound(new URL(request.url).pathname);
}

export function action({ request }: Route.ActionArgs) {
  notFound(new URL(request.url).pathname);
}

export default function NotFound() {
  return null;
}
