/**
 * /kp/export/{pdf|xlsx}/{id} (issue 27): the offer's PDF or Excel file, streamed from
 * GET /api/kp/export/{format}/{id} through the server's API client, so the browser never calls
 * /api with the session's token. The API freezes a version and names the file (ADR 051, 052);
 * this passes its bytes and name on, never cached.
 *
 * A resource route renders no page, so its refusals are short Russian HTML pages of their own:
 * an unknown format or id, or an offer the caller may not read, is the §2 404's message.
 */
import { redirect, type AppLoadContext } from "react-router";
import { endpoints } from "#contract/index.ts";
import type { KpExportFormat } from "#contract/kp.ts";
import { MAX_DB_ID } from "#contract/limits.ts";
import { pageNotFoundMessage } from "#app/lib/filters.ts";
import { loginHref } from "#app/features/account/session.server.ts";

type Context = Pick<AppLoadContext, "api" | "isAuthenticated">;

export const EXPORT_FAILED = "Не удалось сформировать документ. Попробуйте ещё раз через минуту.";
const FORMATS: readonly KpExportFormat[] = ["pdf", "xlsx"];
/** The headers of the API's answer the download keeps. */
const PASSED_HEADERS = ["Content-Type", "Content-Disposition", "Content-Length"] as const;

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A small page for a download that can't be given: the status, the reason, the way back. */
export function exportRefusal(
  status: number,
  message: string,
  back: string | null,
  headers: Record<string, string> = {},
  home: { href: string; text: string } = { href: "/cp", text: "Все предложения" },
): Response {
  const link = back ? `<p><a href="${escapeHtml(back)}">Вернуться к предложению</a></p>` : `<p><a href="${escapeHtml(home.href)}">${escapeHtml(home.text)}</a></p>`;
  const html = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(message)}</title></head><body><h1>${escapeHtml(message)}</h1>${link}</body></html>`;
  return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store", ...headers } });
}

/** "pdf" / "xlsx" and an id in its one spelling, or null: nothing else names a document. */
export function exportTarget(format: string | undefined, rawId: string | undefined): { format: KpExportFormat; id: number } | null {
  const known = FORMATS.find((f) => f === format);
  const id = rawId && /^[1-9]\d{0,9}$/.test(rawId) ? Number(rawId) : 0;
  return known && id >= 1 && id <= MAX_DB_ID ? { format: known, id } : null;
}

export async function offerExport(context: Context, url: URL, format: string | undefined, rawId: string | undefined): Promise<Response> {
  const target = exportTarget(format, rawId);
  if (!target) return exportRefusal(404, pageNotFoundMessage(url.pathname), null);
  if (!context.isAuthenticated) throw redirect(loginHref(url));
  const back = `/cp/${target.id}`;
  const answer = await context.api.stream(endpoints.kpExport, { params: target });
  if (!answer.ok) {
    const { error } = answer;
    if (error.status === 401) throw redirect(loginHref(url));
    if (error.status === 404 || error.status === 400) return exportRefusal(404, pageNotFoundMessage(url.pathname), null);
    // An offer without lines (409), too many exports in a row (429, the user's kpExport tier, ADR 052),
    // the documents' thread full (503): the API's words, with when to try again.
    if (error.status === 409) return exportRefusal(409, error.message, back);
    if (error.status === 429) return exportRefusal(429, error.message, back, { "Retry-After": String(error.retryAfter ?? 60) });
    const retryAfter = String(error.retryAfter ?? 30);
    return exportRefusal(503, error.status === 503 && error.retryAfter ? error.message : EXPORT_FAILED, back, { "Retry-After": retryAfter });
  }
  const headers = new Headers({ "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" });
  for (const name of PASSED_HEADERS) {
    const value = answer.response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(answer.response.body, { status: 200, headers });
}
