/**
 * /search/history (issue 19, ADR 034, 045): a logged-in visitor's search history changes, from the
 * header's fetcher: POST intent=delete (text=…) forgets one, intent=clear all; the list itself
 * comes from the root loader. The browser never calls /api (ADR 003); never cached. Guests keep
 * theirs in local storage.
 */
import { data } from "react-router";
import type { Route } from "./+types/search-history";
import { endpoints } from "#contract/index.ts";
import { DEFAULT_ERROR_MESSAGE } from "#app/lib/api-client.server.ts";
import { normalizeSearchText } from "#app/features/search/search-text.ts";
import { HISTORY_CHANGE_FAILED } from "#app/features/shopping/personal.ts";

export const HISTORY_LOGIN_MESSAGE = "Войдите, чтобы хранить историю поиска в личном кабинете";
export const HISTORY_BAD_REQUEST_MESSAGE = "Не удалось изменить историю поиска: неверный запрос";

type Answer = { ok: true; history: string[] } | { ok: false; status: number; message: string };

const json = (body: Answer) => data(body, { status: body.ok ? 200 : body.status, headers: { "Cache-Control": "no-store" } });
const failure = (error: { status: number; message: string }): Answer => ({
  ok: false,
  status: error.status >= 400 && error.status < 500 ? error.status : 502,
  message: error.message || DEFAULT_ERROR_MESSAGE,
});
const texts = (entries: { text: string }[]) => entries.map((e) => e.text);

export async function action({ context, request }: Route.ActionArgs) {
  if (!context.isAuthenticated) return json({ ok: false, status: 401, message: HISTORY_LOGIN_MESSAGE });
  const form = await request.formData().catch(() => null);
  const intent = form?.get("intent");
  if (intent === "clear") {
    const result = await context.api.call(endpoints.searchHistoryClear, {});
    return json(result.ok ? { ok: true, history: texts(result.data) } : failure(result.error));
  }
  const raw = form?.get("text");
  const text = typeof raw === "string" ? normalizeSearchText(raw.slice(0, 1000)) : "";
  if (intent !== "delete" || !text) return json({ ok: false, status: 400, message: HISTORY_BAD_REQUEST_MESSAGE });
  // The API forgets by id: the caller's own list names it (another user's entries are never seen).
  const list = await context.api.call(endpoints.searchHistoryList, {});
  if (!list.ok) return json(failure(list.error));
  const entry = list.data.find((e) => e.text === text);
  if (!entry) return json({ ok: true, history: texts(list.data) });
  const result = await context.api.call(endpoints.searchHistoryDelete, { params: { id: entry.id } });
  return json(result.ok ? { ok: true, history: texts(result.data) } : failure(result.error));
}

/** No answer at all (the connection): the change is refused with its message, never the error page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch {
    return { ok: false as const, status: 0, message: HISTORY_CHANGE_FAILED };
  }
}
