/**
 * Static dictionaries of the demo catalogue: category tree, brands, colours, filter attributes
 * (§9) and print types. Product groups are generated from these by seed.ts.
 */
import type { ProductShape } from "../../media/urls";

/** Filter attributes of §9 (analytics goals list them): slug → title. */
export const ATTRIBUTES = [
  { slug: "material", title: "Материал" },
  { slug: "datebook-format", title: "Формат ежедневника" },
  { slug: "delivery-period", title: "Срок поставки" },
  { slug: "dated", title: "Датированность" },
  { slug: "pen-type", title: "Тип ручки" },
  { slug: "sex", title: "Пол" },
  { slug: "battery-capacity", title: "Ёмкость аккумулятора" },
] as const;
export type AttributeSlug = (typeof ATTRIBUTES)[number]["slug"];

/** Attribute values: slug → title, per attribute. */
export const ATTRIBUTE_VALUES: Record<AttributeSlug, Record<string, string>> = {
  material: {
    plastik: "Пластик",
    metall: "Металл",
    derevo: "Дерево",
    bambuk: "Бамбук",
    steklo: "Стекло",
    keramika: "Керамика",
    farfor: "Фарфор",
    khlopok: "Хлопок",
    "khlopok-poliester": "Хлопок с полиэстером",
    poliester: "Полиэстер",
    neylon: "Нейлон",
    ekokozha: "Экокожа",
    kozha: "Натуральная кожа",
    karton: "Картон",
    flis: "Флис",
    sherst: "Шерсть",
    "nerzhaveyushchaya-stal": "Нержавеющая сталь",
    tritan: "Тритан",
    dzhut: "Джут",
    netkanyy: "Нетканый материал",
    silikon: "Силикон",
    akril: "Акрил",
    "pererabotannyy-plastik": "Переработанный пластик",
    aluminiy: "Алюминий",
  },
  "datebook-format": { a4: "А4", b5: "B5", a5: "А5", a6: "А6", a7: "А7" },
  "delivery-period": {
    "1-3-dnya": "1–3 дня",
    "4-7-dney": "4–7 дней",
    "8-14-dney": "8–14 дней",
    "pod-zakaz": "Под заказ, 30–45 дней",
  },
  dated: { datirovannyy: "Датированный", nedatirovannyy: "Недатированный", poludatirovannyy: "Полудатированный" },
  "pen-type": { sharikovaya: "Шариковая", gelevaya: "Гелевая", roller: "Роллер", perevaya: "Перьевая" },
  sex: { muzhskoy: "Мужской", zhenskiy: "Женский", uniseks: "Унисекс", detskiy: "Детский" },
  "battery-capacity": {
    "300": "300 мА·ч",
    "500": "500 мА·ч",
    "1200": "1 200 мА·ч",
    "2000": "2 000 мА·ч",
    "5000": "5 000 мА·ч",
    "10000": "10 000 мА·ч",
    "20000": "20 000 мА·ч",
  },
};

export const COLORS = [
  { title: "Белый", slug: "belyy", hex: "#ffffff" },
  { title: "Чёрный", slug: "chernyy", hex: "#1f1f1f" },
  { title: "Серый", slug: "seryy", hex: "#9e9e9e" },
  { title: "Серебристый", slug: "serebristyy", hex: "#c0c0c0" },
  { title: "Красный", slug: "krasnyy", hex: "#d32f2f" },
  { title: "Бордовый", slug: "bordovyy", hex: "#7b1f2b" },
  { title: "Оранжевый", slug: "oranzhevyy", hex: "#f57c00" },
  { title: "Жёлтый", slug: "zheltyy", hex: "#fbc02d" },
  { title: "Зелёный", slug: "zelenyy", hex: "#388e3c" },
  { title: "Салатовый", slug: "salatovyy", hex: "#8bc34a" },
  { title: "Голубой", slug: "goluboy", hex: "#4fc3f7" },
  { title: "Синий", slug: "siniy", hex: "#1976d2" },
  { title: "Тёмно-синий", slug: "temno-siniy", hex: "#1a237e" },
  { title: "Фиолетовый", slug: "fioletovyy", hex: "#7b1fa2" },
  { title: "Розовый", slug: "rozovyy", hex: "#f06292" },
  { title: "Коричневый", slug: "korichnevyy", hex: "#6d4c41" },
  { title: "Бежевый", slug: "bezhevyy", hex: "#d7ccc8" },
  { title: "Золотистый", slug: "zolotistyy", hex: "#c9a227" },
  { title: "Натуральный", slug: "naturalnyy", hex: "#c19a6b" },
] as const;

export const BRANDS = [
  "Arrow", "Bright Idea", "Cosmo", "Delta Line", "Evolve", "Frost", "Gravity", "Horizon", "Indigo",
  "Joy", "Kraft & Co", "Lumen", "Mono", "Nord", "Orbit", "Prime", "Quest", "River", "Soft Touch",
  "Terra", "Urban", "Vivid", "Wave", "Zephyr", "Акцент", "Берег", "Вектор Промо", "Гарант",
  "Дом подарка", "Классика", "Мастерская сувениров", "Полюс", "Северная мануфактура", "Терем",
  "Фабрика идей", "Шторм",
] as const;

/** Names in «quotes» of product titles, like "Ручка шариковая «Бриз» металлическая". */
export const MODEL_NAMES = [
  "Бриз", "Сигма", "Аврора", "Вектор", "Гранд", "Дельта", "Эльбрус", "Ладога", "Нева", "Полярис",
  "Ритм", "Сфера", "Тайга", "Фьорд", "Хром", "Эверест", "Юпитер", "Атлант", "Байкал", "Витязь",
  "Гольфстрим", "Дюна", "Енисей", "Жемчуг", "Зенит", "Иволга", "Карелия", "Лагуна", "Мистраль",
  "Нордик", "Онега", "Пульсар", "Рубин", "Сапфир", "Торнадо", "Умка", "Фокус", "Хорда", "Чайка",
  "Шторм", "Ялта", "Альфа", "Бета", "Гамма", "Омега", "Вега", "Орион", "Сириус", "Титан", "Кварц",
  "Графит", "Малахит", "Янтарь", "Оникс", "Агат", "Топаз", "Кедр", "Сосна", "Клён", "Рябина",
  "Вереск", "Лотос", "Мята", "Лаванда", "Ваниль", "Корица", "Бергамот", "Север", "Меридиан",
  "Экватор", "Горизонт", "Рассвет", "Закат", "Комета", "Метеор", "Галактика", "Квазар", "Спутник",
  "Стрела", "Парус", "Якорь", "Маяк", "Штиль", "Волна", "Прибой", "Риф", "Айсберг", "Сканди",
  "Милан", "Прага", "Вена", "Осло", "Рига", "Казань", "Сочи", "Алтай", "Урал", "Памир", "Тундра",
  "Оазис", "Мираж", "Пиксель", "Логос", "Нейрон", "Протон", "Фотон", "Квант", "Модерн", "Классик",
  "Лофт", "Минимал", "Престиж", "Лидер", "Старт", "Финиш", "Марафон", "Олимп", "Арктика", "Бризант",
] as const;

interface TitleVariant {
  /** Words after the model name, agreed with the category's nouns. */
  suffix: string;
  /** Material slug implied by the suffix. */
  material?: string;
  /** Other attribute values implied by the suffix. */
  attrs?: Partial<Record<AttributeSlug, string>>;
}

export interface LeafCategory {
  slug: string;
  title: string;
  shape: ProductShape;
  /** Leading words of product titles. */
  nouns: readonly string[];
  variants: readonly TitleVariant[];
  /** Material slugs used when the variant doesn't imply one. */
  materials: readonly string[];
  /** Extra §9 attributes of this category with their possible value slugs. */
  attrs?: Partial<Record<AttributeSlug, readonly string[]>>;
  /** Retail price range of one item, rubles. */
  price: readonly [number, number];
  /** Weight of one item, grams. */
  weight: readonly [number, number];
  /** Coating slugs that suit the item. */
  coatings: readonly string[];
  /** Textile sizes; a variation per colour × size. */
  sizes?: readonly string[];
  /** Relative share of product groups. */
  share: number;
  skuPrefix: string;
  image?: string;
}

export interface TopCategory {
  slug: string;
  title: string;
  /** Shown in the footer menu (init.footerCategories). */
  footer: boolean;
  description: string;
  children: readonly LeafCategory[];
}

const penVariants: TitleVariant[] = [
  { suffix: "металлическая", material: "metall" },
  { suffix: "пластиковая", material: "plastik" },
  { suffix: "с софт-тач покрытием", material: "plastik" },
  { suffix: "из бамбука", material: "bambuk" },
  { suffix: "из переработанного пластика", material: "pererabotannyy-plastik" },
  { suffix: "с покрытием soft touch", material: "metall" },
  { suffix: "в футляре" },
  { suffix: "с подсветкой", material: "metall" },
];
const apparelSizes = ["XS", "S", "M", "L", "XL", "XXL", "3XL"] as const;

/** ≥ 40 categories in a two-level tree; products live in the leaves. */
export const CATEGORY_TREE: readonly TopCategory[] = [
  {
    slug: "ruchki",
    title: "Ручки",
    footer: true,
    description: "Ручки с логотипом: шариковые, гелевые, металлические и эко-ручки для офиса и выставок.",
    children: [
      { slug: "sharikovye-ruchki", title: "Шариковые ручки", shape: "pen", nouns: ["Ручка шариковая"], variants: penVariants, materials: ["plastik", "metall"], attrs: { "pen-type": ["sharikovaya"] }, price: [18, 450], weight: [8, 30], coatings: ["tampopechat", "lazernaya-gravirovka", "uf-pechat", "shelkografiya"], share: 8, skuPrefix: "PB" },
      { slug: "metallicheskie-ruchki", title: "Металлические ручки", shape: "pen", nouns: ["Ручка металлическая"], variants: [{ suffix: "в подарочном футляре" }, { suffix: "с гравировкой" }, { suffix: "матовая" }, { suffix: "глянцевая" }, { suffix: "со стилусом" }], materials: ["metall", "aluminiy"], attrs: { "pen-type": ["sharikovaya", "roller", "perevaya"] }, price: [90, 2500], weight: [18, 45], coatings: ["lazernaya-gravirovka", "tampopechat", "uf-pechat"], share: 5, skuPrefix: "PM" },
      { slug: "plastikovye-ruchki", title: "Пластиковые ручки", shape: "pen", nouns: ["Ручка пластиковая"], variants: [{ suffix: "прозрачная" }, { suffix: "с цветным клипом" }, { suffix: "автоматическая" }, { suffix: "с грипом" }], materials: ["plastik"], attrs: { "pen-type": ["sharikovaya", "gelevaya"] }, price: [12, 120], weight: [6, 15], coatings: ["tampopechat", "uf-pechat", "shelkografiya"], share: 6, skuPrefix: "PP" },
      { slug: "gelevye-ruchki", title: "Гелевые ручки", shape: "pen", nouns: ["Ручка гелевая"], variants: [{ suffix: "с колпачком" }, { suffix: "автоматическая" }, { suffix: "стираемая" }], materials: ["plastik", "metall"], attrs: { "pen-type": ["gelevaya"] }, price: [25, 350], weight: [8, 25], coatings: ["tampopechat", "uf-pechat"], share: 3, skuPrefix: "PG" },
      { slug: "ruchki-rollery", title: "Ручки-роллеры", shape: "pen", nouns: ["Ручка-роллер"], variants: [{ suffix: "в футляре" }, { suffix: "с хромированными деталями" }, { suffix: "лакированная" }], materials: ["metall"], attrs: { "pen-type": ["roller"] }, price: [350, 4500], weight: [25, 50], coatings: ["lazernaya-gravirovka"], share: 2, skuPrefix: "PR" },
      { slug: "eko-ruchki", title: "Эко-ручки", shape: "pen", nouns: ["Эко-ручка"], variants: [{ suffix: "из бамбука", material: "bambuk" }, { suffix: "из картона", material: "karton" }, { suffix: "из пшеничной соломы", material: "pererabotannyy-plastik" }, { suffix: "из дерева", material: "derevo" }], materials: ["bambuk", "karton", "derevo"], attrs: { "pen-type": ["sharikovaya"] }, price: [20, 180], weight: [7, 18], coatings: ["tampopechat", "lazernaya-gravirovka"], share: 3, skuPrefix: "PE" },
    ],
  },
  {
    slug: "ezhednevniki-i-bloknoty",
    title: "Ежедневники и блокноты",
    footer: true,
    description: "Ежедневники, планинги и блокноты с тиснением, гравировкой и печатью логотипа.",
    children: [
      { slug: "ezhednevniki", title: "Ежедневники", shape: "notebook", nouns: ["Ежедневник"], variants: [{ suffix: "датированный на 2027 год", attrs: { dated: "datirovannyy" } }, { suffix: "недатированный", attrs: { dated: "nedatirovannyy" } }, { suffix: "полудатированный", attrs: { dated: "poludatirovannyy" } }, { suffix: "в твёрдой обложке" }, { suffix: "с магнитной застёжкой" }], materials: ["ekokozha", "kozha", "karton"], attrs: { "datebook-format": ["a5", "a6", "b5"], dated: ["datirovannyy", "nedatirovannyy", "poludatirovannyy"] }, price: [250, 3200], weight: [250, 600], coatings: ["tisnenie", "lazernaya-gravirovka", "uf-pechat"], share: 6, skuPrefix: "DN" },
      { slug: "planingi", title: "Планинги", shape: "notebook", nouns: ["Планинг"], variants: [{ suffix: "настольный" }, { suffix: "недатированный", attrs: { dated: "nedatirovannyy" } }, { suffix: "датированный на 2027 год", attrs: { dated: "datirovannyy" } }], materials: ["ekokozha", "karton"], attrs: { "datebook-format": ["a4"], dated: ["datirovannyy", "nedatirovannyy"] }, price: [300, 2200], weight: [200, 450], coatings: ["tisnenie", "uf-pechat"], share: 2, skuPrefix: "PL" },
      { slug: "bloknoty", title: "Блокноты", shape: "notebook", nouns: ["Блокнот"], variants: [{ suffix: "на спирали" }, { suffix: "в клетку" }, { suffix: "в линейку" }, { suffix: "с ручкой" }, { suffix: "из крафт-картона", material: "karton" }], materials: ["karton", "ekokozha", "plastik"], attrs: { "datebook-format": ["a5", "a6", "a7"] }, price: [60, 900], weight: [90, 350], coatings: ["tisnenie", "uf-pechat", "shelkografiya"], share: 5, skuPrefix: "BN" },
      { slug: "zapisnye-knizhki", title: "Записные книжки", shape: "notebook", nouns: ["Записная книжка"], variants: [{ suffix: "с резинкой" }, { suffix: "в твёрдой обложке" }, { suffix: "карманная" }], materials: ["ekokozha", "karton"], attrs: { "datebook-format": ["a6", "a7"] }, price: [120, 1100], weight: [80, 220], coatings: ["tisnenie", "lazernaya-gravirovka"], share: 2, skuPrefix: "ZK" },
    ],
  },
  {
    slug: "posuda",
    title: "Посуда",
    footer: true,
    description: "Кружки, термосы, термокружки, бутылки и бокалы с логотипом компании.",
    children: [
      { slug: "kruzhki", title: "Кружки", shape: "mug", nouns: ["Кружка"], variants: [{ suffix: "керамическая", material: "keramika" }, { suffix: "фарфоровая", material: "farfor" }, { suffix: "стеклянная", material: "steklo" }, { suffix: "эмалированная", material: "metall" }, { suffix: "с ложкой", material: "keramika" }, { suffix: "хамелеон", material: "keramika" }], materials: ["keramika"], price: [150, 1200], weight: [280, 420], coatings: ["sublimatsiya", "dekol", "lazernaya-gravirovka", "uf-pechat"], share: 7, skuPrefix: "MG" },
      { slug: "termokruzhki", title: "Термокружки", shape: "thermos", nouns: ["Термокружка"], variants: [{ suffix: "с крышкой-поилкой" }, { suffix: "вакуумная", material: "nerzhaveyushchaya-stal" }, { suffix: "с двойными стенками" }, { suffix: "автомобильная" }], materials: ["nerzhaveyushchaya-stal", "plastik"], price: [450, 2900], weight: [250, 450], coatings: ["lazernaya-gravirovka", "uf-pechat", "tampopechat"], share: 4, skuPrefix: "TK" },
      { slug: "termosy", title: "Термосы", shape: "thermos", nouns: ["Термос"], variants: [{ suffix: "вакуумный" }, { suffix: "с чашкой" }, { suffix: "походный" }, { suffix: "с ситечком" }], materials: ["nerzhaveyushchaya-stal"], price: [700, 5200], weight: [350, 900], coatings: ["lazernaya-gravirovka", "uf-pechat"], share: 3, skuPrefix: "TS" },
      { slug: "butylki-dlya-vody", title: "Бутылки для воды", shape: "bottle", nouns: ["Бутылка для воды"], variants: [{ suffix: "из тритана", material: "tritan" }, { suffix: "стеклянная", material: "steklo" }, { suffix: "металлическая", material: "nerzhaveyushchaya-stal" }, { suffix: "спортивная", material: "plastik" }, { suffix: "складная", material: "silikon" }], materials: ["tritan", "plastik"], price: [180, 1900], weight: [90, 380], coatings: ["tampopechat", "uf-pechat", "lazernaya-gravirovka"], share: 4, skuPrefix: "BW" },
      { slug: "bokaly-i-stakany", title: "Бокалы и стаканы", shape: "glass", nouns: ["Бокал"], variants: [{ suffix: "для вина" }, { suffix: "для пива" }, { suffix: "для виски" }, { suffix: "с гравировкой" }], materials: ["steklo"], price: [120, 1500], weight: [180, 420], coatings: ["lazernaya-gravirovka", "dekol", "shelkografiya"], share: 2, skuPrefix: "GL" },
    ],
  },
  {
    slug: "sumki",
    title: "Сумки",
    footer: true,
    description: "Шопперы, рюкзаки, дорожные сумки и сумки для ноутбука с нанесением.",
    children: [
      { slug: "shoppery", title: "Шопперы", shape: "bag", nouns: ["Шоппер"], variants: [{ suffix: "хлопковый", material: "khlopok" }, { suffix: "из джута", material: "dzhut" }, { suffix: "из нетканого материала", material: "netkanyy" }, { suffix: "с длинными ручками" }, { suffix: "с карманом" }], materials: ["khlopok", "poliester"], price: [90, 1200], weight: [60, 250], coatings: ["shelkografiya", "dtf-pechat", "termotransfer", "vyshivka"], share: 5, skuPrefix: "SH" },
      { slug: "ryukzaki", title: "Рюкзаки", shape: "backpack", nouns: ["Рюкзак"], variants: [{ suffix: "городской" }, { suffix: "для ноутбука" }, { suffix: "с USB-портом" }, { suffix: "водонепроницаемый", material: "neylon" }, { suffix: "складной" }], materials: ["poliester", "neylon"], attrs: { sex: ["uniseks", "muzhskoy", "zhenskiy"] }, price: [650, 7800], weight: [350, 1100], coatings: ["vyshivka", "shelkografiya", "termotransfer"], share: 4, skuPrefix: "BP" },
      { slug: "dorozhnye-sumki", title: "Дорожные сумки", shape: "bag", nouns: ["Сумка дорожная"], variants: [{ suffix: "на колёсах" }, { suffix: "спортивная" }, { suffix: "складная" }, { suffix: "с плечевым ремнём" }], materials: ["poliester", "neylon", "ekokozha"], attrs: { sex: ["uniseks", "muzhskoy", "zhenskiy"] }, price: [900, 8900], weight: [500, 1600], coatings: ["vyshivka", "shelkografiya"], share: 2, skuPrefix: "TB" },
      { slug: "sumki-dlya-noutbuka", title: "Сумки для ноутбука", shape: "bag", nouns: ["Сумка для ноутбука"], variants: [{ suffix: "15,6″" }, { suffix: "14″" }, { suffix: "с отделением для документов" }, { suffix: "деловая" }], materials: ["poliester", "ekokozha", "kozha"], attrs: { sex: ["uniseks", "muzhskoy", "zhenskiy"] }, price: [900, 6900], weight: [400, 1100], coatings: ["vyshivka", "shelkografiya", "tisnenie"], share: 2, skuPrefix: "LB" },
    ],
  },
  {
    slug: "tekstil",
    title: "Текстиль",
    footer: true,
    description: "Футболки, толстовки, поло, бейсболки и пледы с вышивкой и печатью.",
    children: [
      { slug: "futbolki", title: "Футболки", shape: "tshirt", nouns: ["Футболка"], variants: [{ suffix: "хлопковая", material: "khlopok" }, { suffix: "oversize", material: "khlopok" }, { suffix: "спортивная", material: "poliester" }, { suffix: "приталенная", material: "khlopok-poliester" }, { suffix: "с длинным рукавом", material: "khlopok" }], materials: ["khlopok", "khlopok-poliester"], attrs: { sex: ["muzhskoy", "zhenskiy", "uniseks", "detskiy"] }, sizes: apparelSizes, price: [290, 1900], weight: [140, 260], coatings: ["shelkografiya", "dtf-pechat", "termotransfer", "vyshivka", "sublimatsiya"], share: 6, skuPrefix: "TF" },
      { slug: "tolstovki", title: "Толстовки", shape: "hoodie", nouns: ["Толстовка"], variants: [{ suffix: "с капюшоном" }, { suffix: "на молнии" }, { suffix: "флисовая", material: "flis" }, { suffix: "оверсайз" }], materials: ["khlopok", "khlopok-poliester"], attrs: { sex: ["muzhskoy", "zhenskiy", "uniseks"] }, sizes: apparelSizes, price: [1200, 5900], weight: [450, 800], coatings: ["vyshivka", "shelkografiya", "dtf-pechat"], share: 3, skuPrefix: "HD" },
      { slug: "polo", title: "Поло", shape: "tshirt", nouns: ["Рубашка-поло"], variants: [{ suffix: "классическая" }, { suffix: "спортивная", material: "poliester" }, { suffix: "с контрастной отделкой" }], materials: ["khlopok", "khlopok-poliester"], attrs: { sex: ["muzhskoy", "zhenskiy", "uniseks"] }, sizes: apparelSizes, price: [690, 2900], weight: [200, 320], coatings: ["vyshivka", "shelkografiya", "dtf-pechat"], share: 2, skuPrefix: "PO" },
      { slug: "beysbolki", title: "Бейсболки", shape: "cap", nouns: ["Бейсболка"], variants: [{ suffix: "пятипанельная" }, { suffix: "шестипанельная" }, { suffix: "с сеткой" }, { suffix: "хлопковая", material: "khlopok" }], materials: ["khlopok", "poliester"], attrs: { sex: ["uniseks", "detskiy"] }, price: [220, 1500], weight: [70, 140], coatings: ["vyshivka", "termotransfer", "shelkografiya"], share: 3, skuPrefix: "CP" },
      { slug: "pledy", title: "Пледы", shape: "blanket", nouns: ["Плед"], variants: [{ suffix: "флисовый", material: "flis" }, { suffix: "шерстяной", material: "sherst" }, { suffix: "вязаный", material: "akril" }, { suffix: "в чехле", material: "flis" }], materials: ["flis", "akril"], price: [590, 6500], weight: [500, 1500], coatings: ["vyshivka", "sublimatsiya"], share: 2, skuPrefix: "PD" },
    ],
  },
  {
    slug: "elektronika",
    title: "Электроника",
    footer: true,
    description: "Power bank, флешки, беспроводные зарядки, колонки и наушники с логотипом.",
    children: [
      { slug: "power-bank", title: "Power bank", shape: "powerbank", nouns: ["Внешний аккумулятор"], variants: [{ suffix: "с быстрой зарядкой" }, { suffix: "с беспроводной зарядкой" }, { suffix: "с подсветкой" }, { suffix: "в алюминиевом корпусе", material: "aluminiy" }, { suffix: "компактный" }], materials: ["plastik", "aluminiy"], attrs: { "battery-capacity": ["5000", "10000", "20000"] }, price: [690, 4900], weight: [110, 420], coatings: ["uf-pechat", "lazernaya-gravirovka", "tampopechat"], share: 4, skuPrefix: "PW" },
      { slug: "fleshki", title: "Флешки", shape: "usb", nouns: ["Флешка"], variants: [{ suffix: "16 ГБ" }, { suffix: "32 ГБ" }, { suffix: "64 ГБ" }, { suffix: "металлическая", material: "metall" }, { suffix: "деревянная", material: "derevo" }], materials: ["plastik", "metall"], price: [290, 2100], weight: [8, 30], coatings: ["uf-pechat", "lazernaya-gravirovka", "tampopechat"], share: 3, skuPrefix: "FL" },
      { slug: "besprovodnye-zaryadki", title: "Беспроводные зарядки", shape: "charger", nouns: ["Беспроводное зарядное устройство"], variants: [{ suffix: "из бамбука", material: "bambuk" }, { suffix: "с подсветкой" }, { suffix: "настольное" }, { suffix: "складное" }], materials: ["plastik", "bambuk", "derevo"], price: [790, 4500], weight: [80, 300], coatings: ["uf-pechat", "lazernaya-gravirovka"], share: 2, skuPrefix: "WC" },
      { slug: "kolonki", title: "Колонки", shape: "speaker", nouns: ["Беспроводная колонка"], variants: [{ suffix: "с подсветкой" }, { suffix: "водонепроницаемая" }, { suffix: "в тканевом корпусе", material: "poliester" }, { suffix: "мини" }], materials: ["plastik", "metall"], attrs: { "battery-capacity": ["1200", "2000", "5000"] }, price: [990, 7900], weight: [150, 800], coatings: ["uf-pechat", "tampopechat"], share: 2, skuPrefix: "SP" },
      { slug: "naushniki", title: "Наушники", shape: "headphones", nouns: ["Наушники беспроводные"], variants: [{ suffix: "в кейсе" }, { suffix: "накладные" }, { suffix: "спортивные" }, { suffix: "с шумоподавлением" }], materials: ["plastik"], attrs: { "battery-capacity": ["300", "500"] }, price: [1200, 8900], weight: [50, 260], coatings: ["uf-pechat", "tampopechat"], share: 2, skuPrefix: "HP" },
    ],
  },
  {
    slug: "zonty",
    title: "Зонты",
    footer: false,
    description: "Зонты-трости и складные зонты с печатью логотипа на куполе.",
    children: [
      { slug: "zonty-trosti", title: "Зонты-трости", shape: "umbrella", nouns: ["Зонт-трость"], variants: [{ suffix: "полуавтоматический" }, { suffix: "с деревянной ручкой", material: "derevo" }, { suffix: "ветроустойчивый" }, { suffix: "двухцветный" }], materials: ["poliester"], price: [690, 4900], weight: [380, 750], coatings: ["shelkografiya", "termotransfer"], share: 3, skuPrefix: "UT" },
      { slug: "skladnye-zonty", title: "Складные зонты", shape: "umbrella", nouns: ["Зонт складной"], variants: [{ suffix: "автоматический" }, { suffix: "механический" }, { suffix: "в чехле" }, { suffix: "обратного сложения" }], materials: ["poliester"], price: [590, 3900], weight: [250, 500], coatings: ["shelkografiya", "termotransfer"], share: 3, skuPrefix: "UF" },
    ],
  },
  {
    slug: "podarochnye-nabory",
    title: "Подарочные наборы",
    footer: true,
    description: "Готовые подарочные наборы для сотрудников, клиентов и партнёров.",
    children: [
      { slug: "nabory-s-ezhednevnikom", title: "Наборы с ежедневником", shape: "gift", nouns: ["Набор подарочный"], variants: [{ suffix: "с ежедневником и ручкой" }, { suffix: "с ежедневником и термокружкой" }, { suffix: "с блокнотом и power bank" }], materials: ["ekokozha", "karton"], attrs: { "datebook-format": ["a5", "a6"], dated: ["nedatirovannyy"] }, price: [990, 8900], weight: [500, 1400], coatings: ["tisnenie", "lazernaya-gravirovka", "uf-pechat"], share: 2, skuPrefix: "GD" },
      { slug: "nabory-dlya-kukhni", title: "Наборы для кухни", shape: "gift", nouns: ["Набор для кухни"], variants: [{ suffix: "с разделочной доской", material: "derevo" }, { suffix: "для специй" }, { suffix: "для чая" }], materials: ["derevo", "bambuk", "keramika"], price: [790, 6900], weight: [400, 1800], coatings: ["lazernaya-gravirovka", "uf-pechat"], share: 2, skuPrefix: "GK" },
      { slug: "novogodnie-nabory", title: "Новогодние наборы", shape: "gift", nouns: ["Новогодний набор"], variants: [{ suffix: "с пледом и кружкой" }, { suffix: "с ёлочной игрушкой" }, { suffix: "со сладостями" }, { suffix: "в деревянной коробке", material: "derevo" }], materials: ["karton", "derevo"], price: [690, 9900], weight: [400, 2200], coatings: ["uf-pechat", "lazernaya-gravirovka", "tisnenie"], share: 2, skuPrefix: "GN" },
    ],
  },
  {
    slug: "ofis",
    title: "Офис",
    footer: false,
    description: "Настольные аксессуары, визитницы и органайзеры для рабочего места.",
    children: [
      { slug: "nastolnye-aksessuary", title: "Настольные аксессуары", shape: "desk", nouns: ["Органайзер настольный"], variants: [{ suffix: "с беспроводной зарядкой" }, { suffix: "из бамбука", material: "bambuk" }, { suffix: "с часами" }, { suffix: "вращающийся" }], materials: ["derevo", "plastik", "metall"], price: [390, 4900], weight: [200, 900], coatings: ["lazernaya-gravirovka", "uf-pechat"], share: 2, skuPrefix: "DK" },
      { slug: "vizitnitsy", title: "Визитницы", shape: "cardholder", nouns: ["Визитница"], variants: [{ suffix: "карманная" }, { suffix: "настольная" }, { suffix: "из экокожи", material: "ekokozha" }, { suffix: "металлическая", material: "metall" }], materials: ["ekokozha", "kozha", "metall"], price: [190, 2500], weight: [40, 160], coatings: ["tisnenie", "lazernaya-gravirovka"], share: 2, skuPrefix: "VZ" },
      { slug: "oblozhki-dlya-dokumentov", title: "Обложки для документов", shape: "cardholder", nouns: ["Обложка для паспорта"], variants: [{ suffix: "из экокожи", material: "ekokozha" }, { suffix: "из натуральной кожи", material: "kozha" }, { suffix: "с RFID-защитой" }], materials: ["ekokozha", "kozha"], price: [190, 2900], weight: [30, 90], coatings: ["tisnenie", "lazernaya-gravirovka", "uf-pechat"], share: 2, skuPrefix: "OB" },
    ],
  },
  {
    slug: "otdykh-i-sport",
    title: "Отдых и спорт",
    footer: false,
    description: "Товары для спорта, пикника и путешествий с фирменной символикой.",
    children: [
      { slug: "sportivnye-butylki", title: "Спортивные бутылки", shape: "bottle", nouns: ["Бутылка спортивная"], variants: [{ suffix: "с шейкером" }, { suffix: "с фильтром" }, { suffix: "с петлёй" }], materials: ["tritan", "plastik"], price: [190, 1500], weight: [90, 250], coatings: ["tampopechat", "uf-pechat"], share: 2, skuPrefix: "SB" },
      { slug: "pledy-dlya-piknika", title: "Пледы для пикника", shape: "blanket", nouns: ["Плед для пикника"], variants: [{ suffix: "с водоотталкивающим слоем" }, { suffix: "складной с ручкой" }, { suffix: "в клетку" }], materials: ["flis", "akril"], price: [690, 4900], weight: [600, 1500], coatings: ["vyshivka"], share: 1, skuPrefix: "PK" },
      { slug: "fitnes-aksessuary", title: "Фитнес-аксессуары", shape: "bottle", nouns: ["Набор для фитнеса"], variants: [{ suffix: "с эспандером" }, { suffix: "со скакалкой" }, { suffix: "с ковриком" }], materials: ["silikon", "plastik"], attrs: { sex: ["uniseks", "zhenskiy", "muzhskoy"] }, price: [490, 3900], weight: [200, 1500], coatings: ["tampopechat", "shelkografiya"], share: 1, skuPrefix: "FT" },
    ],
  },
  {
    slug: "promo-suveniry",
    title: "Промо-сувениры",
    footer: true,
    description: "Брелоки, значки и ланъярды — недорогие сувениры для выставок и мероприятий.",
    children: [
      { slug: "breloki", title: "Брелоки", shape: "keychain", nouns: ["Брелок"], variants: [{ suffix: "металлический", material: "metall" }, { suffix: "акриловый", material: "akril" }, { suffix: "из экокожи", material: "ekokozha" }, { suffix: "деревянный", material: "derevo" }, { suffix: "с карабином" }], materials: ["metall", "akril"], price: [35, 450], weight: [10, 45], coatings: ["lazernaya-gravirovka", "uf-pechat", "tampopechat"], share: 3, skuPrefix: "KC" },
      { slug: "znachki", title: "Значки", shape: "badge", nouns: ["Значок"], variants: [{ suffix: "закатной" }, { suffix: "с эмалью" }, { suffix: "литой" }, { suffix: "на булавке" }], materials: ["metall"], price: [25, 390], weight: [5, 20], coatings: ["uf-pechat", "dekol"], share: 2, skuPrefix: "ZN" },
      { slug: "lanyardy", title: "Ланъярды", shape: "lanyard", nouns: ["Ланъярд"], variants: [{ suffix: "с карабином" }, { suffix: "с бейджем" }, { suffix: "с рулеткой" }], materials: ["poliester"], price: [45, 320], weight: [15, 40], coatings: ["sublimatsiya", "shelkografiya"], share: 2, skuPrefix: "LN" },
    ],
  },
];

/**
 * Print types (§7 print-types): variants are required choices (§5), options are extras.
 * Prices follow contract Coating: per item (basePrice + pricePerCm2 × area) × variant multiplier,
 * a line costs at least minPrice. Sizes in mm.
 */
export const COATINGS = [
  {
    slug: "tampopechat",
    title: "Тампопечать",
    basePrice: 8, pricePerCm2: 1.2, minPrice: 2500, maxWidth: 60, maxHeight: 40,
    variants: [["1 цвет", 1], ["2 цвета", 1.6], ["3 цвета", 2.1], ["4 цвета", 2.6]],
    lead: "Перенос краски силиконовым тампоном на изделия сложной формы: ручки, зажигалки, флешки, брелоки.",
    pros: ["Печать на выпуклых и вогнутых поверхностях", "Точная передача мелких деталей", "Низкая стоимость на тиражах от 100 штук"],
  },
  {
    slug: "shelkografiya",
    title: "Шелкография",
    basePrice: 15, pricePerCm2: 0.8, minPrice: 3500, maxWidth: 350, maxHeight: 450,
    variants: [["1 цвет", 1], ["2 цвета", 1.7], ["3 цвета", 2.3], ["4 цвета", 2.9]],
    lead: "Трафаретная печать плотными красками по текстилю, бумаге, пластику и стеклу.",
    pros: ["Яркие насыщенные цвета", "Стойкость к стирке и истиранию", "Выгодна на больших тиражах"],
  },
  {
    slug: "lazernaya-gravirovka",
    title: "Лазерная гравировка",
    basePrice: 20, pricePerCm2: 3.5, minPrice: 1500, maxWidth: 200, maxHeight: 200,
    variants: [],
    lead: "Гравировка лазерным лучом по металлу, дереву, коже, стеклу и пластику с покрытием.",
    pros: ["Нанесение не стирается", "Подходит для персонализации каждого изделия", "Строгий премиальный вид"],
  },
  {
    slug: "uf-pechat",
    title: "УФ-печать",
    basePrice: 12, pricePerCm2: 2.5, minPrice: 2000, maxWidth: 300, maxHeight: 200,
    variants: [["CMYK", 1], ["CMYK + белый", 1.3], ["CMYK + белый + лак", 1.6]],
    lead: "Полноцветная печать ультрафиолетовыми чернилами на твёрдых поверхностях.",
    pros: ["Фотографическое качество изображения", "Рельефный эффект с лаком", "Печать от одного экземпляра"],
  },
  {
    slug: "vyshivka",
    title: "Вышивка",
    basePrice: 60, pricePerCm2: 6, minPrice: 4000, maxWidth: 250, maxHeight: 250,
    variants: [["до 5 000 стежков", 1], ["до 10 000 стежков", 1.6], ["до 15 000 стежков", 2.2]],
    lead: "Машинная вышивка логотипа на одежде, бейсболках, сумках и пледах.",
    pros: ["Выдерживает сотни стирок", "Объёмное премиальное нанесение", "До 12 цветов нитей без доплаты"],
  },
  {
    slug: "sublimatsiya",
    title: "Сублимация",
    basePrice: 25, pricePerCm2: 1.5, minPrice: 1500, maxWidth: 200, maxHeight: 100,
    variants: [],
    lead: "Перенос краски в структуру материала под действием температуры: кружки, полиэстер, ланъярды.",
    pros: ["Полноцветное изображение", "Не ощущается на ощупь", "Не выцветает и не трескается"],
  },
  {
    slug: "tisnenie",
    title: "Тиснение",
    basePrice: 30, pricePerCm2: 2, minPrice: 3000, maxWidth: 120, maxHeight: 80,
    variants: [["Блинтовое", 1], ["Фольгой", 1.4], ["Конгревное", 1.9]],
    lead: "Оттиск логотипа нагретым клише на коже, экокоже и картоне — классика для ежедневников.",
    pros: ["Благородный внешний вид", "Не стирается со временем", "Фольга золотого, серебряного и цветных оттенков"],
  },
  {
    slug: "dtf-pechat",
    title: "DTF-печать",
    basePrice: 35, pricePerCm2: 1.8, minPrice: 1200, maxWidth: 350, maxHeight: 450,
    variants: [],
    lead: "Полноцветная печать через плёнку с термопереносом на любой текстиль.",
    pros: ["Любое количество цветов", "Подходит для малых тиражей", "Эластичное нанесение"],
  },
  {
    slug: "termotransfer",
    title: "Термотрансфер",
    basePrice: 20, pricePerCm2: 1.2, minPrice: 1400, maxWidth: 300, maxHeight: 300,
    variants: [["1 цвет", 1], ["Полноцвет", 1.5]],
    lead: "Перенос заранее напечатанного изображения на изделие при нагреве и давлении.",
    pros: ["Быстрая подготовка тиража", "Печать на синтетических тканях", "Подходит для зонтов и сумок"],
  },
  {
    slug: "dekol",
    title: "Деколь",
    basePrice: 40, pricePerCm2: 2.2, minPrice: 3500, maxWidth: 150, maxHeight: 100,
    variants: [["1 цвет", 1], ["2 цвета", 1.5], ["Полноцвет", 2.2]],
    lead: "Переводное изображение, которое вжигается в глазурь керамики, фарфора и стекла.",
    pros: ["Можно мыть в посудомоечной машине", "Глянцевое стойкое изображение", "Подходит для сложных макетов"],
  },
] as const;

/**
 * Options of every coating. `only` limits an option to some coatings; `disabledFor` shows it but
 * makes it unselectable there (contract CoatingOption.enabled).
 */
export const COATING_OPTIONS: readonly {
  title: string;
  modifierType: "percent" | "fixed";
  modifierValue: number;
  only?: readonly string[];
  disabledFor?: readonly string[];
}[] = [
  { title: "Срочное нанесение (1–2 рабочих дня)", modifierType: "percent", modifierValue: 30, disabledFor: ["vyshivka"] },
  { title: "Подготовка макета дизайнером", modifierType: "fixed", modifierValue: 500 },
  { title: "Нанесение на второе место", modifierType: "percent", modifierValue: 80 },
  { title: "Пробный оттиск перед тиражом", modifierType: "fixed", modifierValue: 700 },
  { title: "Металлизированная краска", modifierType: "percent", modifierValue: 25, only: ["tampopechat", "shelkografiya", "tisnenie"] },
];
