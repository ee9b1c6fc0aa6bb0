/** The /subscribe action on the forms layer (ADR 046): the address checked first, junk, huge, missing and hostile input never a 5xx nor a call. */
import { describe, expect, it } from "vitest";
import { jsonResponse as json, recordingApi, type ApiHandler as Handler } from "#app/lib/api-client.test-support.ts";
import { fieldError, formMessage } from "#app/lib/forms.ts";
import type { SubscribeReply } from "#app/features/subscription/subscription.ts";
import { action } from "./subscribe.tsx";
import type { Route } from "./+types/subscribe";


async function post(body: BodyInit | null, handler: Handler = () => json({ data: { success: true, alreadySubscribed: false, confirmed: false } })) {
  const { api, seen } = recordingApi(handler);
  const request = new Request("http://shop.test/subscribe", { method: "POST", body });
  const context = { api, site: { origin: "http://shop.test" } };
  const result = (await action({ request, context, params: {} } as unknown as Route.ActionArgs)) as unknown as { data: SubscribeReply; init: ResponseInit | null };
  return { reply: result.data, status: result.init?.status, seen };
}

const form = (fields: Record<string, string | File>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

describe("POST /subscribe", () => {
  it("subscribes the trimmed address, with the site's origin", async () => {
    const { reply, status, seen } = await post(form({ email: "  reader@example.ru ", website: "" }));
    expect(reply).toEqual({ status: "success", alreadySubscribed: false, confirmed: false });
    expect(status).toBe(200);
    expect(await seen[0]!.json()).toEqual({ email: "reader@example.ru" });
    expect(seen[0]!.headers.get("X-Site-Origin")).toBe("http://shop.test");
  });

  it.each([
    ["missing", form({}), "Укажите e-mail"],
    ["blank", form({ email: "   " }), "Укажите e-mail"],
    ["malformed", form({ email: "reader@" }), "Неверный формат e-mail"],
    ["hostile (a header smuggled in)", form({ email: "a@example.ru\r\nBcc: all@example.ru" }), "Неверный формат e-mail"],
    ["markup", form({ email: "<script>alert(1)</script>@x.ru" }), "Неверный формат e-mail"],
    ["a file in place of the address", form({ email: new File(["x"], "a.txt") }), "Укажите e-mail"],
    ["huge", form({ email: `${"a".repeat(1_000_000)}@example.ru` }), "Слишком длинный e-mail"],
  ])("%s → the message under the field, no call, never echoed whole", async (_name, body, message) => {
    const { reply, status, seen } = await post(body);
    expect(seen).toHaveLength(0);
    expect(status).toBe(400);
    expect(fieldError(reply, "email")).toBe(message);
    expect(JSON.stringify(reply).length).toBeLessThan(1_000);
  });

  it("no readable body → a Russian message above the form", async () => {
    const { reply, seen } = await post(null);
    expect(seen).toHaveLength(0);
    expect(formMessage(reply)).toMatch(/[А-Яа-я]/);
  });

  it("a filled honeypot is a success, and nothing is sent", async () => {
    const { reply, seen } = await post(form({ email: "bot@example.ru", website: "http://spam.example" }));
    expect(reply).toMatchObject({ status: "success" });
    expect(seen).toHaveLength(0);
  });

  it("the API's field error goes under the field, its other message above the form, the address kept", async () => {
    const field = await post(form({ email: "reader@example.ru" }), () => json({ message: "Проверьте данные", errors: [{ field: "email", message: "Этот адрес не принимает почту" }] }, 400));
    expect(fieldError(field.reply, "email")).toBe("Этот адрес не принимает почту");
    expect(field.reply.initialValue).toEqual({ email: "reader@example.ru" });
    const whole = await post(form({ email: "reader@example.ru", website: "" }), () => json({ message: "Слишком много подписок. Попробуйте через 5 минут", errors: [] }, 429));
    expect(formMessage(whole.reply)).toBe("Слишком много подписок. Попробуйте через 5 минут");
    expect(whole.reply.initialValue).toEqual({ email: "reader@example.ru" });
  });
});
