/** The cart's actions with junk, huge, missing and hostile input: a Russian message, never a 5xx. */
import { describe, expect, it } from "vitest";
import { jsonResponse as json, recordingApi, TEST_API as API, type ApiHandler as Handler } from "#app/lib/api-client.test-support.ts";
import type { CartPriceAnswer } from "#app/features/cart/cart-view.ts";
import type { UploadResult } from "#app/features/cart/cart.server.ts";
import { action as cartAction } from "./cart.tsx";
import { action as uploadAction, loader as uploadLoader } from "./cart-upload.ts";
import type { Route as CartRoute } from "./+types/cart";
import type { Route as UploadRoute } from "./+types/cart-upload";

const FILE_KEY = "LogoLogoLogoLogoLogoLogoLogo0009";

const product = { id: 501, groupId: 50, sku: "CP-1", title: "Кружка", color: { id: 1, title: "Белый", slug: "white", hex: "#ffffff" }, size: null, stock: 5, price: 100, priceTiers: [{ minQty: 1, price: 100 }, { minQty: 50, price: 90 }, { minQty: 100, price: 80 }], images: ["/api/media/mug/1.svg"], weight: 300 };
const pricedCart = {
  cartItems: [{ variation: 501, count: 60, comment: null, coatings: [], product, group: { id: 50, title: "Кружка «Утро»", slug: "mug", image: null }, unitPrice: 90, itemsPrice: 5400, printPrice: 0, price: 5400, stockNote: "В наличии 5 шт., остальное — под заказ, срок уточнит менеджер", weight: 18000 }],
  itemsPrice: 5400,
  printPrice: 0,
  price: 5400,
  totalCount: 60,
  weight: 18000,
  comment: "",
  images: [],
  unavailableVariations: [777],
};

function contextWith(handler: Handler) {
  const { api, seen } = recordingApi(handler);
  return { context: { api, city: { id: 3 } }, seen };
}

async function price(body: BodyInit | null, handler: Handler = () => json({ data: pricedCart }), headers?: Record<string, string>) {
  const { context, seen } = contextWith(handler);
  const request = new Request("http://shop.test/cart", { method: "POST", body, headers });
  const result = (await cartAction({ request, context, params: {} } as unknown as CartRoute.ActionArgs)) as unknown as { data: CartPriceAnswer; init: ResponseInit | null };
  return { answer: result.data, init: result.init, seen };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const lines = JSON.stringify([{ variation: 501, count: 60, comment: null, coatings: [] }, { variation: 777, count: 1, comment: null, coatings: [] }]);

describe("POST /cart intent=price", () => {
  it("prices the lines through cart/unauth and names the variations that are gone", async () => {
    const { answer, seen, init } = await price(form({ intent: "price", key: "k1", lines }));
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe(`${API}/cart/unauth`);
    expect(await seen[0]!.json()).toEqual({ variations: JSON.parse(lines) });
    expect(answer.key).toBe("k1");
    expect(answer.error).toBeNull();
    expect(answer.cart.price).toBe(5400);
    expect(answer.cart.lines[0]).toMatchObject({ variation: 501, title: "Кружка «Утро»", sku: "CP-1", unitPrice: 90, tierFrom: 50, nextTier: { minQty: 100, price: 80 }, stockNote: expect.stringMatching(/^В наличии 5 шт\., остальное — под заказ/) });
    expect(answer.unavailable).toEqual([{ variation: 777 }]);
    expect(new Headers(init?.headers).get("Cache-Control")).toBe("no-store");
  });

  it("an empty cart is zeros without a call", async () => {
    const { answer, seen } = await price(form({ intent: "price", key: "k", lines: "[]" }));
    expect(seen).toHaveLength(0);
    expect(answer).toMatchObject({ error: null, cart: { price: 0, lines: [] } });
  });

  it.each([
    ["no body", null],
    ["no intent", form({ lines })],
    ["another intent", form({ intent: "drop-tables", lines })],
    ["no lines", form({ intent: "price" })],
    ["not JSON", form({ intent: "price", lines: "{" })],
    ["not a list", form({ intent: "price", lines: '{"a":1}' })],
    ["negative count", form({ intent: "price", lines: '[{"variation":1,"count":-1}]' })],
    ["count over 999 999", form({ intent: "price", lines: '[{"variation":1,"count":1000000}]' })],
    ["duplicate variations", form({ intent: "price", lines: '[{"variation":1,"count":1},{"variation":1,"count":2}]' })],
    ["hostile strings", form({ intent: "price", lines: '[{"variation":"<script>","count":"1; DROP"}]' })],
    ["prototype pollution", form({ intent: "price", lines: '[{"__proto__":{"x":1},"variation":1,"count":1,"constructor":{}}]'.replace('"variation":1,"count":1,', "") })],
    ["too many lines", form({ intent: "price", lines: JSON.stringify(Array.from({ length: 10_000 }, (_, i) => ({ variation: i + 1, count: 1 }))) })],
    ["huge field", form({ intent: "price", lines: `[${"1,".repeat(400_000)}1]` })],
    ["multipart junk", (() => { const f = new FormData(); f.set("intent", "price"); f.set("lines", new Blob(["x"])); return f; })()],
  ])("%s → a Russian message and zeros, no API call", async (_name, body) => {
    const { answer, seen } = await price(body);
    expect(seen).toHaveLength(0);
    expect(answer.error).toMatch(/Не удалось прочитать корзину/);
    expect(answer.cart).toMatchObject({ price: 0, itemsPrice: 0, printPrice: 0, totalCount: 0, weight: 0, lines: [] });
  });

  it("a body that is not a form → the message", async () => {
    const { answer } = await price('{"intent":"price"}', undefined, { "Content-Type": "application/json" });
    expect(answer.error).toMatch(/Не удалось прочитать корзину/);
  });

  it("§8: an API failure resets to zeros with its message", async () => {
    const down = await price(form({ intent: "price", key: "k", lines }), () => new Response("oops", { status: 502 }));
    expect(down.answer).toMatchObject({ error: "Что-то пошло не так", cart: { price: 0, lines: [] } });
    const refused = await price(form({ intent: "price", key: "k", lines }), () => json({ message: "Неверные данные", errors: [{ field: "variations.0.count", message: "Количество — не больше 999 999" }] }, 400));
    expect(refused.answer.error).toBe("Количество — не больше 999 999");
    const unreachable = await price(form({ intent: "price", key: "k", lines }), () => Promise.reject(new TypeError("refused")));
    expect(unreachable.answer).toMatchObject({ error: "Ошибка", cart: { price: 0 } });
    const junk = await price(form({ intent: "price", key: "k", lines }), () => json({ data: { cartItems: "x" } }));
    expect(junk.answer.error).toBe("Что-то пошло не так");
  });
});

async function upload(body: BodyInit | null, handler: Handler = () => json({ data: { id: 9, key: FILE_KEY, url: `/api/file/${FILE_KEY}`, thumbnailUrl: null, originalName: "logo.png", mimeType: "image/png", size: 3, createdAt: "2026-11-27T10:00:00.000Z" } })) {
  const { context, seen } = contextWith(handler);
  const request = new Request("http://shop.test/cart/upload", { method: "POST", body });
  const result = (await uploadAction({ request, context, params: {} } as unknown as UploadRoute.ActionArgs)) as unknown as { data: UploadResult; init: ResponseInit | null };
  return { result: result.data, status: result.init?.status ?? 200, seen };
}
const fileForm = (file: File | string | null, kind = "layout") => {
  const f = new FormData();
  f.set("kind", kind);
  if (file !== null) f.set("file", file);
  return f;
};

describe("POST /cart/upload", () => {
  it("uploads a picture through file/upload and answers what the cart keeps", async () => {
    const { result, seen } = await upload(fileForm(new File(["png"], "logo.png", { type: "image/png" })));
    expect(result).toEqual({ ok: true, file: { id: 9, key: FILE_KEY, url: `/api/file/${FILE_KEY}`, thumbnailUrl: null, originalName: "logo.png", mimeType: "image/png", size: 3 } });
    expect(seen[0]!.url).toBe(`${API}/file/upload`);
    expect(seen[0]!.headers.get("Content-Type")).toMatch(/^multipart\/form-data/);
  });

  it.each([
    ["no body", null, /Выберите файл/],
    ["no file", fileForm(null), /Выберите файл/],
    ["a string for a file", fileForm("C:\\evil.exe"), /Выберите файл/],
    ["an empty file", fileForm(new File([], "a.png", { type: "image/png" })), /Выберите файл/],
    ["an SVG (it can carry scripts)", fileForm(new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" })), /изображение/],
    ["over 10 MB", fileForm(new File([new Uint8Array(10 * 1024 * 1024 + 1)], "big.png", { type: "image/png" })), /больше 10 МБ/],
    ["a program", fileForm(new File(["MZ"], "setup.exe", { type: "application/x-msdownload" })), /изображение \(PNG, JPEG, WebP\) или PDF/],
    ["a picture type with another extension", fileForm(new File(["x"], "x.html", { type: "image/png" })), /изображение/],
    ["a Word file as a layout", fileForm(new File(["x"], "a.docx", { type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" })), /изображение/],
  ])("%s → a Russian message, no upload", async (_name, body, message) => {
    const { result, status, seen } = await upload(body);
    expect(seen).toHaveLength(0);
    expect(status).toBe(400);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(message);
  });

  // The browser's claimed type is not the file's: Windows sends "" for .webp, old IE image/pjpeg,
  // some PDF tools application/x-pdf. The API decides from the bytes.
  it.each([
    ["a WebP with no type", new File(["RIFF"], "logo.webp", { type: "" })],
    ["a JPEG as image/pjpeg", new File(["\xff\xd8"], "photo.JPG", { type: "image/pjpeg" })],
    ["a PDF as application/x-pdf", new File(["%PDF"], "rekvizity.pdf", { type: "application/x-pdf" }), "requisites"],
    ["a PDF as application/octet-stream", new File(["%PDF"], "scan.pdf", { type: "application/octet-stream" })],
  ] as [string, File, string?][])("%s goes to the API, which checks the bytes", async (_name, file, kind = "layout") => {
    const { result, seen } = await upload(fileForm(file, kind));
    expect(seen).toHaveLength(1);
    expect(result.ok).toBe(true);
  });

  it("an HTML page named .png: the API sniffs the bytes and its refusal is the message", async () => {
    const { result, seen, status } = await upload(fileForm(new File(["<script>"], "x.png", { type: "text/html" })), () =>
      json({ message: "Можно загрузить изображение (PNG, JPEG, WebP) или PDF", errors: [] }, 415),
    );
    expect(seen).toHaveLength(1);
    expect(status).toBe(400);
    expect(result).toEqual({ ok: false, error: "Можно загрузить изображение (PNG, JPEG, WebP) или PDF" });
  });

  it("requisites as a PDF; an API refusal is its message", async () => {
    const ok = await upload(fileForm(new File(["%PDF"], "реквизиты.pdf", { type: "application/pdf" }), "requisites"));
    expect(ok.result.ok).toBe(true);
    const refused = await upload(fileForm(new File(["x"], "a.pdf", { type: "application/pdf" })), () => json({ message: "Файл повреждён", errors: [] }, 422));
    expect(refused.result).toEqual({ ok: false, error: "Файл повреждён" });
  });

  it("GET is the §2 404", () => {
    expect(() => uploadLoader({ url: new URL("http://shop.test/cart/upload") } as unknown as UploadRoute.LoaderArgs)).toThrow();
  });
});
