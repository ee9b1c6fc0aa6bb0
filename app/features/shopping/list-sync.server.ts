/**
 * The server half of the logged-in visitor's favourites and comparison (§4, ADR 034): the resource
 * routes /favorites/sync and /comparison/sync call /api/favorite/* and /api/comparing/* through the
 * request's API client (the token is an HttpOnly cookie, ADR 003). The root loader reads the lists
 * (`readList`, ADR 045), the pages' fetchers post changes (`changeList`: JSON answers), the login
 * merge pushes the guest's ids (`mergeList`); a refused change is the server's message (§5 limits)
 * or the §8 default, never a 5xx.
 */
import { data, type AppLoadContext } from "react-router";
import { endpoints } from "#contract/index.ts";
import { MAX_COMPARISON, MAX_DB_ID, MAX_FAVORITES } from "#contract/limits.ts";
import { DEFAULT_ERROR_MESSAGE } from "#app/lib/api-client.server.ts";
import { parseIdList } from "#app/features/viewed/id-list.ts";
import { mergeOnLogin } from "./saved-list.ts";

export const LOGIN_NEEDED_MESSAGE = "Войдите, чтобы сохранять списки в личном кабинете";

/** What the load (GET) answers: the server's ids, newest first, and the ids the catalogue no longer has. */
export type ListLoadAnswer =
  | { ok: true; ids: number[]; missing: number[]; localMissing: number[] }
  | { ok: false; status: number; message: string };

/** What a change (POST) answers: the server's list after it. */
export type ListChangeAnswer = { ok: true; ids: number[] } | { ok: false; status: number; message: string };

export type ListKind = "favorites" | "comparison";

type Ctx = Pick<AppLoadContext, "api" | "isAuthenticated">;

const LIMITS: Record<ListKind, number> = { favorites: MAX_FAVORITES, comparison: MAX_COMPARISON };

const json = (body: ListChangeAnswer) => data(body, { status: body.ok ? 200 : body.status, headers: { "Cache-Control": "no-store" } });

const notLoggedIn = { ok: false as const, status: 401, message: LOGIN_NEEDED_MESSAGE };

function failure(error: { status: number; message: string; errors: Record<string, string> }) {
  const status = error.status >= 400 && error.status < 500 ? error.status : 502;
  const message = Object.values(error.errors)[0] ?? (error.message || DEFAULT_ERROR_MESSAGE);
  return { ok: false as const, status, message };
}

/** Which of `ids` the catalogue still has (groups for favourites, products for comparison); null when the check failed. */
async function existing(context: Ctx, kind: ListKind, ids: readonly number[]): Promise<Set<number> | null> {
  const asked = ids.filter((id) => id <= MAX_DB_ID);
  if (!asked.length) return new Set();
  if (kind === "favorites") {
    const result = await context.api.call(endpoints.productListByGroupIds, { query: { groupIds: asked } });
    return result.ok ? new Set(result.data.map((g) => g.id)) : null;
  }
  const result = await context.api.call(endpoints.comparingListByIds, { query: { productIds: asked } });
  return result.ok ? new Set(result.data.map((i) => i.product.id)) : null;
}

/**
 * The server's list, each id checked against the catalogue (§4 "favourites start": missing
 * groups are 404 ids, removed on the server here), and which of the guest's `local` ids are gone.
 */
export async function readList(context: Ctx, kind: ListKind, local: readonly number[] = []): Promise<ListLoadAnswer> {
  if (!context.isAuthenticated) return notLoggedIn;
  const result = await context.api.call(kind === "favorites" ? endpoints.favoriteAll : endpoints.comparingIds, {});
  if (!result.ok) return failure(result.error);
  const server = result.data;
  const alive = await existing(context, kind, [...new Set([...server, ...local])]);
  // The check failed: nothing is dropped (§8 "list-fetch failures silently give empty results").
  const missing = alive ? server.filter((id) => !alive.has(id)) : [];
  const localMissing = alive ? local.filter((id) => !alive.has(id)) : [];
  let ids = server;
  if (missing.length) {
    const removed = await change(context, kind, "delete", missing);
    ids = removed.ok ? removed.ids : server.filter((id) => !missing.includes(id));
  }
  return { ok: true, ids, missing, localMissing };
}

/**
 * §4 "sync on login" for one list (ADR 034, 045): the guest's `local` ids (those the catalogue
 * still has) merged into the server's by `mergeOnLogin` and pushed; answers the server's list after it.
 */
export async function mergeList(context: Ctx, kind: ListKind, local: readonly number[]): Promise<ListChangeAnswer> {
  const loaded = await readList(context, kind, local);
  if (!loaded.ok) return loaded;
  const gone = new Set(loaded.localMissing);
  const { push } = mergeOnLogin(local.filter((id) => !gone.has(id)), loaded.ids, LIMITS[kind]);
  return push.length ? change(context, kind, "add", push) : { ok: true, ids: loaded.ids };
}

/** Reads the posted ids of one list (`ids=3,1,2`), at most its limit. */
export function postedIds(form: FormData | null, name: string, kind: ListKind): number[] {
  const raw = form?.get(name);
  return parseIdList(typeof raw === "string" ? raw.slice(0, 20_000) : "", LIMITS[kind]);
}

async function change(context: Ctx, kind: ListKind, intent: "add" | "delete", ids: number[]): Promise<ListChangeAnswer> {
  const result =
    kind === "favorites"
      ? await context.api.call(intent === "add" ? endpoints.favoriteAdd : endpoints.favoriteDelete, { body: { productsGroups: ids } })
      : await context.api.call(intent === "add" ? endpoints.comparingAdd : endpoints.comparingDelete, { body: { products: ids } });
  return result.ok ? { ok: true, ids: result.data } : failure(result.error);
}

export const BAD_LIST_REQUEST_MESSAGE = "Не удалось изменить список: неверный запрос";

/** POST intent=add|delete|clear, ids=3,1,2 (clear: every id the server holds). */
export async function changeList(context: Ctx, kind: ListKind, request: Request) {
  if (!context.isAuthenticated) return json(notLoggedIn);
  const form = await request.formData().catch(() => null);
  const intent = form?.get("intent");
  const ids = postedIds(form, "ids", kind);
  if (intent === "clear") {
    const all = await context.api.call(kind === "favorites" ? endpoints.favoriteAll : endpoints.comparingIds, {});
    if (!all.ok) return json(failure(all.error));
    return json(all.data.length ? await change(context, kind, "delete", all.data) : { ok: true, ids: [] });
  }
  if ((intent !== "add" && intent !== "delete") || !ids.length) return json({ ok: false, status: 400, message: BAD_LIST_REQUEST_MESSAGE });
  return json(await change(context, kind, intent, ids));
}
