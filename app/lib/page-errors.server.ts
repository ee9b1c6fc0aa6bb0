import { data } from "react-router";
import type { ApiError } from "./api-client.server.ts";
import { pageNotFoundMessage } from "./filters.ts";

/** Seconds a client should wait before retrying when the backend is unavailable. */
export const RETRY_AFTER_SECONDS = 30;

/** The §2 404 ('Page not found: {path}') for a path that has no page. */
export function notFound(path: string): never {
  throw data(pageNotFoundMessage(path), { status: 404 });
}

/**
 * Turns the failure of a page's main content into the right answer: 404 with the §2 message when
 * the thing does not exist, 503 with Retry-After when the backend could not be reached or failed.
 */
export function mainContentError(error: ApiError, path: string): never {
  if (error.status === 404 || (error.status >= 400 && error.status < 500)) notFound(path);
  throw data("Сервис временно недоступен. Попробуйте обновить страницу через минуту.", {
    status: 503,
    headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
  });
}
