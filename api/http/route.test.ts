import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiErrorBody, endpoint } from "../../contract/index";
import { errorResponse } from "./errors";
import { honoPath, JsonText, queryObject, route } from "./route";

const sample = endpoint({
  id: "sample",
  method: "POST",
  path: "/sample/{id}/",
  tag: "test",
  summary: "test endpoint",
  timeout: "default",
  params: z.object({ id: z.coerce.number().int().positive() }),
  query: z.object({ groupIds: z.array(z.coerce.number().int()).default([]), page: z.coerce.number().int().default(1) }),
  body: z.object({ text: z.string().min(1) }),
  response: z.object({ id: z.number(), text: z.string(), groupIds: z.array(z.number()), page: z.number() }),
});

function app(handler: Parameters<typeof route<typeof sample>>[2], validateResponses = false) {
  const logError = vi.fn();
  const hono = new Hono({ strict: false });
  route(hono, sample, handler, { validateResponses });
  hono.onError((error, c) => errorResponse(error, c, logError));
  const post = (path: string, body: string) =>
    hono.fetch(new Request(`http://x${path}`, { method: "POST", body, headers: { "Content-Type": "application/json" } }));
  return { post, logError };
}

describe("route()", () => {
  it("maps contract paths to Hono paths", () => {
    expect(honoPath("/static_page/detail/{slug}")).toBe("/static_page/detail/:slug");
    expect(honoPath("/city/")).toBe("/city");
    expect(honoPath("/")).toBe("/");
  });

  it("reads key[] and repeated keys as arrays", () => {
    expect(queryObject(new URL("http://x/?groupIds[]=1&groupIds[]=2&a=1&a=2&page=3"))).toEqual({
      groupIds: ["1", "2"],
      a: ["1", "2"],
      page: "3",
    });
  });

  it("validates params, query and body and wraps the answer in { data }", async () => {
    const { post } = app(({ params, query, body }) => ({ id: params.id, text: body.text, groupIds: query.groupIds, page: query.page }));
    const response = await post("/sample/7?groupIds[]=1&groupIds[]=5", JSON.stringify({ text: "привет" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { id: 7, text: "привет", groupIds: [1, 5], page: 1 } });
  });

  it("answers 400 with Russian field errors (§5 field/message pairs)", async () => {
    const { post } = app(() => ({ id: 1, text: "", groupIds: [], page: 1 }));
    const bad = await post("/sample/0?page=x", JSON.stringify({ text: "" }));
    expect(bad.status).toBe(400);
    const body = ApiErrorBody.parse(await bad.json());
    expect(body.errors.map((e) => e.field)).toEqual(["id"]);
    expect(body.errors[0].message).toMatch(/[а-яё]/i);

    const badBody = ApiErrorBody.parse(await (await post("/sample/1", JSON.stringify({ text: "" }))).json());
    expect(badBody.errors.map((e) => e.field)).toEqual(["text"]);

    const badJson = await post("/sample/1", "{oops");
    expect(badJson.status).toBe(400);
    expect(ApiErrorBody.parse(await badJson.json()).errors).toEqual([{ field: "body", message: "Некорректный JSON" }]);
  });

  it("turns unexpected errors into a logged 500 with the error body", async () => {
    const { post, logError } = app(() => {
      throw new Error("boom");
    });
    const response = await post("/sample/1", JSON.stringify({ text: "a" }));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: "Внутренняя ошибка сервера", errors: [] });
    expect(logError).toHaveBeenCalledOnce();
  });

  it("with validateResponses, an answer that breaks the contract is a 500", async () => {
    const { post, logError } = app(() => ({ id: "nope" }) as never, true);
    const response = await post("/sample/1", JSON.stringify({ text: "a" }));
    expect(response.status).toBe(500);
    expect(String(logError.mock.calls[0][0])).toMatch(/does not match the contract/);
  });
  it("sends a JsonText answer as it is, in { data }, and validates it when asked", async () => {
    const json = JSON.stringify({ id: 5, text: "пять", groupIds: [], page: 1 });
    const plain = await app(() => new JsonText(json)).post("/sample/5", '{"text":"a"}');
    expect(plain.status).toBe(200);
    expect(plain.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await plain.text()).toBe(`{"data":${json}}`);
    expect(await (await app(() => new JsonText(json), true).post("/sample/5", '{"text":"a"}')).json()).toEqual({ data: JSON.parse(json) });
    const bytes = await app(() => new JsonText(Buffer.from(json))).post("/sample/5", '{"text":"a"}');
    expect(await bytes.text()).toBe(`{"data":${json}}`);
    const broken = app(() => new JsonText('{"id":"x"}'), true);
    expect((await broken.post("/sample/5", '{"text":"a"}')).status).toBe(500);
  });
});
