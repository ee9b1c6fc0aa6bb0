import { describe, expect, it } from "vitest";
import { redactUrl } from "#log/redact.ts";
import { HIDDEN, scrubEvent, scrubSpan, scrubText, scrubUrl } from "./error-scrub.ts";

describe("error-scrub (issue 28: what an error report may carry)", () => {
  it("hides e-mails and phones in text, as people type them", () => {
    expect(scrubText("нет заказа для ivan.petrov@example.ru")).toBe(`нет заказа для ${HIDDEN}`);
    for (const phone of ["+7 (916) 123-45-67", "89161234567", "+79161234567", "8 916 123 45 67", "916.123.45.67"]) {
      expect(scrubText(`звонок ${phone} сорвался`)).toBe(`звонок ${HIDDEN} сорвался`);
    }
    // Short numbers (order ids, prices, years) stay.
    expect(scrubText("Заказ 4711 на 1 250 ₽, 2026 год")).toBe("Заказ 4711 на 1 250 ₽, 2026 год");
  });

  it("hides query values that name a secret or a person, key-like path segments, and what the log's rule hides", () => {
    expect(scrubUrl("https://shop.test/search?q=ручка&email=a%40b.ru&phone=%2B79161234567&code=123456&page=2")).toBe(
      `https://shop.test/search?q=ручка&email=${HIDDEN}&phone=${HIDDEN}&code=${HIDDEN}&page=2`,
    );
    expect(scrubUrl("/kp/public/a1b2c3d4e5f6a7b8c9d0e1f2/view")).toBe(`/kp/public/${HIDDEN}/view`);
    expect(scrubUrl("/reset-password/short1.data", redactUrl)).toBe(`/reset-password/${HIDDEN}.data`);
    expect(scrubUrl("/catalog/goods/492#ivan@example.ru")).toBe("/catalog/goods/492");
    expect(scrubUrl("/catalog/ruchki-metallicheskie")).toBe("/catalog/ruchki-metallicheskie");
  });

  it("drops the user, headers, cookies and body of an event and scrubs every string that stays", () => {
    const event = scrubEvent(
      {
        message: "письмо на ivan@example.ru не ушло",
        user: { id: "7", email: "ivan@example.ru", ip_address: "10.0.0.1" },
        server_name: "host-1",
        request: { method: "POST", url: "https://shop.test/profile?token=abc", headers: { Cookie: "token=abc" }, cookies: { token: "abc" }, data: { phone: "+79161234567" } },
        exception: { values: [{ value: "нет телефона 8 916 123-45-67" }] },
        breadcrumbs: [{ message: "fetch", data: { url: "/api/auth/reset-password/tok?email=a@b.ru" } }],
        extra: { note: "a@b.ru", nested: { authorization: "Bearer x", list: ["+7 916 123 45 67"] } },
        tags: { "route.id": "routes/profile" },
        contexts: { trace: { trace_id: "0123456789abcdef0123456789abcdef", data: { "url.full": "https://shop.test/?email=a@b.ru" } }, runtime: { name: "node" } },
      },
      redactUrl,
    );
    expect(event).toEqual({
      message: `письмо на ${HIDDEN} не ушло`,
      request: { method: "POST", url: `https://shop.test/profile?token=${HIDDEN}` },
      exception: { values: [{ value: `нет телефона ${HIDDEN}` }] },
      breadcrumbs: [{ message: "fetch", data: { url: `/api/auth/reset-password/${HIDDEN}?email=${HIDDEN}` } }],
      extra: { note: HIDDEN, nested: { authorization: HIDDEN, list: [HIDDEN] } },
      tags: { "route.id": "routes/profile" },
      contexts: { runtime: { name: "node" }, trace: { trace_id: "0123456789abcdef0123456789abcdef", data: { "url.full": `https://shop.test/?email=${HIDDEN}` } } },
    });
  });

  it("scrubs a span's name and attributes", () => {
    const span = scrubSpan({ name: "GET /order/77?phone=89161234567", attributes: { "url.full": "https://x.test/?token=t", "user.email": "a@b.ru", n: 3 } });
    expect(span).toEqual({ name: `GET /order/77?phone=${HIDDEN}`, attributes: { "url.full": `https://x.test/?token=${HIDDEN}`, "user.email": HIDDEN, n: 3 } });
  });
});
