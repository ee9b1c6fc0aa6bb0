import { describe, expect, it } from "vitest";
import { createMailer, DEFAULT_MAIL_FROM, isProductionEnv, logTransport, redactLetter, REDACTED, smtpTransport, type MailMessage } from "./mailer";
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
    // The phone as stored (+7 and ten digits) is written as people read it.
    const stored = orderConfirmation({ ...order, representativePhone: "+79215550102", manager: { ...order.manager!, phone: "+79214072631" } }).text;
    expect(stored).toContain("Контактное лицо: Мария Иванова, +7 (921) 555-01-02, maria@example.ru");
    expect(stored).toContain("менеджер Анна Смирнова (+7 (921) 407-26-31, a.smirnova@tmg-podarki.ru)");
    expect(stored).not.toContain("+7921");
    expect(text).not.toMatch(/[\u202f\u00a0]/);
  });

  describe("the mail log without SMTP_URL", () => {
    const logged = async (redactLog: boolean | undefined, env?: NodeJS.ProcessEnv) => {
      const lines: string[] = [];
      const saved = { NODE_ENV: process.env.NODE_ENV, APP_ENV: process.env.APP_ENV };
      if (env) Object.assign(process.env, env);
      try {
        const mailer = createMailer({ log: (line) => lines.push(line), redactLog });
        await mailer.send(orderConfirmation({ ...order, deliveryTime: "после 14:00, звонить Марии" }));
      } finally {
        for (const [k, v] of Object.entries(saved)) {
          if (v === undefined) delete process.env[k];
          else process.env[k] = v;
        }
      }
      return lines.join("\n");
    };
    const personal = ["Мария Иванова", "maria@example.ru", "+7 (921) 000-00-00", "Казань, ул. Баумана, 1", "Логотип с двух сторон", "Срочно\n", "звонить Марии"];

    it("in production hides the customer's name, phone, e-mail, address and comments, and keeps the number and totals", async () => {
      for (const env of [{ NODE_ENV: "production", APP_ENV: "production" }, { NODE_ENV: "development", APP_ENV: "production" }]) {
        const log = await logged(undefined, env);
        for (const value of personal) expect(log, `${JSON.stringify(env)}: ${value}`).not.toContain(value);
        expect(log).toContain(`To: ${REDACTED}`);
        expect(log).toContain("Заказ № 1042 от 27.11.2026");
        expect(log).toContain("Итого: 380 250,00 ₽ (без учёта доставки)");
        expect(log).toContain("1 500 шт. × 245,50 ₽ = 368 250,00 ₽");
        expect(log).toContain(`Контактное лицо: ${REDACTED}, ${REDACTED}, ${REDACTED}`);
      }
    });

    it("in development and on the demo keeps the letter readable", async () => {
      // `npm start` without APP_ENV: NODE_ENV=production, APP_ENV unset (the default demo, issue 25).
      for (const env of [{ NODE_ENV: "development", APP_ENV: "demo" }, { NODE_ENV: "production", APP_ENV: "demo" }, { NODE_ENV: "test", APP_ENV: "" }, { NODE_ENV: "production", APP_ENV: "" }]) {
        const log = await logged(undefined, env);
        expect(log, JSON.stringify(env)).toContain("To: maria@example.ru");
        expect(log).toContain("Здравствуйте, Мария Иванова!");
        expect(log).toContain("Казань, ул. Баумана, 1");
      }
      // An explicit choice wins over the environment.
      expect(await logged(false, { NODE_ENV: "production", APP_ENV: "production" })).toContain("maria@example.ru");
      expect(await logged(true, { NODE_ENV: "development", APP_ENV: "demo" })).not.toContain("maria@example.ru");
    });

    it("is production only with APP_ENV=production, whatever NODE_ENV says (issue 25: plain `npm start` is the demo)", () => {
      expect(isProductionEnv({ NODE_ENV: "production" })).toBe(false);
      expect(isProductionEnv({ APP_ENV: "production" })).toBe(true);
      expect(isProductionEnv({ NODE_ENV: "development", APP_ENV: "production" })).toBe(true);
      expect(isProductionEnv({ NODE_ENV: "production", APP_ENV: "demo" })).toBe(false);
      expect(isProductionEnv({})).toBe(false);
    });

    it("hides e-mails and phone numbers not listed as personal too, but not prices", () => {
      const text = "Позвоните 8 921 555 44 33 или напишите x.y+z@mail.ru. Итого: 1 234 567,89 ₽, 12 345 678 901,00 ₽, 9 999 999 999 ₽, заказ № 1042 (арт. MG-000001-01)\n1 500 шт.";
      expect(redactLetter(text)).toBe(
        `Позвоните ${REDACTED} или напишите ${REDACTED} Итого: 1 234 567,89 ₽, 12 345 678 901,00 ₽, 9 999 999 999 ₽, заказ № 1042 (арт. MG-000001-01)\n1 500 шт.`,
      );
    });

    it("never hands the personal list to SMTP", () => {
      expect(orderConfirmation(order).personal).toEqual(expect.arrayContaining(["Мария Иванова", "maria@example.ru"]));
    });
  });
});
