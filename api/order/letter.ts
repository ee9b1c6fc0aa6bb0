/**
 * The order confirmation the representative receives after order/create(_unauth): the order
 * number, its lines and totals as stored, how it will be delivered and what happens next.
 * Plain text (every mail client shows it the same; nothing to sanitise).
 */
import type { DeliveryType, PickupOffice } from "../../contract/index";
import type { MailMessage } from "../mail/mailer";
import { formatPhone } from "../../contract/phone";

export interface LetterLine {
  title: string;
  sku: string;
  count: number;
  unitPrice: number;
  itemsPrice: number;
  printPrice: number;
  comment: string | null;
  /** Count above the stock (cart line stockNote): the rest is made to order. */
  stockNote?: string | null;
  coatings: { coatingTitle: string; variantTitle: string | null; width: number; height: number; options: string[]; price: number }[];
}

export interface LetterOrder {
  id: number;
  createdAt: Date;
  representativeName: string;
  representativeEmail: string;
  representativePhone: string;
  cityTitle: string | null;
  deliveryType: DeliveryType;
  shipmentAddress: string | null;
  /** pickup_point: the office the order is collected from. */
  pickupOffice?: PickupOffice | null;
  deliveryTime: string | null;
  comment: string | null;
  lines: LetterLine[];
  itemsPrice: number;
  printPrice: number;
  totalPrice: number;
  totalCount: number;
  /** Grams. */
  weight: number;
  attachments: number;
  manager: { name: string; phone: string | null; email: string | null } | null;
  shop: { name: string; phone: string | null; email: string | null };
}

const rubles = new Intl.NumberFormat("ru-RU", { style: "currency", currency: "RUB", minimumFractionDigits: 2 });
const count = new Intl.NumberFormat("ru-RU");
/** Regular spaces: some mail clients show the narrow no-break space of Intl as a box. */
const money = (value: number) => rubles.format(value).replace(/[\u202f\u00a0]/g, " ");
const pieces = (n: number) => `${count.format(n).replace(/[\u202f\u00a0]/g, " ")} шт.`;
const date = (d: Date) => d.toLocaleDateString("ru-RU", { timeZone: "Europe/Moscow", day: "2-digit", month: "2-digit", year: "numeric" });

function weightText(grams: number): string {
  if (grams < 1000) return `${grams} г`;
  return `${(grams / 1000).toLocaleString("ru-RU", { maximumFractionDigits: 2 })} кг`.replace(/[\u202f\u00a0]/g, " ");
}

function delivery(order: LetterOrder): string {
  switch (order.deliveryType) {
    case "courier":
      return `курьером по адресу: ${order.shipmentAddress ?? ""}`;
    case "transport_company":
      return `транспортной компанией по адресу: ${order.shipmentAddress ?? ""}`;
    default:
      return order.pickupOffice
        ? `самовывоз из офиса: ${order.pickupOffice.address} (${order.pickupOffice.operationMode})`
        : "самовывоз из офиса, адрес сообщит менеджер";
  }
}

export function orderConfirmation(order: LetterOrder): MailMessage {
  const out: string[] = [];
  out.push(`Здравствуйте, ${order.representativeName}!`, "");
  out.push(`Спасибо за заказ в ${order.shop.name}. Мы получили его и передали менеджеру.`, "");
  out.push(`Заказ № ${order.id} от ${date(order.createdAt)}`, "");
  order.lines.forEach((line, i) => {
    out.push(`${i + 1}. ${line.title} (арт. ${line.sku})`);
    out.push(`   ${pieces(line.count)} × ${money(line.unitPrice)} = ${money(line.itemsPrice)}`);
    for (const c of line.coatings) {
      const parts = [c.coatingTitle, c.variantTitle, `${c.width}×${c.height} мм`, ...c.options].filter(Boolean).join(", ");
      out.push(`   Нанесение: ${parts} — ${money(c.price)}`);
    }
    if (line.stockNote) out.push(`   ${line.stockNote}`);
    if (line.comment) out.push(`   Комментарий: ${line.comment}`);
  });
  out.push("");
  out.push(`Товары: ${money(order.itemsPrice)}`);
  if (order.printPrice > 0) out.push(`Нанесение: ${money(order.printPrice)}`);
  out.push(`Итого: ${money(order.totalPrice)} (без учёта доставки)`);
  out.push(`Всего: ${pieces(order.totalCount)}, вес ${weightText(order.weight)}`, "");
  out.push(`Получение: ${delivery(order)}`);
  // A pickup names its office (with its city); "Самовывоз, Россия" said nothing.
  if (order.cityTitle && order.deliveryType !== "pickup_point") out.push(`Город: ${order.cityTitle}`);
  if (order.deliveryTime) out.push(`Удобное время: ${order.deliveryTime}`);
  // Stored as +7 and ten digits: people read "+7 (921) 555-01-02".
  const phone = formatPhone(order.representativePhone);
  out.push(`Контактное лицо: ${order.representativeName}, ${phone}, ${order.representativeEmail}`);
  if (order.comment) out.push(`Комментарий к заказу: ${order.comment}`);
  if (order.attachments > 0) out.push(`Приложено файлов: ${order.attachments}`);
  out.push("", "Что дальше", "");
  const reach = [order.manager?.phone ? formatPhone(order.manager.phone) : null, order.manager?.email].filter(Boolean).join(", ");
  const manager = order.manager ? `менеджер ${order.manager.name}${reach ? ` (${reach})` : ""}` : "менеджер";
  out.push(`1. В течение одного рабочего дня вам позвонит ${manager}: уточнит наличие, сроки и детали нанесения.`);
  out.push("2. Мы подготовим и согласуем с вами макет нанесения — это бесплатно.");
  out.push("3. После согласования пришлём счёт; производство начинается после оплаты.");
  out.push("4. О готовности и отгрузке сообщим по телефону или e-mail.", "");
  const contacts = [order.shop.phone ? formatPhone(order.shop.phone) : null, order.shop.email].filter(Boolean).join(", ");
  out.push(`Если нужно что-то изменить, ответьте на это письмо${contacts ? ` или свяжитесь с нами: ${contacts}` : ""}.`, "");
  out.push("—", `${order.shop.name} — подарки и промопродукция с логотипом`);
  return {
    to: order.representativeEmail,
    subject: `Заказ № ${order.id} принят — ${order.shop.name}`,
    text: out.join("\n"),
    replyTo: order.manager?.email ?? order.shop.email ?? undefined,
    // The customer's own words and contacts: the production mail log hides them (api/mail/mailer.ts).
    personal: [
      order.representativeName,
      order.representativePhone,
      phone,
      order.representativeEmail,
      order.shipmentAddress,
      order.deliveryTime,
      order.comment,
      ...order.lines.map((line) => line.comment),
    ].filter((value): value is string => Boolean(value?.trim())),
  };
}
