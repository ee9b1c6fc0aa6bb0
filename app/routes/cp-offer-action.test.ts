/**
 * /cp/{id}'s action («Отправить клиенту») against a recording API client: one kp/send call, the
 * answer as a Russian status line; a representative without an e-mail, another's offer (404), a
 * guest (login), junk and hostile ids and intents never reach the API or become a 5xx.
 */
import { describe, expect, it } from "vitest";
import { jsonResponse as json, recordingApi, type ApiHandler } from "#app/lib/api-client.test-support.ts";
import { action } from "./cp-offer.tsx";
import type { Route } from "./+types/cp-offer";

const version = { number: 3, createdAt: "2026-11-20T07:00:00.000Z", total: 1000, linesCount: 2, acceptedAt: null, acceptedName: null };
const api: ApiHandler = (request) => {
  const path = new URL(request.url).pathname;
  if (path === "/api/kp/send/5") return json({ data: { version, publicId: "p", mailed: true, attached: true, message: null } });
  if (path === "/api/kp/send/6")
    return json({ data: { version, publicId: "p", mailed: false, attached: false, message: "У представителя клиента нет e-mail: письмо не отправлено." } });
  if (path === "/api/kp/send/7") return json({ message: "Добавьте в предложение хотя бы один товар: пустое не отправить и не выгрузить", errors: [] }, 409);
  return json({ message: "Коммерческое предложение не найдено", errors: [] }, 404);
};

async function post(id: string, fields: Record<string, string>, isAuthenticated = true) {
  const { api: client, seen } = recordingApi(api);
  const url = new URL(`/cp/${encodeURIComponent(id)}`, "http://shop.test");
  const body = new URLSearchParams(fields);
  const request = new Request(url, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
  try {
    const reply = (await action({ url, request, context: { api: client, isAuthenticated }, params: { id } } as unknown as Route.ActionArgs)) as unknown as {
      data: { ok: boolean; message: string };
      init: { status: number };
    };
    return { reply: reply.data, status: reply.init.status, thrown: null, seen };
  } catch (thrown) {
    return { reply: null, status: null, thrown, seen };
  }
}

const thrownStatus = (thrown: unknown) => (thrown instanceof Response ? thrown.status : ((thrown as { init?: { status?: number } } | null)?.init?.status ?? null));

describe("/cp/{id} action: «Отправить клиенту»", () => {
  it("sends through kp/send and says which version went, with the PDF", async () => {
    const { reply, status, seen } = await post("5", { intent: "send" });
    expect(status).toBe(200);
    expect(reply).toMatchObject({ ok: true });
    expect(reply!.message).toBe("Предложение отправлено клиенту: версия v3, PDF во вложении, ссылка в письме.");
    expect(seen.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(["POST /api/kp/send/5"]);
  });

  it("a representative without an e-mail: the API's clear message", async () => {
    const { reply, status } = await post("6", { intent: "send" });
    expect(status).toBe(400);
    expect(reply!.message).toMatch(/нет e-mail/);
  });

  it("an empty offer's refusal is shown; another's offer is the §2 404", async () => {
    expect((await post("7", { intent: "send" })).reply!.message).toMatch(/хотя бы один товар/);
    expect(thrownStatus((await post("99", { intent: "send" })).thrown)).toBe(404);
  });

  it("a guest goes to the login; junk, huge and hostile ids or intents never reach the API", async () => {
    const guest = await post("5", { intent: "send" }, false);
    expect(thrownStatus(guest.thrown)).toBe(302);
    expect(guest.seen).toHaveLength(0);
    for (const id of ["0", "abc", "-1", "9".repeat(300), "<script>"]) {
      const { thrown, seen } = await post(id, { intent: "send" });
      expect(thrownStatus(thrown), id).toBe(404);
      expect(seen).toHaveLength(0);
    }
    for (const intent of ["", "remove", "x".repeat(100_000), "<img src=x onerror=alert(1)>"]) {
      const { reply, seen } = await post("5", { intent });
      expect(reply!.ok).toBe(false);
      expect(reply!.message).toBe("Неизвестное действие: обновите страницу");
      expect(seen).toHaveLength(0);
    }
  });
});

describe("/cp/{id}: the versions block", async () => {
  const { loadOfferVersions } = await import("#app/features/offers/offers.server.ts");
  const v = (number: number) => ({ ...version, number });
  const versionsApi: ApiHandler = (request) => {
    const url = new URL(request.url);
    if (url.pathname === "/api/kp/versions/5") return json({ data: [v(3), v(2), v(1)] });
    if (url.pathname === "/api/kp/versions/5/diff")
      return json({ data: { from: Number(url.searchParams.get("from")), to: Number(url.searchParams.get("to")), changes: [{ kind: "count", key: "A-1", title: "Кружка", from: 500, to: 700 }] } });
    return json({ message: "Коммерческое предложение не найдено", errors: [] }, 404);
  };
  const load = async (search: string, id = 5) => {
    const { api: client, seen } = recordingApi(versionsApi);
    const url = new URL(`/cp/${id}${search}`, "http://shop.test");
    return { result: await loadOfferVersions({ api: client, isAuthenticated: true }, url, id), seen };
  };

  it("lists the versions; compares two only when both are sent versions and differ", async () => {
    const plain = await load("");
    expect(plain.result.versions.map((x) => x.number)).toEqual([3, 2, 1]);
    expect(plain.result.diff).toBeNull();
    expect(plain.seen).toHaveLength(1);

    const compared = await load("?from=1&to=3");
    expect(compared.result.diff?.changes[0]).toMatchObject({ kind: "count", from: 500, to: 700 });
    expect(new URL(compared.seen[1]!.url).search).toBe("?from=1&to=3");

    for (const search of ["?from=2&to=2", "?from=1&to=9", "?from=abc&to=1", "?from=-1&to=2", `?from=${"9".repeat(300)}&to=1`, "?from=<script>&to=1", "?from=01&to=2", "?to=2"]) {
      const { result, seen } = await load(search);
      expect(result.diff, search).toBeNull();
      expect(result.problem, search).toMatch(/Выберите/);
      expect(seen, search).toHaveLength(1);
    }
  });

  it("another's offer or a failing API: no versions, no error page", async () => {
    const { result } = await load("?from=1&to=2", 99);
    expect(result.versions).toEqual([]);
    expect(result.diff).toBeNull();
  });
});
