/**
 * /kp/{publicId} and /kp/{publicId}/pdf (ADR 054) against a recording API client: the loader
 * answers the offer, private and noindex; junk, huge and hostile ids never reach the API and are
 * the §2 404, as an unknown one (the API's 404); the accept action sends the version shown and the
 * typed contacts, redirects after accepting, answers Russian errors under the fields for junk,
 * huge, missing and hostile input (never the API), and the API's 409s above the form; the PDF is
 * streamed with its Russian name, never cached, and a closed offer's or unknown id's is a 404.
 */
import { describe, expect, it } from "vitest";
import { jsonResponse as json, recordingApi, type ApiHandler } from "#app/lib/api-client.test-support.ts";
import { contentDisposition } from "#contract/content-disposition.ts";
import type { KpPublic } from "#contract/kp.ts";
import { sampleKpDocument } from "#tests/support/kp-document.ts";
import { fieldError, formMessage, type FormReply } from "#app/lib/forms.ts";
import { acceptProblems, moscowDate, moscowMoment } from "#app/features/offers/public-offer.ts";
import { action, headers, loader } from "./kp-public.tsx";
import { loader as pdfLoader } from "./kp-public-pdf.ts";
import type { Route } from "./+types/kp-public";
import type { Route as PdfRoute } from "./+types/kp-public-pdf";

const OPEN = "AbCdEfGhIjKlMnOpQrSt_-";
const CLOSED = "ClosedClosedClosedCl01";
const STALE = "StaleStaleStaleStale02";
const ACCEPTED = "AcceptedAcceptedAcce03";
const BUSY = "BusyBusyBusyBusyBusy04";
const OTHER = "a".repeat(64);

const document = { ...sampleKpDocument({ lines: 2 }), version: 3 };
const offer = (publicId: string, over: Partial<KpPublic> = {}): KpPublic => ({
  publicId,
  status: "open",
  message: null,
  number: "2026-000124",
  title: "Новогодние подарки",
  manager: { name: "Анна Смирнова", phone: "+79215550102", email: "anna@tmg.ru" },
  document,
  acceptedAt: null,
  acceptedVersion: null,
  acceptedName: null,
  ...over,
});
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a]);
const NAME = contentDisposition("КП 2026-000124 (версия 3).pdf");

const api: ApiHandler = async (request) => {
  const path = new URL(request.url).pathname;
  const [, , , , id, tail] = path.split("/");
  if (path === `/api/kp/public/${OPEN}/pdf` || path === `/api/kp/public/${OTHER}/pdf`)
    return new Response(PDF, { headers: { "Content-Type": "application/pdf", "Content-Disposition": NAME, "Content-Length": String(PDF.byteLength), "Set-Cookie": "x=1" } });
  if (path === `/api/kp/public/${BUSY}/pdf`)
    return new Response(JSON.stringify({ message: "Сейчас формируется много документов: попробуйте скачать через несколько секунд", errors: [] }), {
      status: 503,
      headers: { "Content-Type": "application/json", "Retry-After": "5" },
    });
  if (tail === "accept") {
    const body = (await request.json()) as { version: number };
    if (id === CLOSED) return json({ message: "Предложение больше не действует", errors: [] }, 409);
    if (id === ACCEPTED) return json({ message: "Предложение уже принято", errors: [] }, 409);
    if (id === OPEN && body.version === 3) return json({ data: offer(OPEN, { status: "accepted", acceptedAt: "2026-11-20T10:00:00.000Z", acceptedVersion: 3, acceptedName: "Игорь" }) });
    if (id === OPEN || id === STALE)
      return json({ message: "Предложение обновилось — посмотрите новую версию", errors: [{ field: "version", message: "Предложение обновилось — посмотрите новую версию" }] }, 409);
    return json({ message: "Коммерческое предложение не найдено", errors: [] }, 404);
  }
  if (path === `/api/kp/public/${OPEN}`) return json({ data: offer(OPEN) });
  if (path === `/api/kp/public/${CLOSED}`) return json({ data: offer(CLOSED, { status: "closed", message: "Предложение больше не действует", document: null }) });
  if (path.startsWith("/api/kp/public/LimitedLimitedLimited05"))
    return new Response(JSON.stringify({ message: "Слишком много запросов. Попробуйте через 1 мин.", errors: [] }), { status: 429, headers: { "Content-Type": "application/json", "Retry-After": "60" } });
  return json({ message: "Коммерческое предложение не найдено", errors: [] }, 404);
};

const statusOf = (thrown: unknown) => (thrown instanceof Response ? thrown.status : ((thrown as { init?: { status?: number } } | null)?.init?.status ?? null));

async function open(publicId: string) {
  const { api: client, seen } = recordingApi(api);
  const url = new URL(`/kp/${encodeURIComponent(publicId)}`, "http://shop.test");
  try {
    const answer = (await loader({ url, request: new Request(url), context: { api: client }, params: { publicId } } as unknown as Route.LoaderArgs)) as unknown as {
      data: { offer: KpPublic };
      init: { headers: Record<string, string> };
    };
    return { answer, thrown: null, seen };
  } catch (thrown) {
    return { answer: null, thrown, seen };
  }
}

async function post(publicId: string, fields: Record<string, string> | string) {
  const { api: client, seen } = recordingApi(api);
  const url = new URL(`/kp/${encodeURIComponent(publicId)}`, "http://shop.test");
  const body = typeof fields === "string" ? fields : new URLSearchParams(fields);
  const request = new Request(url, { method: "POST", body, headers: { "Content-Type": typeof fields === "string" ? "text/plain" : "application/x-www-form-urlencoded" } });
  try {
    const answer = (await action({ url, request, context: { api: client }, params: { publicId } } as unknown as Route.ActionArgs)) as unknown as { data: FormReply; init: { status: number } };
    return { reply: answer.data, status: answer.init.status, thrown: null, seen };
  } catch (thrown) {
    return { reply: null, status: statusOf(thrown), thrown, seen };
  }
}

async function pdf(publicId: string) {
  const { api: client, seen } = recordingApi(api);
  const url = new URL(`/kp/${encodeURIComponent(publicId)}/pdf`, "http://shop.test");
  const response = await pdfLoader({ url, request: new Request(url), context: { api: client }, params: { publicId } } as unknown as PdfRoute.LoaderArgs);
  return { response, seen };
}

const HOSTILE_IDS = ["", "x", "abc", "a".repeat(21), "a".repeat(65), "9".repeat(10_000), "<script>alert(1)</script>xxxxxxxxxxxxxx", "../../api/kp/list?x=1&y=2222", "AbCdEfGhIjKlMnOpQrSt_%", "' OR 1=1 --aaaaaaaaaaaaaaaa"];

describe("/kp/{publicId}: the page's loader", () => {
  it("answers the offer without a login, private, never stored, noindex", async () => {
    const { answer, seen } = await open(OPEN);
    expect(answer!.data.offer).toMatchObject({ status: "open", number: "2026-000124", document: { version: 3 } });
    expect(seen.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([`GET /api/kp/public/${OPEN}`]);
    expect(seen[0]!.headers.get("Authorization")).toBeNull();
    const sent = new Headers(headers({ errorHeaders: undefined, loaderHeaders: new Headers(answer!.init.headers), actionHeaders: new Headers(), parentHeaders: new Headers() } as never));
    expect(sent.get("Cache-Control")).toBe("private, no-store");
    expect(sent.get("X-Robots-Tag")).toBe("noindex, nofollow");
  });

  it("a closed offer comes without its document", async () => {
    const { answer } = await open(CLOSED);
    expect(answer!.data.offer).toMatchObject({ status: "closed", document: null, manager: { name: "Анна Смирнова" } });
  });

  it("junk, huge and hostile ids never reach the API and are the §2 404; an unknown one (the API's 404) too", async () => {
    for (const id of HOSTILE_IDS) {
      const { thrown, seen } = await open(id);
      expect(statusOf(thrown), id.slice(0, 40)).toBe(404);
      expect(seen).toHaveLength(0);
    }
    const unknown = await open("UnknownUnknownUnknown9");
    expect(statusOf(unknown.thrown)).toBe(404);
    expect(unknown.seen).toHaveLength(1);
  });

  it("too many openings from one address: the API's 429 with its Russian message and Retry-After, not a 404", async () => {
    const { thrown } = await open("LimitedLimitedLimited05");
    expect(statusOf(thrown)).toBe(429);
    expect((thrown as { data: string }).data).toMatch(/Слишком много запросов/);
  });
});

describe("/kp/{publicId}: «Принять предложение»", () => {
  const good = { version: "3", name: "Игорь Волков", email: "i.volkov@romashka.ru", phone: "" };

  it("sends the version shown and the contacts typed, then redirects to the page (303)", async () => {
    const { thrown, seen } = await post(OPEN, good);
    expect(statusOf(thrown)).toBe(303);
    expect((thrown as Response).headers.get("Location")).toBe(`/kp/${OPEN}#accepted`);
    expect(seen.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([`POST /api/kp/public/${OPEN}/accept`]);
    expect(await seen[0]!.json()).toEqual({ version: 3, name: "Игорь Волков", email: "i.volkov@romashka.ru", phone: null });
  });

  it("a phone alone will do, as typed in the mask", async () => {
    const { thrown, seen } = await post(OPEN, { version: "3", name: "Игорь", phone: "+7 (921) 555-12-34" });
    expect(statusOf(thrown)).toBe(303);
    expect(await seen[0]!.json()).toMatchObject({ email: null, phone: "+7 (921) 555-12-34" });
  });

  it("junk, huge, missing and hostile input: Russian errors under the fields, what was typed kept (cut), the API never asked", async () => {
    const cases: [Record<string, string> | string, Record<string, RegExp>][] = [
      [{ version: "3", name: "", email: "", phone: "" }, { name: /^Укажите имя$/, email: /^Укажите e-mail или телефон$/ }],
      [{ version: "3", name: "Игорь" }, { email: /^Укажите e-mail или телефон$/ }],
      [{ version: "3", name: "   ", email: "a@b.ru" }, { name: /^Укажите имя$/ }],
      [{ version: "3", name: "x".repeat(10_000), email: "a@b.ru" }, { name: /^Не длиннее 150 символов$/ }],
      [{ version: "3", name: "Игорь", phone: "12" }, { phone: /^Неверный формат телефона$/ }],
      [{ version: "3", name: "Игорь", phone: "+7 (" }, { phone: /^Неверный формат телефона$/ }],
      [{ version: "3", name: "Игорь", email: "не почта" }, { email: /e-mail/ }],
      [{ version: "3", name: "Игорь", email: `${"a".repeat(5000)}@b.ru` }, { email: /e-mail/ }],
      [{ version: "3", name: "Игорь", email: "<script>alert(1)</script>@x.ru" }, { email: /e-mail/ }],
      [{ version: "3", name: "Игорь", email: "a@b.ru", phone: "<img src=x onerror=alert(1)>" }, { phone: /телефона/ }],
    ];
    for (const [fields, expected] of cases) {
      const { reply, status, seen } = await post(OPEN, fields);
      expect(status).toBe(400);
      expect(seen).toHaveLength(0);
      for (const [name, message] of Object.entries(expected)) expect(fieldError(reply, name) ?? JSON.stringify(reply?.error), `${name} of ${JSON.stringify(fields).slice(0, 80)}`).toMatch(message);
    }
    const huge = await post(OPEN, { version: "3", name: "x".repeat(10_000), email: "a@b.ru" });
    expect(String(huge.reply!.initialValue?.name).length).toBeLessThanOrEqual(151);
  });

  it("a missing, junk or hostile version (the page's own field) is «Обновите страницу» above the form", async () => {
    for (const version of ["", "0", "-1", "1.5", "abc", "9".repeat(400), "<script>"]) {
      const { reply, status, seen } = await post(OPEN, { version, name: "Игорь", email: "a@b.ru" });
      expect(status, version).toBe(400);
      expect(formMessage(reply)).toBe("Обновите страницу");
      expect(seen).toHaveLength(0);
    }
    const none = await post(OPEN, { name: "Игорь", email: "a@b.ru" });
    expect(formMessage(none.reply)).toBe("Обновите страницу");
  });

  it("the API's 409s are shown above the form in its words: updated (an older or another offer's version), already accepted, closed", async () => {
    const stale = await post(OPEN, { ...good, version: "2" });
    expect(stale.status).toBe(400);
    expect(formMessage(stale.reply)).toBe("Предложение обновилось — посмотрите новую версию");
    expect(formMessage((await post(STALE, good)).reply)).toBe("Предложение обновилось — посмотрите новую версию");
    expect(formMessage((await post(ACCEPTED, good)).reply)).toBe("Предложение уже принято");
    expect(formMessage((await post(CLOSED, good)).reply)).toBe("Предложение больше не действует");
  });

  it("an unknown offer is the §2 404; junk ids never reach the API; a body that is not a form is refused in Russian", async () => {
    expect((await post("UnknownUnknownUnknown9", good)).status).toBe(404);
    for (const id of HOSTILE_IDS) {
      const { status, seen } = await post(id, good);
      expect(status, id.slice(0, 40)).toBe(404);
      expect(seen).toHaveLength(0);
    }
    const junk = await post(OPEN, "\u0000".repeat(1000));
    expect(junk.status).toBe(400);
    expect(junk.seen).toHaveLength(0);
  });
});

describe("/kp/{publicId}/pdf", () => {
  it("streams the API's PDF with its Russian name, private, never stored, noindex, no cookie passed on", async () => {
    const { response, seen } = await pdf(OPEN);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(NAME);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF);
    expect(seen.map((r) => new URL(r.url).pathname)).toEqual([`/api/kp/public/${OPEN}/pdf`]);
    expect((await pdf(OTHER)).response.status).toBe(200);
  });

  it("a closed or unknown offer's PDF is a 404 page; junk ids never reach the API", async () => {
    const closed = await pdf(CLOSED);
    expect(closed.response.status).toBe(404);
    expect(closed.response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(closed.response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(await closed.response.text()).toContain(`href="/kp/${CLOSED}"`);
    for (const id of HOSTILE_IDS) {
      const { response, seen } = await pdf(id);
      expect(response.status, id.slice(0, 40)).toBe(404);
      expect(seen).toHaveLength(0);
      const html = await response.text();
      expect(html).not.toContain("<script>alert");
      expect(html).toContain('href="/"');
    }
  });

  it("too many looks from one address: the API's 429 with Retry-After and its Russian message", async () => {
    const { response } = await pdf("LimitedLimitedLimited05");
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("60");
    expect(await response.text()).toContain("Слишком много запросов");
  });

  it("a full documents' thread: 503 with Retry-After and the API's Russian message", async () => {
    const { response } = await pdf(BUSY);
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(await response.text()).toContain("Сейчас формируется много документов");
  });
});

describe("the page's pure parts", () => {
  it("the browser's check says what the action says", () => {
    expect(acceptProblems({ name: "", email: "", phone: "" })).toMatchObject({ name: "Укажите имя", email: "Укажите e-mail или телефон", phone: null });
    expect(acceptProblems({ name: "Игорь", email: "", phone: "+7 (921) 555-12-34" })).toMatchObject({ name: null, email: null, phone: null });
    expect(acceptProblems({ name: "Игорь", email: "x", phone: "" }).email).toMatch(/e-mail/);
    expect(acceptProblems({ name: "x".repeat(151), email: "a@b.ru" }).name).toBe("Не длиннее 150 символов");
  });

  it("dates are Moscow days as the PDF states them", () => {
    expect(moscowDate("2026-12-09")).toBe("09.12.2026");
    expect(moscowDate("2026-12-09T21:30:00.000Z")).toBe("10.12.2026");
    expect(moscowMoment("2026-11-20T10:05:00.000Z")).toBe("20.11.2026 в 13:05");
  });
});
