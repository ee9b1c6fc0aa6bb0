/** Every path without a page answers the §2 404: 'Page not found: {path}'. */
import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { pageNotFoundMessage } from "#app/lib/filters.ts";

export function loader({ request }: Route.LoaderArgs) {
  throw data(pageNotFoundMessage(new URL(request.url).pathname), { status: 404 });
}

export function action({ request }: Route.ActionArgs) {
  throw data(pageNotFoundMessage(new URL(request.url).pathname), { status: 404 });
}

export default function NotFound() {
  return null;
}
