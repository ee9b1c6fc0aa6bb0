/**
 * A consistent offer document for the renderer's tests (api/kp/documents): `lines` product lines
 * with the demo catalogue's pictures, print lines on every other line, a delay and VAT; its totals
 * add up the way the document states them.
 */
import type { KpDocument, KpDocumentLine, KpVatMode } from "#contract/kp-document.ts";
import { mediaUrl, PRODUCT_SHAPES } from "#api/media/urls.ts";

const TITLES = ["Ручка шариковая «Офис»", "Кружка керамическая 350 мл", "Блокнот А5 в клетку", "Термокружка с крышкой 450 мл", "Сумка-шоппер из хлопка"];
const COLOURS = ["1976d2", "d32f2f", "388e3c", "f57c00", "7b1fa2"];
const VARIATIONS = ["Синий", "Красный, 350 мл", null, "Зелёный, XL", "Оранжевый"];

const cents = (n: number) => Math.round(n * 100) / 100;

export function sampleKpLines(count: number): KpDocumentLine[] {
  return Array.from({ length: count }, (_, index) => {
    const kind = index % TITLES.length;
    const unitPrice = cents(49.9 + ((index * 37) % 900) + (index % 3) * 0.25);
    const quantity = 50 + ((index * 53) % 950);
    const printLines =
      index % 2 === 0
        ? [
            { description: `Тампопечать, ${1 + (index % 3)} цв., 40×20 мм, 1 место`, price: cents(quantity * 4.5) },
            ...(index % 4 === 0 ? [{ description: "Лазерная гравировка, 30×10 мм", price: cents(quantity * 12) }] : []),
          ]
        : [];
    const printPrice = cents(printLines.reduce((sum, line) => sum + line.price, 0));
    return {
      position: index + 1,
      image: mediaUrl(PRODUCT_SHAPES[(index * 5) % PRODUCT_SHAPES.length]!, 100 + index, `#${COLOURS[kind]}`),
      sku: `PD-${String(10_000 + index * 17).padStart(6, "0")}`,
      title: TITLES[kind]!,
      variation: VARIATIONS[kind] ?? null,
      count: quantity,
      unitPrice,
      printLines,
      printPrice,
      total: cents(unitPrice * quantity + printPrice),
    };
  });
}

export function sampleKpDocument({ lines = 3, vatMode = "included" as KpVatMode, vatRate = 22 as number | null, logo = null as string | null } = {}): KpDocument {
  const items = sampleKpLines(lines);
  const goods = cents(items.reduce((sum, line) => sum + line.unitPrice * line.count, 0));
  const print = cents(items.reduce((sum, line) => sum + line.printPrice, 0));
  const delaySurcharge = cents((goods + print) * 0.03);
  // ADR 051: the discount is inside the goods' prices (what the lines were sold below list), not subtracted again.
  const discount = cents(goods * 0.05);
  const net = cents(goods + print + delaySurcharge);
  const rate = vatMode === "none" ? null : vatRate;
  const vat = rate === null ? 0 : vatMode === "included" ? cents((net * rate) / (100 + rate)) : cents((net * rate) / 100);
  const total = vatMode === "added" ? cents(net + vat) : net;
  return {
    number: "2026-000124",
    version: 3,
    title: "Новогодние подарки для партнёров",
    createdAt: "2026-11-29T09:30:00.000Z",
    validUntil: "2026-12-09",
    seller: {
      name: "ООО «Подарки Оптом»",
      inn: "7707083893",
      kpp: "770701001",
      ogrn: "1027700132195",
      address: "125009, г. Москва, ул. Тверская, д. 7, офис 12",
      bankTitle: "ПАО Сбербанк",
      bik: "044525225",
      checkingAccount: "40702810938000000001",
      correspondentAccount: "30101810400000000225",
      logo,
    },
    client: { title: "АО «Ромашка»", inn: "7736207543" },
    representative: { name: "Анна Сергеевна Иванова", email: "anna@romashka.ru", phone: "+74951234567" },
    manager: { name: "Пётр Николаевич Смирнов", phone: "+74957654321", email: "manager@demo.ru" },
    lines: items,
    totals: { goods, print, delaySurcharge, discount, vatMode, vatRate: rate, vat, total },
    delay: { title: "30 дней", days: 30 },
    conditions:
      "Цены указаны с учётом нанесения логотипа заказчика.\n\nСрок изготовления — 10 рабочих дней после утверждения макета и оплаты. Доставка по Москве бесплатно при заказе от 30 000 ₽.",
  };
}
