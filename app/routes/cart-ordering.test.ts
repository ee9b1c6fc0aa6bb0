/** The ordering action: field errors under the fields (§5), values kept, Idempotency-Key sent, junk never a 5xx. */
import { describe, expect, it } from "vitest";
import { jsonResponse as json, recordingApi, TEST_API as API, type ApiHandler as Handler } from "#app/lib/api-client.test-support.ts";
import { thanksHref, type OrderReply } from "#app/features/cart/ordering.ts";
import { formMessage } from "#app/lib/forms.ts";
import { action } from "./cart-ordering.tsx";
import type { Route } from "./+types/cart-ordering";


async function order(body: BodyInit | null, handler: Handler = () => json({ data: { id: 1042 } }), city: { id: number; office?: { id?: number } } = { id: 2 }) {
  const { api, seen } = recordingApi(handler);
  const request = new Request("http://shop.test/cart/ordering", { method: "POST", body });
  const context = { api, city, site: { hostname: "shop.test" }, cookieDomain: undefined };
  const result = (await action({ request, context, params: {} } as unknown as Route.ActionArgs)) as unknown as { data: OrderReply; init: ResponseInit | null };
  return { answer: result.data, seen, headers: new Headers(result.init?.headers) };
}

const lines = JSON.stringify([{ variation: 501, count: 100, comment: "синий логотип", coatings: [{ id: "a1", coating: 1, width: 40, height: 20, variant: null, options: [] }] }]);
const KEY = "3f0b2a4c-9d7e-4b1a-8c55-0a1b2c3d4e5f";
/** file/upload keys (32 base64url characters). */
const FILE_A = "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z";
const FILE_REQ = "Req_isites-0123456789abcdefghijk";
function valid(patch: Record<string, string | null> = {}) {
  const f = new FormData();
  const fields: Record<string, string | null> = {
    representativeName: "Иванова Мария Петровна",
    representativeEmail: "maria@example.ru",
    representativePhone: "+7 (921) 123-45-67",
    deliveryType: "pickup_point",
    shipmentAddress: "",
    deliveryTime: "после 14:00",
    manager: "",
    lines,
    comment: "Счёт на юрлицо",
    // Keys only (ADR 025): ids, junk and repeats are dropped.
    imageKeys: JSON.stringify([FILE_A, FILE_A, 9, -1, "x", "../etc", "a".repeat(33)]),
    idempotencyKey: KEY,
    ...patch,
  };
  for (const [k, v] of Object.entries(fields)) if (v !== null) f.set(k, v);
  return f;
}

describe("POST /cart/ordering", () => {
  it("orders the lines with the draft, the unmasked phone and the Idempotency-Key", async () => {
    const { answer, seen, headers } = await order(valid({ manager: "7" }));
    expect(answer).toEqual({ status: "success", orderId: 1042 });
    // §4: the chosen manager is remembered for the next order.
    expect(headers.get("Set-Cookie")).toBe("managerId=7; Max-Age=2678400; Domain=shop.test; Path=/; HttpOnly; Secure; SameSite=Lax");
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe(`${API}/order/create_unauth`);
    expect(seen[0]!.headers.get("Idempotency-Key")).toBe(KEY);
    expect(await seen[0]!.json()).toEqual({
      cityId: 2,
      representativeName: "Иванова Мария Петровна",
      representativeEmail: "maria@example.ru",
      representativePhone: "+79211234567",
      deliveryType: "pickup_point",
      // No office chosen: the city's own (the API's default).
      pickupOffice: null,
      shipmentAddress: null,
      deliveryTime: "после 14:00",
      manager: 7,
      legalFile: null,
      variations: JSON.parse(lines),
      comment: "Счёт на юрлицо",
      imageKeys: [FILE_A],
    });
  });

  describe("pickup office (issue 25 item 19)", () => {
    it("sends the chosen office, and /thanks learns where to collect the order", async () => {
      const { answer, seen } = await order(valid({ pickupOffice: "2" }), undefined, { id: 3, office: { id: 1 } });
      expect(answer).toEqual({ status: "success", orderId: 1042, pickupOffice: 2 });
      expect(thanksHref(1042, 2)).toBe("/thanks?order=1042&office=2");
      expect(await seen[0]!.json()).toMatchObject({ cityId: 3, deliveryType: "pickup_point", pickupOffice: 2, shipmentAddress: null });
    });

    it("without a choice the API takes the city's own office, and /thanks names that one", async () => {
      const { answer, seen } = await order(valid(), undefined, { id: 2, office: { id: 2 } });
      expect(answer).toEqual({ status: "success", orderId: 1042, pickupOffice: 2 });
      expect(await seen[0]!.json()).toMatchObject({ pickupOffice: null });
    });

    it("delivery sends no office and /thanks names none", async () => {
      const { answer, seen } = await order(valid({ deliveryType: "courier", shipmentAddress: "Москва, ул. Тверская, д. 1", pickupOffice: "2" }), undefined, { id: 2, office: { id: 2 } });
      expect(answer).toEqual({ status: "success", orderId: 1042 });
      expect(await seen[0]!.json()).toMatchObject({ deliveryType: "courier", pickupOffice: null, shipmentAddress: "Москва, ул. Тверская, д. 1" });
    });

    it.each([["letters", "Москва"], ["a negative id", "-1"], ["a huge id", "99999999999"], ["markup", "<b>1</b>"]])("refuses %s under the field, without a call", async (_, value) => {
      const { answer, seen } = await order(valid({ pickupOffice: value }));
      expect(seen).toHaveLength(0);
      expect(answer).toMatchObject({ status: "error", error: { pickupOffice: ["Выберите офис для самовывоза из списка."] } });
    });

    it("an office the API does not know is the API's message under the field", async () => {
      const { answer } = await order(valid({ pickupOffice: "77" }), () =>
        json({ message: "Проверьте заказ", errors: [{ field: "pickupOffice", message: "Выберите офис для самовывоза из списка" }] }, 400),
      );
      expect(answer).toMatchObject({ status: "error", error: { pickupOffice: ["Выберите офис для самовывоза из списка"] }, initialValue: { pickupOffice: "77" } });
    });
  });

  it("the same key twice sends the same key (the API answers the same order)", async () => {
    const first = await order(valid());
    const second = await order(valid());
    expect(first.seen[0]!.headers.get("Idempotency-Key")).toBe(second.seen[0]!.headers.get("Idempotency-Key"));
  });

  it("§5: missing and malformed fields are messages under the fields, the values come back, no call", async () => {
    const { answer, seen } = await order(
      valid({ representativeName: "  ", representativeEmail: "maria@", representativePhone: "+7 (921) 12", deliveryType: "courier", shipmentAddress: "", manager: "abc" }),
    );
    expect(seen).toHaveLength(0);
    expect(answer.status).toBe("error");
    expect(answer.error).toEqual({
      "": ["Проверьте поля, отмеченные ниже."],
      representativeName: ["Укажите ФИО."],
      representativeEmail: ["Неверный формат e-mail."],
      representativePhone: ["Укажите телефон полностью: +7 (XXX) XXX-XX-XX."],
      shipmentAddress: ["Укажите адрес доставки."],
      manager: ["Выберите менеджера из списка."],
    });
    expect(answer.initialValue).toMatchObject({ representativeEmail: "maria@", representativePhone: "+7 (921) 12", deliveryType: "courier" });
    // The cart's own fields are never echoed back (the page fills them).
    expect(answer.initialValue).not.toHaveProperty("lines");
    expect(answer.initialValue).not.toHaveProperty("idempotencyKey");
  });

  it("§5: the server's field errors go under the fields; others are the form's message", async () => {
    const { answer } = await order(valid(), () =>
      json(
        {
          message: "Проверьте данные заказа",
          errors: [
            { field: "representativeEmail", message: "Этот адрес не принимает почту" },
            { field: "variations.0.coatings.0.variant", message: "Выберите вариант нанесения" },
          ],
        },
        400,
      ),
    );
    expect(answer).toMatchObject({ status: "error", error: { "": ["Выберите вариант нанесения"], representativeEmail: ["Этот адрес не принимает почту"] } });
    const minimum = await order(valid(), () => json({ message: "Сумма заказа меньше минимальной (10 000 ₽)", errors: [] }, 400));
    expect(minimum.answer).toMatchObject({ status: "error", error: { "": ["Сумма заказа меньше минимальной (10 000 ₽)"] } });
    expect(Object.keys(minimum.answer.error ?? {})).toEqual([""]);
    const reused = await order(valid(), () => json({ message: "Проверьте заказ", errors: [{ field: "Idempotency-Key", message: "Этот ключ повтора (Idempotency-Key) уже использован для другого заказа" }] }, 409));
    expect(reused.answer).toMatchObject({ status: "error", newAttempt: true, error: { "": [expect.stringMatching(/^Этот заказ уже принят/)] } });
    const taken = await order(valid({ legalFile: FILE_REQ }), () =>
      json({ message: "Проверьте заказ", errors: [{ field: "legalFile", message: "Этот файл уже приложен к другому заказу, загрузите его ещё раз" }] }, 400),
    );
    // The refused requisites are asked for again (the file input comes back).
    expect(taken.answer).toMatchObject({ status: "error", legalFile: null, error: { legalFileUpload: [expect.stringMatching(/другому заказу/)] } });
    const gone = await order(valid(), () => json({ message: "Проверьте заказ", errors: [{ field: "imageKeys.0", message: "Файл не найден, загрузите его ещё раз" }] }, 400));
    expect(gone.answer).toMatchObject({ status: "error", error: { "": [expect.stringMatching(/^Приложенный макет больше недоступен.*вернитесь в корзину/)] } });
    const down = await order(valid(), () => new Response("", { status: 503 }));
    expect(down.answer).toMatchObject({ status: "error", error: { "": ["Что-то пошло не так"] } });
  });

  it("409 naming the key's earlier order: that order is the answer (the page clears the cart and shows /thanks)", async () => {
    const { answer, headers } = await order(valid({ manager: "7" }), () =>
      json({ message: "Этот ключ повтора (Idempotency-Key) уже использован для другого заказа", errors: [{ field: "Idempotency-Key", message: "…" }], orderId: 1041 }, 409),
    );
    expect(answer).toEqual({ status: "success", orderId: 1041, earlier: true });
    expect(headers.get("Set-Cookie")).toMatch(/^managerId=7;/);
  });

  it("an id where a file key belongs is not sent", async () => {
    const { seen } = await order(valid({ legalFile: "77", imageKeys: "[9, 10]" }));
    expect(await seen[0]!.json()).toMatchObject({ legalFile: null, imageKeys: [] });
  });

  it.each([
    ["no body", null],
    ["no lines (no JavaScript)", valid({ lines: null })],
    ["empty lines", valid({ lines: "[]" })],
    ["junk lines", valid({ lines: "{{{" })],
    ["hostile lines", valid({ lines: '[{"variation":"1 OR 1=1","count":1}]' })],
    ["huge lines", valid({ lines: `[${"0,".repeat(350_000)}0]` })],
  ])("%s → a Russian message, no order", async (_name, body) => {
    const { answer, seen } = await order(body);
    expect(seen).toHaveLength(0);
    expect(answer.status).toBe("error");
    expect(formMessage(answer)).toMatch(/[А-Яа-я]/);
  });

  it("junk in every field is cut, read as unset or refused, never thrown", async () => {
    const { answer } = await order(
      valid({ representativeName: "<script>alert(1)</script>".repeat(100), deliveryType: "teleport", deliveryTime: "x".repeat(10_000), idempotencyKey: "../../etc/passwd" }),
    );
    // A name is any text (cut to 255); an unknown delivery type is the default; a bad key is replaced.
    expect(answer).toEqual({ status: "success", orderId: 1042 });
  });

  it("missing fields (none posted) are each the shop's message under the field, no call", async () => {
    const { answer, seen } = await order(valid({ representativeName: null, representativeEmail: null, representativePhone: null, deliveryType: null }));
    expect(seen).toHaveLength(0);
    expect(answer.error).toEqual({
      "": ["Проверьте поля, отмеченные ниже."],
      representativeName: ["Укажите ФИО."],
      representativeEmail: ["Укажите e-mail."],
      representativePhone: ["Укажите телефон."],
    });
  });

  it("huge and hostile values are cut before reading and never echoed whole; a file where text belongs is a missing field", async () => {
    const form = valid({ representativeEmail: `${"a".repeat(1_000_000)}@example.ru`, shipmentAddress: "<img src=x onerror=alert(1)>".repeat(10_000), deliveryType: "courier" });
    form.set("representativeName", new File(["x"], "name.txt"));
    const { answer, seen } = await order(form);
    expect(seen).toHaveLength(0);
    expect(answer.error).toMatchObject({ representativeName: ["Укажите ФИО."], representativeEmail: [expect.any(String)] });
    expect(JSON.stringify(answer).length).toBeLessThan(5_000);
  });

  it("a requisites file is uploaded first and kept after an error", async () => {
    const form = valid({ representativeName: "" });
    form.set("legalFileUpload", new File(["%PDF"], "реквизиты.pdf", { type: "application/pdf" }));
    const { answer, seen } = await order(form, (request) =>
      request.url.endsWith("/file/upload")
        ? json({ data: { id: 77, key: FILE_REQ, url: `/api/file/${FILE_REQ}`, thumbnailUrl: null, originalName: "реквизиты.pdf", mimeType: "application/pdf", size: 4, createdAt: "2026-11-27T10:00:00.000Z" } })
        : json({ data: { id: 1 } }),
    );
    expect(seen.map((r) => new URL(r.url).pathname)).toEqual(["/api/file/upload"]);
    expect(answer).toMatchObject({ status: "error", legalFile: { key: FILE_REQ, name: "реквизиты.pdf" }, error: { representativeName: ["Укажите ФИО."] } });
    const again = valid();
    again.set("legalFile", FILE_REQ);
    const second = await order(again);
    expect(await second.seen[0]!.json()).toMatchObject({ legalFile: FILE_REQ });
  });

  it("a program as requisites is refused under its field", async () => {
    const form = valid();
    form.set("legalFileUpload", new File(["MZ"], "virus.exe", { type: "application/x-msdownload" }));
    const { answer, seen } = await order(form);
    expect(seen).toHaveLength(0);
    expect(answer).toMatchObject({ status: "error", error: { legalFileUpload: [expect.stringMatching(/PDF/)] } });
  });
});
