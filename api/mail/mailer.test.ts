import { describe, expect, it } from "vitest";
import { createMailer, DEFAULT_MAIL_FROM, logTransport, smtpTransport, type MailMessage } from "./mailer";
import { orderConfirmation, type LetterOrder } from "../order/letter";

const message: MailMessage = { to: "ivan@example.ru", subject: "Заказ № 7 принят — ТМГ", text: "Здравствуйте!\n\nСтрока 2\n" };

describe("mailer", () => {
  it("writes a letter to the log as one readable block when SMTP_URL is unset", async () => {
    const lines: string[] = [];
    const mailer = createMailer({ log: (line) => lines.push(line) });
    expect(mailer.describe).toContain("log");
    expect(await mailer.send(message)).toBe(true);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`From: ${DEFAULT_MAIL_FROM}`);
    expect(lines[0]).toContain("To: ivan@example.ru");
    expect(lines[0]).toContain("Subject: Заказ № 7 принят — ТМГ");
    expect(lines[0]).toContain("Здравствуйте!\n\nСтрока 2");
  });

  it("never throws: a failed letter is logged without the address and reported as false", async () => {
    const errors: string[] = [];
    const mailer = createMailer({
      transport: { describe: "broken", deliver: () => Promise.reject(new Error("connection refused")) },
      logError: (text, error) => errors.push(`${text} ${String(error)}`),
    });
    expect(await mailer.send(message)).toBe(false);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("connection refused");
    expect(errors[0]).not.toContain("ivan@example.ru");
  });

  it("takes smtp:// and smtps:// URLs only, and names the server without the password", () => {
    expect(smtpTransport("smtp://user:secret@mail.example.ru:587").describe).toBe("mail over SMTP mail.example.ru:587");
    expect(smtpTransport("smtps://user:secret@mail.example.ru").describe).toBe("mail over SMTP mail.example.ru:465");
    expect(() => smtpTransport("http://mail.example.ru")).toThrow(/smtp/);
    expect(logTransport().describe).toContain("SMTP_URL unset");
  });
});

describe("order confirmation", () => {
  const order: LetterOrder = {
    id: 1042,
    createdAt: new Date("2026-11-27T10:00:00Z"),
    representativeName: "Мария Иванова",
    representativeEmail: "maria@example.ru",
    representativePhone: "+7 (921) 000-00-00",
    cityTitle: "Санкт-Петербург",
    deliveryType: "transport_company",
    shipmentAddress: "Казань, ул. Баумана, 1",
    deliveryTime: "после 14:00",
    comment: "Срочно",
    lines: [
      {
        title: "Кружка «Север», белый",
        sku: "MG-000001-01",
        count: 1500,
        unitPrice: 245.5,
        itemsPrice: 368250,
        printPrice: 12000,
        comment: "Логотип с двух сторон",
        coatings: [{ coatingTitle: "Тампопечать", variantTitle: "2 цвета", width: 40, height: 30, options: ["Срочно"], price: 12000 }],
      },
    ],
    itemsPrice: 368250,
    printPrice: 12000,
    totalPrice: 380250,
    totalCount: 1500,
    weight: 525000,
    attachments: 2,
    manager: { name: "Анна Смирнова", phone: "+7 (921) 407-26-31", email: "a.smirnova@tmg-podarki.ru" },
    shop: { name: "ТМГ", phone: "+7 (812) 407-26-15", email: "info@tmg-podarki.ru" },
  };

  it("says what was ordered, for how much and what happens next", () => {
    const letter = orderConfirmation(order);
    expect(letter.to).toBe("maria@example.ru");
    expect(letter.subject).toBe("Заказ № 1042 принят — ТМГ");
    expect(letter.replyTo).toBe("a.smirnova@tmg-podarki.ru");
    const text = letter.text;
    expect(text).toContain("Заказ № 1042 от 27.11.2026");
    expect(text).toContain("1. Кружка «Север», белый (арт. MG-000001-01)");
    expect(text).toContain("1 500 шт. × 245,50 ₽ = 368 250,00 ₽");
    expect(text).toContain("Нанесение: Тампопечать, 2 цвета, 40×30 мм, Срочно — 12 000,00 ₽");
    expect(text).toContain("Итого: 380 250,00 ₽ (без учёта доставки)");
    expect(text).toContain("вес 525 кг");
    expect(text).toContain("транспортной компанией по адресу: Казань, ул. Баумана, 1");
    expect(text).toContain(
      "1. В течение одного рабочего дня вам позвонит менеджер Анна Смирнова (+7 (921) 407-26-31, a.smirnova@tmg-podarki.ru): уточнит наличие",
    );
    expect(orderConfirmation({ ...order, manager: null }).text).toContain("1. В течение одного рабочего дня вам позвонит менеджер: уточнит");
    expect(text).not.toMatch(/[\u202f\u00a0]/);
  });
});
