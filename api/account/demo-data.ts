/**
 * What the demo accounts have (issue 19: "every account page has real content"), added at start
 * right after ensureDemoAccounts (api/auth/demo-accounts.ts), never in production:
 * - user@demo.ru: two companies (an ООО and an ИП, requisites that pass every checksum, real
 *   banks' БИК and корр. счета, fictitious companies), two delivery addresses (Санкт-Петербург,
 *   Москва), four orders in different statuses with real catalogue lines, two offers of its own;
 * - manager@demo.ru and chief@demo.ru: clients (valid ИНН) with representatives and purposes, and
 *   offers made through the offers service (ADR 051): lines with a print line and a discount, a
 *   seller, VAT, validity and a sent version each; one of manager@demo.ru's is accepted, one
 *   deactivated, one expired. user@demo.ru's offers are manager@demo.ru's, addressed to its e-mail.
 * Idempotent: each part is added only when the user has none of it, so a visitor's edits stay.
 * Prices come from the one cart pricing (api/cart/pricing.ts), as an order would be priced.
 */
import { sql } from "drizzle-orm";
import { shipmentAddressLine, type CartCoatingLine } from "../../contract/index";
import { queryRows, type Db } from "../db/client";
import { createCartPricing, type PricingItem } from "../cart/pricing";
import { addDays, endOfMoscowDay, moscowDate } from "../../contract/kp-pricing";
import { searchEngineFor } from "../search/index";
import { createListingService } from "../catalog/listing";
import { createKpService } from "../kp/service";
import { freezeVersion } from "../kp/document-data";

type Users = Map<string, number> | Record<string, number>;

const DAY = 24 * 60 * 60 * 1000;

/** The demo customer's companies: fictitious names, requisites valid by contract/requisites.ts. */
export const DEMO_COMPANIES = [
  {
    shortTitle: "ООО «Северная мануфактура»",
    inn: "7814673520",
    ogrn: "1177847241032",
    kpp: "781401001",
    bik: "044030786",
    bankTitle: "Филиал «Санкт-Петербургский» АО «Альфа-Банк»",
    checkingAccount: "40702810832130002741",
    correspondentAccount: "30101810600000000786",
    signerFullName: "Петрова Ольга Андреевна",
    signerPosition: "Генеральный директор",
    address: "197374, г. Санкт-Петербург, ул. Савушкина, д. 83, корп. 1, помещение 14-Н",
  },
  {
    shortTitle: "ИП Петрова Ольга Андреевна",
    inn: "780415928389",
    ogrn: "319784700156212",
    kpp: null,
    bik: "044525974",
    bankTitle: "АО «ТБанк»",
    checkingAccount: "40802810200000517325",
    correspondentAccount: "30101810145250000974",
    signerFullName: "Петрова Ольга Андреевна",
    signerPosition: "Индивидуальный предприниматель",
    address: "195256, г. Санкт-Петербург, пр. Непокорённых, д. 49, кв. 112",
  },
] as const;

export const DEMO_ADDRESSES = [
  { city: "Санкт-Петербург", street: "ул. Савушкина", house: "83, корп. 1", flat: "пом. 14-Н", postcode: "197374", comment: "Офис на 2 этаже, вход со двора; приём грузов с 10 до 18", isDefault: true },
  { city: "Москва", street: "ул. Большая Новодмитровская", house: "36, стр. 4", flat: "офис 305", postcode: "127015", comment: "Пропуск заказывать заранее по телефону", isDefault: false },
] as const;

interface Clients {
  title: string;
  inn: string | null;
  representatives: { name: string; email: string; phone: string }[];
  purposes: string[];
}

const MANAGER_CLIENTS: Clients[] = [
  {
    title: "ООО «Балтийская логистика»",
    inn: "7810923458",
    representatives: [
      { name: "Андрей Киселёв", email: "a.kiselev@baltlog.ru", phone: "+79213401122" },
      { name: "Светлана Миронова", email: "s.mironova@baltlog.ru", phone: "+79213401123" },
    ],
    purposes: ["Новый год", "День логиста"],
  },
  {
    title: "АО «Невский фарм»",
    inn: "7802011240",
    representatives: [{ name: "Елена Гаврилова", email: "gavrilova@nevfarm.ru", phone: "+79112347788" }],
    purposes: ["Конференция «Фарма-2027»"],
  },
  {
    title: "ООО «Интерьер-Строй»",
    inn: "7841023658",
    representatives: [{ name: "Максим Фёдоров", email: "m.fedorov@interior-stroy.ru", phone: "+79052226677" }],
    purposes: ["Выставка «Интерстрой»", "Подарки партнёрам"],
  },
];

const CHIEF_CLIENTS: Clients[] = [
  {
    title: "ПАО «Северо-Западный телеком»",
    inn: "7806329717",
    representatives: [{ name: "Ирина Белова", email: "i.belova@szt-telecom.ru", phone: "+79219007711" }],
    purposes: ["Welcome-пакеты сотрудникам"],
  },
  {
    title: "ООО «Гранд Отель Ладога»",
    inn: "7810745396",
    representatives: [{ name: "Тимур Ахмедов", email: "sales@ladoga-hotel.ru", phone: "+79218885544" }],
    purposes: ["Сувениры для гостей"],
  },
];

const CUSTOMER_CLIENTS: Clients[] = [
  {
    title: "ООО «Северная мануфактура»",
    inn: "7814673520",
    // The demo customer's confirmed e-mail: these offers are addressed to user@demo.ru (ADR 051).
    representatives: [{ name: "Ольга Петрова", email: "user@demo.ru", phone: "+79215550101" }],
    purposes: ["Подарки клиентам к Новому году"],
  },
];

const OFFER_TITLES: Record<string, string[]> = {
  "manager@demo.ru": [
    "Новогодние наборы для партнёров",
    "Сувениры к Дню логиста",
    "Раздаточные материалы для конференции",
    "Промо-продукция для выставки",
    "Подарки партнёрам: ежедневники и ручки",
  ],
  "chief@demo.ru": ["Welcome-пакеты для новых сотрудников", "Сувенирная продукция для гостей отеля", "Корпоративные кружки и термосы"],
  "user@demo.ru": ["Подарки клиентам к Новому году", "Брендированные ручки для офиса"],
};

export const ORDER_PLAN = [
  { status: "completed", daysAgo: 120, city: 1, delivery: "courier", address: 0, company: 0, time: null, comment: "Логотип по макету из прошлого заказа" },
  { status: "shipped", daysAgo: 21, city: 2, delivery: "transport_company", address: 1, company: 0, time: "Будни, с 10:00 до 17:00", comment: null },
  { status: "in_production", daysAgo: 6, city: 1, delivery: "pickup_point", address: null, company: 1, time: null, comment: "Нужно успеть к 20 декабря" },
  { status: "new", daysAgo: 1, city: 1, delivery: "courier", address: 0, company: 0, time: "После 14:00", comment: null },
] as const;

interface Variation {
  id: number;
  coating: number | null;
  variant: number | null;
}

const count = async (db: Db, query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(db, query))[0]?.n ?? 0;

export async function seedDemoAccountData(db: Db, users: Users): Promise<void> {
  const idOf = (email: string) => (users instanceof Map ? users.get(email) : users[email]);
  const pricing = createCartPricing(db, { cacheTtlMs: 0 });
  // Catalogue variations in stock with a coating (and its first variant), from distinct groups.
  const variations = await queryRows<Variation>(
    db,
    sql`SELECT * FROM (SELECT DISTINCT ON (p.group_id) p.id, pc.coating_id AS coating,
          (SELECT v.id FROM coating_variants v WHERE v.coating_id = pc.coating_id ORDER BY v.sort, v.id LIMIT 1) AS variant
        FROM products p
        JOIN product_groups g ON g.id = p.group_id AND g.is_active
        LEFT JOIN LATERAL (SELECT coating_id FROM product_group_coatings x WHERE x.group_id = p.group_id ORDER BY coating_id LIMIT 1) pc ON true
        WHERE p.stock >= 500 AND p.price BETWEEN 50 AND 3000
        ORDER BY p.group_id, p.id) x ORDER BY id LIMIT 24`,
  );
  if (variations.length < 6) return; // An empty catalogue (a start with seeding off): nothing to order.
  const pick = (n: number) => variations[n % variations.length];

  /** A cart of 2–3 lines, the first with a coating line. */
  const lines = (n: number): PricingItem[] => {
    const first = pick(n);
    const coatings: CartCoatingLine[] = first.coating
      ? [{ id: `demo-${n}`, coating: first.coating, width: 40, height: 20, variant: first.variant, options: [] }]
      : [];
    const out: PricingItem[] = [
      { variation: first.id, count: 200 + (n % 3) * 100, comment: "Нанесение логотипа по центру", coatings },
      { variation: pick(n + 7).id, count: 150, comment: null, coatings: [] },
    ];
    if (n % 2 === 0) out.push({ variation: pick(n + 13).id, count: 100, comment: null, coatings: [] });
    return out;
  };
  const priced = async (n: number) => {
    const { cart, problems } = await pricing.price(lines(n), "", { fresh: true });
    // A line that cannot be priced as is goes without its coating.
    if (problems.length) return (await pricing.price(lines(n).map((l) => ({ ...l, coatings: [] })), "", { fresh: true })).cart;
    return cart;
  };
  const strip = <T extends { problems?: unknown }>(coatings: T[]) => coatings.map(({ problems: _p, ...c }) => c);

  const customer = idOf("user@demo.ru");
  const manager = idOf("manager@demo.ru");
  if (customer) {
    if ((await count(db, sql`SELECT count(*)::int AS n FROM legal_companies WHERE user_id = ${customer}`)) === 0) {
      for (const c of DEMO_COMPANIES) {
        await db.execute(sql`INSERT INTO legal_companies (user_id, short_title, inn, ogrn, kpp, bik, bank_title, checking_account,
            correspondent_account, signer_full_name, signer_position, address)
          VALUES (${customer}, ${c.shortTitle}, ${c.inn}, ${c.ogrn}, ${c.kpp}, ${c.bik}, ${c.bankTitle}, ${c.checkingAccount},
            ${c.correspondentAccount}, ${c.signerFullName}, ${c.signerPosition}, ${c.address})`);
      }
    }
    if ((await count(db, sql`SELECT count(*)::int AS n FROM shipment_addresses WHERE user_id = ${customer}`)) === 0) {
      for (const a of DEMO_ADDRESSES) {
        await db.execute(sql`INSERT INTO shipment_addresses (user_id, address, city, street, house, flat, postcode, comment, is_default)
          VALUES (${customer}, ${shipmentAddressLine(a)}, ${a.city}, ${a.street}, ${a.house}, ${a.flat}, ${a.postcode}, ${a.comment}, ${a.isDefault})`);
      }
    }
    if ((await count(db, sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${customer}`)) === 0) {
      const [person] = await queryRows<{ name: string | null; email: string | null; phone: string | null }>(
        db,
        sql`SELECT name, email, phone FROM users WHERE id = ${customer}`,
      );
      const companies = await queryRows<{ id: number }>(db, sql`SELECT id FROM legal_companies WHERE user_id = ${customer} ORDER BY id`);
      const addresses = await queryRows<{ address: string }>(db, sql`SELECT address FROM shipment_addresses WHERE user_id = ${customer} ORDER BY id`);
      const managerId =
        manager ?? (await queryRows<{ id: number }>(db, sql`SELECT id FROM users WHERE 'ROLE_MANAGER' = ANY(roles) ORDER BY id LIMIT 1`))[0]?.id ?? null;
      for (const [n, plan] of ORDER_PLAN.entries()) {
        const cart = await priced(n * 3);
        const createdAt = new Date(Date.now() - plan.daysAgo * DAY - n * 3_600_000).toISOString();
        const address = plan.address === null ? null : (addresses[plan.address]?.address ?? null);
        await db.transaction(async (tx) => {
          const [order] = await queryRows<{ id: number }>(
            tx,
            sql`INSERT INTO orders (user_id, city_id, status, representative_name, representative_email, representative_phone,
                delivery_type, shipment_address, delivery_time, manager_id, legal_company_id, comment, items_price, print_price,
                total_price, total_count, weight, created_at)
              VALUES (${customer}, ${plan.city}, ${plan.status}, ${person?.name ?? "Ольга Петрова"}, ${person?.email ?? "user@demo.ru"},
                ${person?.phone ?? "+79215550101"}, ${address === null ? "pickup_point" : plan.delivery}, ${address}, ${plan.time},
                ${managerId}, ${companies[plan.company]?.id ?? null}, ${plan.comment}, ${cart.itemsPrice}, ${cart.printPrice},
                ${cart.price}, ${cart.totalCount}, ${cart.weight}, ${createdAt}::timestamptz)
              RETURNING id`,
          );
          for (const [sort, line] of cart.cartItems.entries()) {
            await tx.execute(sql`INSERT INTO order_items (order_id, product_id, group_id, sku, title, image, count, price, print_price, coatings, comment, sort)
              VALUES (${order.id}, ${line.product.id}, ${line.group.id}, ${line.product.sku}, ${line.product.title},
                ${line.product.images[0] ?? line.group.image}, ${line.count}, ${line.unitPrice}, ${line.printPrice},
                ${JSON.stringify(strip(line.coatings))}::jsonb, ${line.comment}, ${sort})`);
          }
        });
      }
    }
  }

  // Offers (ADR 051), made through the offers service as a manager would: numbered, priced by the
  // one rule (a discount on the first line, a print line), a seller, VAT, validity, and a sent
  // version each. manager@demo.ru's first offer is sent and accepted, its fourth deactivated, its
  // last expired; user@demo.ru's offers are manager@demo.ru's, addressed to its confirmed e-mail.
  const search = searchEngineFor(db);
  const offers = createKpService(db, { pricing, search, listing: createListingService(db, search) });
  const offersFor = async (email: string, authorEmail: string, clients: Clients[]) => {
    const author = idOf(authorEmail);
    const titles = OFFER_TITLES[email] ?? [];
    if (!author || !titles.length) return;
    if ((await count(db, sql`SELECT count(*)::int AS n FROM commercial_offers WHERE title = ANY(${`{${titles.map((t) => `"${t}"`).join(",")}}`}::text[])`)) > 0) return;
    // An internal actor with the author's id: the offers are the author's, whatever their role.
    const actor = { id: author, roles: ["ROLE_ADMIN" as const] };
    const made: { client: number; representative: number; purposes: number[] }[] = [];
    for (const c of clients) {
      const client = await offers.createClient(actor, { title: c.title, inn: c.inn });
      const reps: number[] = [];
      for (const r of c.representatives) reps.push((await offers.createRepresentative(actor, client.id, { name: r.name, email: r.email, phone: r.phone })).id);
      const purposes: number[] = [];
      for (const title of c.purposes) purposes.push((await offers.createPurpose(actor, client.id, { title })).id);
      made.push({ client: client.id, representative: reps[0], purposes });
    }
    const delays = await queryRows<{ id: number }>(db, sql`SELECT id FROM commercial_offer_delays ORDER BY sort, id`);
    const manager = email === "manager@demo.ru";
    for (const [n, title] of titles.entries()) {
      const target = made[n % made.length];
      const items = lines(n * 5 + email.length).map((line, i) => ({
        productId: line.variation,
        count: line.count,
        coatings: line.coatings,
        comment: line.comment,
        discountPercent: i === 0 && n % 2 === 0 ? 5 : null,
      }));
      const body = {
        title,
        clientId: target.client,
        representativeId: target.representative,
        purposeId: target.purposes[n % target.purposes.length] ?? null,
        delayId: delays[n % Math.max(delays.length, 1)]?.id ?? null,
        sellerCompanyId: null,
        validUntil: null,
        vatRate: n === 2 ? null : (22 as const),
        vatIncluded: n !== 1,
        comment: n % 2 === 0 ? "Скидка 5 % на первую позицию согласована с руководителем отдела продаж." : null,
        isHidden: false,
        items,
      };
      let offer;
      try {
        offer = await offers.create(actor, body);
      } catch {
        // A line that cannot be priced as is (a print line the catalogue no longer fits) goes without it.
        offer = await offers.create(actor, { ...body, items: items.map((i) => ({ ...i, coatings: [] })) });
      }
      const daysAgo = n * 9 + 2;
      const createdAt = new Date(Date.now() - daysAgo * DAY);
      const expired = manager && n === titles.length - 1;
      const validUntil = endOfMoscowDay(addDays(moscowDate(createdAt), expired ? 5 : daysAgo + 10));
      await db.execute(sql`UPDATE commercial_offers SET created_at = ${createdAt.toISOString()}::timestamptz, updated_at = ${createdAt.toISOString()}::timestamptz,
          valid_until = ${validUntil.toISOString()}::timestamptz, is_active = ${!(manager && n === 3)}, is_favorite = ${n === 0}
        WHERE id = ${offer.id}`);
      const sentAt = new Date(createdAt.getTime() + 2 * 3_600_000);
      const version = await freezeVersion(db, actor, offer.id, sentAt);
      if (manager && n === 0) {
        const opened = new Date(sentAt.getTime() + 26 * 3_600_000);
        const rep = clients[0].representatives[0];
        await db.execute(sql`UPDATE commercial_offer_versions SET accepted_at = ${opened.toISOString()}::timestamptz, accepted_name = ${rep.name},
            accepted_email = ${rep.email} WHERE offer_id = ${offer.id} AND number = ${version.number}`);
        await db.execute(sql`UPDATE commercial_offers SET accepted_version = ${version.number}, public_first_opened_at = ${new Date(sentAt.getTime() + 3_600_000).toISOString()}::timestamptz,
            public_last_opened_at = ${opened.toISOString()}::timestamptz, public_open_count = 4 WHERE id = ${offer.id}`);
      }
    }
  };
  await offersFor("manager@demo.ru", "manager@demo.ru", MANAGER_CLIENTS);
  await offersFor("chief@demo.ru", "chief@demo.ru", CHIEF_CLIENTS);
  await offersFor("user@demo.ru", "manager@demo.ru", CUSTOMER_CLIENTS);

  await backfillDemoVersions(db, users);
}

/** The settings key that records the one-time backfill below. */
export const DEMO_VERSIONS_BACKFILLED = "demoOffersVersionsBackfilled";

/**
 * Demo offers made before versions existed (a data folder older than ADR 051) each get their first
 * sent version, once: the settings key records it, so a draft a manager makes later is never
 * "sent" by a restart.
 */
async function backfillDemoVersions(db: Db, users: Users): Promise<void> {
  const done = await queryRows<{ key: string }>(db, sql`SELECT key FROM settings WHERE key = ${DEMO_VERSIONS_BACKFILLED}`);
  if (done.length) return;
  const unsent = await queryRows<{ id: number; managerId: number; createdAt: string }>(
    db,
    sql`SELECT co.id, co.manager_id AS "managerId", co.created_at AS "createdAt" FROM commercial_offers co
        WHERE co.manager_id = ANY(${`{${[...(users instanceof Map ? users.values() : Object.values(users))].join(",")}}`}::int[])
          AND NOT EXISTS (SELECT 1 FROM commercial_offer_versions v WHERE v.offer_id = co.id)`,
  );
  for (const offer of unsent) await freezeVersion(db, { id: offer.managerId, roles: ["ROLE_ADMIN"] }, offer.id, new Date(new Date(offer.createdAt).getTime() + 3_600_000));
  await db.execute(sql`INSERT INTO settings (key, value) VALUES (${DEMO_VERSIONS_BACKFILLED}, ${new Date().toISOString()}) ON CONFLICT (key) DO NOTHING`);
}
