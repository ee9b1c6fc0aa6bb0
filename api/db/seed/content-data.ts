/**
 * Demo content: cities and their offices, contacts and bank data, order-info blocks, static
 * pages, slider, banners and commercial-offer delays (posts: posts-data.ts). Russian text, fixed (no randomness).
 *
 * Every site (§1: the main host and msk.) shows the same texts, so a text names a city only
 * through the city tokens (contract/city-tokens.ts, SEO and category texts) or names both
 * offices together; the city's own office comes from the city list.
 */
export const SHOP_NAME = "ТМГ";
export const LEGAL_NAME = `ООО «${SHOP_NAME}»`;
export const MAIL_DOMAIN = "tmg-podarki.ru";
export const GENERAL_EMAIL = `info@${MAIL_DOMAIN}`;

/** The two offices; ids are referenced by CITIES. */
export const OFFICES = [
  {
    id: 1,
    phone: "+7 (812) 407-26-15",
    email: GENERAL_EMAIL,
    postalCode: "191040",
    city: "Санкт-Петербург",
    street: "Лиговский проспект, д. 50, корп. 12, офис 305",
    operationMode: "Пн–Пт с 9:00 до 18:00, Сб–Вс — выходной",
    lat: 59.92262,
    lon: 30.35631,
  },
  {
    id: 2,
    phone: "+7 (495) 120-48-37",
    email: `msk@${MAIL_DOMAIN}`,
    postalCode: "127055",
    city: "Москва",
    street: "Новослободская улица, д. 23, офис 508",
    operationMode: "Пн–Пт с 9:30 до 18:30, Сб–Вс — выходной",
    lat: 55.78228,
    lon: 37.59864,
  },
] as const;
const [SPB_OFFICE, MOSCOW_OFFICE] = OFFICES;

/**
 * §4 picks the 2nd (Москва) and 3rd (Россия) entries by position, so the order is part of the
 * data. Россия is served from the main host, whose office is St Petersburg's (§3).
 */
export const CITIES = [
  { id: 1, title: "Санкт-Петербург", titlePrepositional: "Санкт-Петербурге", titleDative: "Санкт-Петербургу", domainPrefix: null, officeId: SPB_OFFICE.id },
  { id: 2, title: "Москва", titlePrepositional: "Москве", titleDative: "Москве", domainPrefix: "msk", officeId: MOSCOW_OFFICE.id },
  { id: 3, title: "Россия", titlePrepositional: "России", titleDative: "России", domainPrefix: null, officeId: SPB_OFFICE.id },
] as const;

/**
 * The company's requisites. ИНН, ОГРН and the accounts pass the standard checksums (the
 * settlement account against the bank's БИК); the bank data is Сбербанк's public St Petersburg
 * branch (Северо-Западный банк).
 */
export const REQUISITES = {
  inn: "7838164521",
  kpp: "783801001",
  ogrn: "1157847482913",
  bik: "044030653",
  bankTitle: "Северо-Западный банк ПАО Сбербанк",
  checkingAccount: "40702810555000031827",
  correspondentAccount: "30101810500000000653",
  legalAddress: "191040, г. Санкт-Петербург, Лиговский проспект, д. 50, литера А, помещение 12-Н",
  signerFullName: "Соколов Андрей Викторович",
  signerPosition: "Генеральный директор",
} as const;

/** Contact names of contract CONTACT_KEYS first (the main office); the rest is bank data (§3). */
export const CONTACTS = [
  { name: "companyPhoneNumber", title: "Телефон", value: SPB_OFFICE.phone },
  { name: "companyGeneralEmail", title: "Общий e-mail", value: GENERAL_EMAIL },
  { name: "companyHeadsEmail", title: "E-mail руководства", value: `director@${MAIL_DOMAIN}` },
  { name: "operationMode", title: "Режим работы", value: SPB_OFFICE.operationMode },
  {
    name: "officeAddress",
    title: "Адрес офиса",
    value: JSON.stringify({ city: SPB_OFFICE.city, street: SPB_OFFICE.street, postalCode: SPB_OFFICE.postalCode }),
  },
  { name: "legalAddress", title: "Юридический адрес", value: REQUISITES.legalAddress },
  { name: "coordinates", title: "Координаты офиса", value: `${SPB_OFFICE.lat},${SPB_OFFICE.lon}` },
  { name: "companyLegalName", title: "Получатель", value: LEGAL_NAME },
  { name: "inn", title: "ИНН", value: REQUISITES.inn },
  { name: "kpp", title: "КПП", value: REQUISITES.kpp },
  { name: "ogrn", title: "ОГРН", value: REQUISITES.ogrn },
  { name: "checkingAccount", title: "Р/с", value: REQUISITES.checkingAccount },
  { name: "correspondentAccount", title: "К/с", value: REQUISITES.correspondentAccount },
  { name: "bik", title: "БИК", value: REQUISITES.bik },
  { name: "bankName", title: "Банк", value: REQUISITES.bankTitle },
] as const;

export const MINIMAL_ORDER_PRICE = 10000;

/**
 * The shop's managers (users with ROLE_MANAGER, no password: they do not log in to the shop):
 * order/manager lists them and an order without a chosen manager gets one of them. Migration
 * 0008 adds the same people to a database seeded before them.
 */
export const MANAGERS = [
  { name: "Анна Смирнова", email: `a.smirnova@${MAIL_DOMAIN}`, phone: "+7 (921) 407-26-31" },
  { name: "Дмитрий Волков", email: `d.volkov@${MAIL_DOMAIN}`, phone: "+7 (921) 407-26-32" },
  { name: "Екатерина Орлова", email: `e.orlova@${MAIL_DOMAIN}`, phone: "+7 (925) 120-48-41" },
  { name: "Сергей Кузнецов", email: `s.kuznetsov@${MAIL_DOMAIN}`, phone: "+7 (925) 120-48-42" },
] as const;

type InfoBlock =
  | { type: "text"; title?: string; html: string }
  | { type: "list"; title?: string; items: string[] }
  | { type: "products"; title?: string; productGroupIds: number[] };

/** The four §3 order-info sections; `productGroupIds` come from the generated catalogue. */
export function orderInfoSections(featuredGroupIds: number[]): Record<string, InfoBlock[]> {
  return {
    printDeadline: [
      { type: "text", title: "Сроки нанесения", html: "<p>Стандартный срок нанесения — <strong>5–7 рабочих дней</strong> после утверждения макета и поступления оплаты.</p>" },
      { type: "list", items: ["Тампопечать и лазерная гравировка — от 3 рабочих дней", "Шелкография и вышивка — от 5 рабочих дней", "Срочное нанесение — 1–2 рабочих дня (+30 % к стоимости)"] },
    ],
    minimalOrder: [
      { type: "text", title: "Минимальный заказ", html: `<p>Минимальная сумма заказа — <strong>${MINIMAL_ORDER_PRICE.toLocaleString("ru-RU")} ₽</strong>. Тираж от 1 штуки для товаров без нанесения.</p>` },
      { type: "products", title: "Популярно у наших клиентов", productGroupIds: featuredGroupIds },
    ],
    paymentTypes: [
      { type: "list", title: "Способы оплаты", items: ["Безналичный расчёт для юридических лиц и ИП (с НДС)", "Банковской картой онлайн", "Оплата по QR-коду СБП"] },
      { type: "text", html: `<p>Счёт от ${LEGAL_NAME} выставляется после согласования заказа с менеджером. Производство начинается после поступления предоплаты.</p>` },
    ],
    deliveryInfo: [
      { type: "text", title: "Доставка", html: "<p>Доставляем заказы по Москве, Санкт-Петербургу и всей России.</p>" },
      { type: "list", items: ["Самовывоз из офисов в Москве и Санкт-Петербурге — бесплатно", "Курьером по Москве и Санкт-Петербургу — от 500 ₽", "Транспортной компанией по России — по тарифам перевозчика"] },
    ],
  };
}

/** How to reach an office, for /route: one section per office. */
function officeRoute(office: (typeof OFFICES)[number], metro: string, walk: string, car: string, loading: string): string {
  return `<h2>${office.city}</h2>
<p><strong>${office.postalCode}, г. ${office.city}, ${office.street}.</strong> ${office.operationMode}.</p>
<h3>На метро</h3>
<p>Станция метро «${metro}». ${walk}</p>
<h3>На автомобиле</h3>
<p>${car}</p>
<h3>Погрузка заказов</h3>
<p>${loading}</p>`;
}

export const STATIC_PAGES: { slug: string; title: string; content: string; seoDescription: string }[] = [
  {
    slug: "about",
    title: "О компании",
    seoDescription: `«${SHOP_NAME}» — производство и поставка сувенирной продукции с нанесением логотипа с 2010 года.`,
    content: `<h2>Кто мы</h2>
<p>«${SHOP_NAME}» — поставщик корпоративных подарков и промо-продукции с собственным цехом нанесения. С 2010 года мы помогаем компаниям делать подарки, которые хочется сохранить: от шариковых ручек для выставки до премиальных наборов для партнёров. Офисы и шоу-румы работают в Москве и Санкт-Петербурге.</p>
<h2>Что мы делаем</h2>
<ul>
<li>Подбираем сувениры под задачу и бюджет — в каталоге более 2 000 товаров в наличии на складе.</li>
<li>Наносим логотип: тампопечать, шелкография, лазерная гравировка, УФ-печать, вышивка, тиснение.</li>
<li>Разрабатываем макеты и упаковку, собираем подарочные наборы.</li>
<li>Доставляем по Москве, Санкт-Петербургу и всей России.</li>
</ul>
<h2>Почему нам доверяют</h2>
<p>Более 3 500 клиентов, среди которых банки, IT-компании, производственные предприятия и государственные учреждения. Каждому клиенту назначается персональный менеджер, который ведёт заказ от коммерческого предложения до отгрузки.</p>`,
  },
  {
    slug: "agreement",
    title: "Согласие на обработку персональных данных",
    seoDescription: "Согласие пользователя сайта на обработку персональных данных.",
    content: `<p>Заполняя формы на сайте, пользователь даёт согласие ${LEGAL_NAME} (ИНН ${REQUISITES.inn}, ОГРН ${REQUISITES.ogrn}) на обработку своих персональных данных в соответствии с Федеральным законом от 27.07.2006 № 152-ФЗ «О персональных данных».</p>
<h2>Перечень данных</h2>
<ul><li>фамилия, имя, отчество;</li><li>номер телефона и адрес электронной почты;</li><li>наименование и реквизиты организации;</li><li>адрес доставки.</li></ul>
<h2>Цели обработки</h2>
<p>Данные обрабатываются для оформления и исполнения заказов, подготовки коммерческих предложений, информирования о статусе заказа и, с отдельного согласия, для рассылки новостей и акций.</p>
<p>Согласие действует до момента его отзыва. Отозвать согласие можно, направив письмо на адрес ${GENERAL_EMAIL}.</p>`,
  },
  {
    // The storefront shows the office of the visitor's city (city list) above this text.
    slug: "contacts",
    title: "Контакты",
    seoDescription: `Адреса, телефоны и режим работы офисов «${SHOP_NAME}», реквизиты компании.`,
    content: `<p>Офисы и шоу-румы «${SHOP_NAME}» работают в Москве и Санкт-Петербурге. Приезжайте посмотреть образцы сувениров и варианты нанесения, обсудить заказ и макет с менеджером.</p>
<h2>Как связаться</h2>
<ul><li>По телефону офиса вашего города — с понедельника по пятницу.</li><li>По e-mail ${GENERAL_EMAIL} — ответим в течение рабочего дня.</li><li>Через персонального менеджера — его контакты есть в личном кабинете и в каждом коммерческом предложении.</li></ul>
<p>Для визита в шоу-рум, пожалуйста, заранее согласуйте время с менеджером. Схема проезда к обоим офисам — на странице <a href="/route">«Как проехать»</a>.</p>
<h2>Руководство</h2>
<p>Предложения о сотрудничестве и отзывы о работе менеджеров направляйте генеральному директору на director@${MAIL_DOMAIN}.</p>`,
  },
  {
    slug: "delivery",
    title: "Доставка",
    seoDescription: "Условия и стоимость доставки сувенирной продукции: самовывоз, курьер и транспортные компании по всей России.",
    content: `<h2>Самовывоз</h2>
<p>Бесплатно из наших офисов в Москве и Санкт-Петербурге в рабочие дни с 10:00 до 17:30 (адреса — на странице <a href="/contacts">«Контакты»</a>), а также из пунктов выдачи заказов партнёров.</p>
<h2>Курьерская доставка</h2>
<ul><li>По Москве в пределах МКАД — 700 ₽, при заказе от 50 000 ₽ — бесплатно.</li><li>По Санкт-Петербургу в пределах КАД — 500 ₽, при заказе от 50 000 ₽ — бесплатно.</li><li>За пределы МКАД и КАД — по договорённости.</li></ul>
<h2>Доставка по России</h2>
<p>Отправляем заказы транспортными компаниями. Стоимость рассчитывается по тарифам перевозчика, доставка до терминала транспортной компании в Москве или Санкт-Петербурге — бесплатно.</p>`,
  },
  {
    slug: "faq",
    title: "Вопросы и ответы",
    seoDescription: "Ответы на частые вопросы о заказе сувениров с логотипом.",
    content: `<h3>Какой минимальный тираж?</h3>
<p>Товары без нанесения можно заказать от одной штуки. Для нанесения минимальный тираж зависит от технологии: для лазерной гравировки и УФ-печати — от 1 штуки, для тампопечати и шелкографии — от 50 штук.</p>
<h3>Сколько времени занимает изготовление?</h3>
<p>Обычно 5–7 рабочих дней после утверждения макета и оплаты. Срочное нанесение возможно за 1–2 рабочих дня.</p>
<h3>Можно ли получить образец?</h3>
<p>Да, образцы товаров можно посмотреть в наших шоу-румах в Москве и Санкт-Петербурге или заказать с доставкой. Также мы делаем пробное нанесение перед запуском тиража.</p>
<h3>В каком формате присылать логотип?</h3>
<p>Лучше всего в векторном формате: AI, EPS, PDF или CDR. Если вектора нет, наш дизайнер подготовит макет.</p>
<h3>Работаете ли вы с НДС?</h3>
<p>Да, мы работаем с НДС и предоставляем полный пакет закрывающих документов, в том числе через ЭДО.</p>`,
  },
  {
    slug: "obmen-vozvrat-tovarov",
    title: "Обмен и возврат товаров",
    seoDescription: "Условия обмена и возврата товаров надлежащего и ненадлежащего качества.",
    content: `<h2>Товары без нанесения</h2>
<p>Товар надлежащего качества без нанесения можно вернуть или обменять в течение 14 дней с момента получения, если сохранены его товарный вид, потребительские свойства и упаковка.</p>
<h2>Товары с нанесением</h2>
<p>Изделия с нанесённым по вашему макету логотипом изготавливаются индивидуально и возврату надлежащего качества не подлежат.</p>
<h2>Брак</h2>
<ul><li>Сообщите о браке в течение 7 рабочих дней после получения заказа на ${GENERAL_EMAIL}.</li><li>Приложите фотографии и номер заказа.</li><li>Мы заменим бракованные изделия или вернём деньги за них.</li></ul>`,
  },
  {
    slug: "payment",
    title: "Оплата",
    seoDescription: "Способы оплаты заказов для юридических и физических лиц.",
    content: `<h2>Для юридических лиц и ИП</h2>
<p>Оплата по безналичному расчёту на основании счёта ${LEGAL_NAME}. Мы работаем с НДС и отправляем оригиналы закрывающих документов вместе с заказом или через ЭДО.</p>
<h2>Для физических лиц</h2>
<ul><li>Банковской картой онлайн при оформлении заказа.</li><li>По QR-коду через Систему быстрых платежей.</li></ul>
<p>Производство заказа с нанесением начинается после предоплаты 100 % либо по условиям договора с отсрочкой платежа для постоянных клиентов.</p>`,
  },
  {
    slug: "privacy",
    title: "Политика конфиденциальности",
    seoDescription: "Политика в отношении обработки персональных данных.",
    content: `<p>Настоящая политика определяет порядок обработки и защиты персональных данных пользователей сайта ${LEGAL_NAME}.</p>
<h2>Какие данные мы собираем</h2>
<p>Данные, которые вы указываете при регистрации и оформлении заказа, а также технические данные: cookie, IP-адрес, сведения о браузере.</p>
<h2>Как мы используем данные</h2>
<ul><li>для обработки заказов и коммерческих предложений;</li><li>для связи с вами по вопросам заказа;</li><li>для улучшения работы сайта и аналитики посещаемости.</li></ul>
<h2>Защита данных</h2>
<p>Мы принимаем организационные и технические меры для защиты персональных данных от неправомерного доступа и не передаём их третьим лицам, кроме случаев, предусмотренных законом, и служб доставки для исполнения заказа.</p>`,
  },
  {
    slug: "public-offer",
    title: "Публичная оферта",
    seoDescription: "Договор публичной оферты на продажу товаров и оказание услуг нанесения.",
    content: `<h2>1. Общие положения</h2>
<p>Настоящий документ является официальным предложением ${LEGAL_NAME} (ИНН ${REQUISITES.inn}, КПП ${REQUISITES.kpp}, ОГРН ${REQUISITES.ogrn}) заключить договор купли-продажи товаров и оказания услуг по нанесению изображений на условиях, изложенных ниже.</p>
<h2>2. Предмет договора</h2>
<p>Продавец передаёт в собственность покупателя товары, а при необходимости наносит на них изображения по согласованному макету; покупатель принимает и оплачивает товары и услуги.</p>
<h2>3. Цена и оплата</h2>
<p>Цены указаны на сайте в рублях с учётом НДС. Стоимость нанесения рассчитывается индивидуально и фиксируется в счёте.</p>
<h2>4. Передача товара</h2>
<p>Товар передаётся покупателю самовывозом или службой доставки в сроки, согласованные при оформлении заказа.</p>
<h2>5. Реквизиты продавца</h2>
<p>${LEGAL_NAME}, ${REQUISITES.legalAddress}. Р/с ${REQUISITES.checkingAccount} в ${REQUISITES.bankTitle}, к/с ${REQUISITES.correspondentAccount}, БИК ${REQUISITES.bik}.</p>`,
  },
  {
    slug: "requirements",
    title: "Требования к макетам",
    seoDescription: "Технические требования к макетам для нанесения логотипа.",
    content: `<p>Чтобы нанесение получилось чётким и точно передавало цвета, подготовьте макет по следующим требованиям.</p>
<h2>Форматы файлов</h2>
<ul><li>Векторные форматы: AI (до версии CC 2020), EPS, PDF, CDR (до версии X7).</li><li>Шрифты переведены в кривые.</li><li>Растровые изображения — не менее 300 dpi в натуральную величину.</li></ul>
<h2>Цвета</h2>
<ul><li>Для шелкографии и тампопечати — цвета по шкале Pantone Coated.</li><li>Для УФ-печати и DTF — CMYK.</li></ul>
<h2>Размеры</h2>
<p>Минимальная толщина линии — 0,2 мм, минимальный размер шрифта — 6 пт. Поле нанесения указано в карточке каждого товара.</p>`,
  },
  {
    slug: "vacancy",
    title: "Вакансии",
    seoDescription: `Открытые вакансии компании «${SHOP_NAME}»: менеджеры и производство.`,
    content: `<p>Мы растём и ищем в команду людей, которым нравится делать качественный продукт для клиентов.</p>
<h2>Менеджер по работе с корпоративными клиентами (Москва, Санкт-Петербург)</h2>
<ul><li>Ведение клиентов от запроса до отгрузки.</li><li>Подготовка коммерческих предложений.</li><li>Опыт продаж B2B от 1 года.</li></ul>
<h2>Оператор лазерного гравера (Санкт-Петербург, производство)</h2>
<ul><li>Нанесение логотипов на металл, дерево и кожу.</li><li>Подготовка управляющих программ.</li><li>Обучение на рабочем месте.</li></ul>
<p>Резюме присылайте на hr@${MAIL_DOMAIN}, в теме письма укажите вакансию и город.</p>`,
  },
  {
    slug: "route",
    title: "Как проехать",
    seoDescription: `Схема проезда к офисам и шоу-румам «${SHOP_NAME}»: на метро и на автомобиле.`,
    content:
      officeRoute(
        MOSCOW_OFFICE,
        "Менделеевская",
        "Выход к Новослободской улице, далее 3 минуты пешком в сторону Савёловского вокзала. Вход через проходную бизнес-центра, пятый этаж.",
        "Въезд с Новослободской улицы. Гостевая парковка платная; номер автомобиля сообщите менеджеру за день до визита, чтобы мы заказали пропуск.",
        "Заказы выдаём на первом этаже с 10:00 до 17:30 в рабочие дни; крупные тиражи отгружаем со склада по предварительной записи.",
      ) +
      "\n" +
      officeRoute(
        SPB_OFFICE,
        "Лиговский проспект",
        "Выход на Лиговский проспект, затем 5 минут пешком направо до дома 50. Вход через арку, корпус 12, третий этаж, офис 305.",
        "Въезд на территорию с Лиговского проспекта. Для гостевой парковки сообщите номер автомобиля менеджеру за день до визита.",
        "Грузовой въезд — со стороны Обводного канала, погрузка с 10:00 до 17:30 в рабочие дни.",
      ),
  },
];

export const SLIDES = [
  { title: "Подарки с логотипом для бизнеса", subtitle: "Более 2 000 товаров на складе и собственный цех нанесения", link: "/catalog", buttonText: "В каталог" },
  { title: "Новогодние корпоративные подарки", subtitle: "Готовые наборы для сотрудников и партнёров", link: "/catalog/novogodnie-nabory", buttonText: "Выбрать набор" },
  { title: "Нанесение логотипа за 1 день", subtitle: "Лазерная гравировка и УФ-печать в срочном режиме", link: "/print", buttonText: "Виды нанесения" },
  { title: "Эко-коллекция", subtitle: "Ручки из бамбука, шопперы из хлопка и джута", link: "/catalog/eko-ruchki", buttonText: "Смотреть" },
] as const;

export const BANNERS = [
  { title: "Лучшие предложения месяца", link: "/bestoffers", position: "main", width: 580, height: 290 },
  { title: "Новинки каталога", link: "/newones", position: "main", width: 580, height: 290 },
  { title: "Мы рекомендуем", link: "/recommended", position: "main", width: 1180, height: 240 },
] as const;

/** §9: delay options start with "Без отсрочки". */
export const OFFER_DELAYS = [
  { title: "Без отсрочки", days: 0 },
  { title: "7 дней", days: 7 },
  { title: "14 дней", days: 14 },
  { title: "30 дней", days: 30 },
  { title: "45 дней", days: 45 },
  { title: "60 дней", days: 60 },
] as const;
