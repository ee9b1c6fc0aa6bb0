/**
 * /kp/export/{pdf|xlsx}/{id} against a recording API client: the API's bytes are streamed on with
 * the file's name and type, never cached; junk, huge and hostile formats or ids never reach the
 * API and answer the §2 404's message; another's offer (the API's 404) too; a guest goes to the
 * login; a full documents' thread is a 503 with Retry-After and the API's Russian message, too many
 * downloads in a row (the user's export limit) a 429 with Retry-After and the limit's message.
 */
import { describe, expect, it } from "vitest";
import { jsonResponse as json, recordingApi, type ApiHandler } from "#app/lib/api-client.test-support.ts";
import { contentDisposition } from "#contract/content-disposition.ts";
import { loader } from "./kp-export.ts";
import type { Route } from "./+types/kp-export";

const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a]);
const NAME = contentDisposition("КП 2026-000124 (версия 2).pdf");

const files: ApiHandler = (request) => {
  const path = new URL(request.url).pathname;
  if (path === "/api/kp/export/pdf/12")
    return new Response(PDF, { headers: { "Content-Type": "application/pdf", "Content-Disposition": NAME, "Content-Length": String(PDF.byteLength), "Set-Cookie": "x=1" } });
  if (path === "/api/kp/export/xlsx/12") return new Response(new Uint8Array([0x50, 0x4b]), { headers: { "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "Content-Disposition": contentDisposition("КП 2026-000124.xlsx") } });
  if (path.startsWith("/api/kp/export/pdf/13")) return json({ message: "Сейчас формируется много документов: попробуйте скачать через несколько секунд", errors: [] }, 503);
  if (path.startsWith("/api/kp/export/pdf/14")) return json({ message: "Добавьте в предложение хотя бы один товар: пустое не отправить и не выгрузить", errors: [] }, 409);
  if (path.startsWith("/api/kp/export/pdf/15")) return new Response("<html>oops</html>", { headers: { "Content-Type": "text/html" } });
  return json({ message: "Коммерческое предложение не найдено", errors: [] }, 404);
};

async function download(format: string, id: string, handler: ApiHandler = files, isAuthenticated = true) {
  const { api, seen } = recordingApi(handler);
  const url = new URL(`/kp/export/${encodeURIComponent(format)}/${encodeURIComponent(id)}`, "http://shop.test");
  try {
    const response = await loader({ url, request: new Request(url), context: { api, isAuthenticated }, params: { format, id } } as unknown as Route.LoaderArgs);
    return { response, seen };
  } catch (thrown) {
    if (thrown instanceof Response) return { response: thrown, seen };
    throw thrown;
  }
}

describe("/kp/export/{format}/{id}", () => {
  it("streams the API's PDF with its Russian file name, private and never stored", async () => {
    const { response, seen } = await download("pdf", "12");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(NAME);
    expect(response.headers.get("Content-Disposition")).toContain("filename*=UTF-8''%D0%9A%D0%9F%202026-000124");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.get("Accept")).toMatch(/application\/pdf/);
  });

  it("streams the Excel file", async () => {
    const { response } = await download("xlsx", "12");
    expect(response.headers.get("Content-Type")).toMatch(/spreadsheetml/);
    expect(response.headers.get("Content-Disposition")).toContain(".xlsx");
  });

  it("answers the §2 404 for a format or id that names no document, without asking the API", async () => {
    const junk: [string, string][] = [
      ["doc", "12"], ["PDF", "12"], ["pdf", "0"], ["pdf", "012"], ["pdf", "-1"], ["pdf", "1.5"], ["pdf", "abc"],
      ["pdf", "9".repeat(400)], ["pdf", "2147483648"], ["<script>alert(1)</script>", "12"], ["pdf", "12<svg onload=1>"], ["../../api", "12"],
    ];
    for (const [format, id] of junk) {
      const { response, seen } = await download(format, id);
      expect(response.status, `${format}/${id}`).toBe(404);
      expect(seen).toHaveLength(0);
      const html = await response.text();
      expect(html).toContain("Page not found");
      expect(html).not.toContain("<script>alert");
      expect(html).not.toContain("<svg onload");
    }
  });

  it("another's or an unknown offer (the API's 404) is the §2 404", async () => {
    const { response } = await download("pdf", "99");
    expect(response.status).toBe(404);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("a guest goes to the login and comes back to the file", async () => {
    const { response, seen } = await download("pdf", "12", files, false);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/kp/export/pdf/12")}`);
    expect(seen).toHaveLength(0);
  });

  it("a full documents' thread is a 503 with Retry-After and the API's message", async () => {
    const busy: ApiHandler = (request) =>
      new URL(request.url).pathname === "/api/kp/export/pdf/13"
        ? new Response(JSON.stringify({ message: "Сейчас формируется много документов: попробуйте скачать через несколько секунд", errors: [] }), {
            status: 503,
            headers: { "Content-Type": "application/json", "Retry-After": "5" },
          })
        : files(request);
    const { response, seen } = await download("pdf", "13", busy);
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(await response.text()).toContain("Сейчас формируется много документов");
    // A read is asked once more on a 503 (§7), never more.
    expect(seen.length).toBeLessThanOrEqual(2);
  });

  it("too many downloads in a row (the API's 429) is a readable 429 page with Retry-After and the way back, not a 5xx", async () => {
    const limited: ApiHandler = () =>
      new Response(JSON.stringify({ message: "Слишком много выгрузок документов подряд. Попробуйте через 8 секунд", errors: [] }), {
        status: 429,
        headers: { "Content-Type": "application/json", "Retry-After": "8" },
      });
    const { response } = await download("xlsx", "12", limited);
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("8");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toContain("<h1>Слишком много выгрузок документов подряд. Попробуйте через 8 секунд</h1>");
    expect(html).toContain('href="/cp/12"');
  });

  it("an offer without lines says so; an answer that is not a document is not passed on", async () => {
    const empty = await download("pdf", "14");
    expect(empty.response.status).toBe(409);
    expect(await empty.response.text()).toContain("хотя бы один товар");
    const wrong = await download("pdf", "15");
    expect(wrong.response.status).toBe(503);
    expect(await wrong.response.text()).not.toContain("oops");
  });
});
