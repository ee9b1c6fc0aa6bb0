/**
 * The query normaliser: what the shopper typed → the word lists to try (ADR 028). Pure TypeScript,
 * no database: the engine (postgres-engine.ts) checks which variants name words of the catalogue.
 *
 * - case and ё: lower case, "ё" → "е" (the 'russian' stemmer folds ё the same way on the documents);
 * - punctuation, control characters, emoji: separators (a query of only those has no words);
 * - wrong keyboard layout: Latin QWERTY keys typed for ЙЦУКЕН ("herxrf" → "ручка") and the reverse
 *   ("фккщц" → "arrow"), decided on the raw text because ";", "[", "," are letters there;
 * - Latin transliteration ("ruchka" → "ручка", "kruzhka" → "кружка");
 * - shop synonyms (SYNONYMS below): a term the catalogue doesn't use is searched as the words it does;
 * - word forms snowball misses: the fleeting vowel of genitive plurals ("ручек" → "ручк", "кружек" →
 *   "кружк", "сумок" → "сумк"), offered as an alternative lexeme of the word (wordForms);
 * - words that name no product (issue 25): the shop's own service words ("с логотипом", "с
 *   нанесением": every product here is sold so; isShopWord) and sizes ("xl", "чд" typed on the
 *   other layout; sizeOf), which the engine turns into a condition on the variations instead.
 */

export type VariantKind = "typed" | "layout" | "translit" | "synonym";

export interface QueryVariant {
  kind: VariantKind;
  /** Normalised words: lower case, е for ё, letters and digits only. */
  words: string[];
}

export interface NormalizedQuery {
  /** The typed words joined by single spaces ("" when nothing searchable was typed). */
  text: string;
  /** Interpretations to try, most literal first, without duplicates; the first is always `typed`. */
  variants: QueryVariant[];
  /**
   * The text as an article, upper case ("PB-000123-01"), when it looks like one (letters, digits and
   * dashes with at least one digit); null otherwise.
   */
  code: string | null;
}

/** Words per query and letters per word that are looked at: a 200-character query is far below. */
export const MAX_WORDS = 8;
export const MAX_WORD_LENGTH = 32;
const MAX_VARIANTS = 8;

/** Latin QWERTY key → the ЙЦУКЕН letter on the same key (lower case; ё is on the backquote key). */
const QWERTY_TO_RU: Record<string, string> = {
  q: "й", w: "ц", e: "у", r: "к", t: "е", y: "н", u: "г", i: "ш", o: "щ", p: "з", "[": "х", "]": "ъ",
  a: "ф", s: "ы", d: "в", f: "а", g: "п", h: "р", j: "о", k: "л", l: "д", ";": "ж", "'": "э",
  z: "я", x: "ч", c: "с", v: "м", b: "и", n: "т", m: "ь", ",": "б", ".": "ю", "`": "ё",
  "{": "х", "}": "ъ", ":": "ж", '"': "э", "<": "б", ">": "ю", "~": "ё",
};
const RU_TO_QWERTY: Record<string, string> = Object.fromEntries(
  Object.entries(QWERTY_TO_RU)
    .filter(([latin]) => !"{}:\"<>~".includes(latin))
    .map(([latin, ru]) => [ru, latin]),
);

/** Latin → Cyrillic, longest spelling first (GOST-like and the spellings people actually type). */
const TRANSLIT: readonly [string, string][] = [
  ["shch", "щ"], ["sch", "щ"], ["zh", "ж"], ["kh", "х"], ["ch", "ч"], ["sh", "ш"], ["ts", "ц"], ["tz", "ц"],
  ["yu", "ю"], ["ju", "ю"], ["iu", "ю"], ["ya", "я"], ["ja", "я"], ["ia", "я"], ["yo", "е"], ["jo", "е"],
  ["ye", "е"], ["ph", "ф"], ["ck", "к"], ["x", "кс"],
  ["a", "а"], ["b", "б"], ["c", "к"], ["d", "д"], ["e", "е"], ["f", "ф"], ["g", "г"], ["h", "х"], ["i", "и"],
  ["j", "й"], ["k", "к"], ["l", "л"], ["m", "м"], ["n", "н"], ["o", "о"], ["p", "п"], ["q", "к"], ["r", "р"],
  ["s", "с"], ["t", "т"], ["u", "у"], ["v", "в"], ["w", "в"], ["z", "з"],
];
const VOWELS_RU = "аеиоуыэюя";

/**
 * Shop synonyms and spellings. `terms` are what shoppers type (normalised: lower case, е for ё,
 * hyphens as spaces); `search` are the words the demo catalogue uses for the same goods (titles,
 * category names). Each group is searched as every one of its `search` phrases.
 */
export const SYNONYMS: readonly { terms: readonly string[]; search: readonly string[] }[] = [
  {
    terms: ["power bank", "powerbank", "повербанк", "павербанк", "пауэрбанк", "повер банк", "павер банк", "пауэр банк",
      "внешний аккумулятор", "портативный аккумулятор", "портативная зарядка", "внешняя батарея"],
    search: ["внешний аккумулятор", "power bank"],
  },
  { terms: ["шоппер", "шопер", "шопперы", "шоперы", "сумка шоппер", "сумка шопер", "эко сумка", "экосумка", "shopper"], search: ["шоппер"] },
  {
    terms: ["флешка", "флэшка", "флешки", "флеш накопитель", "флэш накопитель", "usb накопитель", "usb флешка", "флеш карта", "usb"],
    search: ["флешка"],
  },
  { terms: ["термокружка", "термостакан", "термочашка", "термо кружка", "автокружка", "кружка термос"], search: ["термокружка"] },
  { terms: ["ежедневник", "планер", "планнер", "органайзер для записей"], search: ["ежедневник"] },
  { terms: ["беспроводная зарядка", "беспроводное зарядное устройство", "qi зарядка", "зарядная станция"], search: ["беспроводное зарядное"] },
  { terms: ["толстовка", "худи", "свитшот", "hoodie"], search: ["толстовка"] },
  { terms: ["бейсболка", "кепка", "кепки"], search: ["бейсболка"] },
  { terms: ["колонка", "блютуз колонка", "bluetooth колонка", "портативная колонка"], search: ["беспроводная колонка"] },
  { terms: ["ланъярд", "ланьярд", "лента для бейджа", "шнурок для бейджа"], search: ["ланъярд"] },
  { terms: ["зонтик", "зонт"], search: ["зонт"] },
  // A gift shop's "подарок" asks for the gift sets («Набор подарочный», «Подарочные наборы»), not for
  // the brand «Дом подарка» that snowball's "подарк" finds (still found, after the sets).
  { terms: ["подарок", "подарки", "подарков", "подарочек", "подарочки"], search: ["подарочный"] },
  // Colours as people say them, as the colour dictionary names them (the engine reads those as the
  // colour facet): "золотая ручка" is Золотистый.
  { terms: ["золотой", "золотая", "золотое", "золотые", "золотого", "золотую", "золотых"], search: ["золотистый"] },
  { terms: ["серебряный", "серебряная", "серебряное", "серебряные", "серебряного", "серебряную", "серебряных"], search: ["серебристый"] },
];

/**
 * The shop's service words — what every product here is sold with ("кружка с логотипом" is a mug;
 * the shop's own headings say "… с логотипом") — and a query's fillers (купить, оптом, цена,
 * размер): they never narrow a search. Prefixes of normalised words; the short ones whole words.
 */
const SHOP_WORD_PREFIXES = ["логотип", "logotip", "нанесени", "нанесен", "брендирова", "символик", "персонализ", "недорог", "дешев", "стоимост"];
const SHOP_WORDS = new Set(["лого", "logo", "купить", "куплю", "заказать", "опт", "оптом", "оптовый", "цена", "цены", "ценам", "размер", "размера", "размеры", "р", "рр"]);

export function isShopWord(word: string): boolean {
  return SHOP_WORDS.has(word) || SHOP_WORD_PREFIXES.some((prefix) => word.startsWith(prefix));
}

/** Clothing sizes as the catalogue writes them (products.size), and the other ways they are typed. */
const SIZES: Record<string, string> = {
  xxs: "XXS", xs: "XS", s: "S", m: "M", l: "L", xl: "XL", xxl: "XXL", "2xl": "XXL", xxxl: "3XL", "3xl": "3XL",
  xxxxl: "4XL", "4xl": "4XL", "5xl": "5XL",
};

/**
 * The size a word names ("xl", "XXXL" → "3XL"), also typed on the Russian layout ("чд" → "XL"; two
 * letters at least there: a lone "ы" or "д" is more likely a slip than a size). Null for other words.
 */
export function sizeOf(word: string): string | null {
  const direct = SIZES[word];
  if (direct) return direct;
  if (word.length < 2 || !/^[0-9а-я]+$/.test(word) || !/[а-я]/.test(word)) return null;
  const switched = switchLayout(word);
  return switched ? (SIZES[switched] ?? null) : null;
}

/** Lower case, ё → е, anything but letters and digits → space; control characters go too. */
export function normalizeText(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(/[^a-zа-я0-9]+/g, " ")
    .trim();
}

/** Words of a normalised text, at most MAX_WORDS, each at most MAX_WORD_LENGTH letters. */
export function wordsOf(text: string): string[] {
  return normalizeText(text)
    .split(" ")
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((w) => w.slice(0, MAX_WORD_LENGTH));
}

/** The text as if typed on the other layout, or null when it isn't all one script. */
export function switchLayout(text: string): string | null {
  const lower = text.toLowerCase();
  const hasLatin = /[a-z]/.test(lower);
  const hasCyrillic = /[а-яё]/.test(lower);
  if (hasLatin === hasCyrillic) return null;
  const map = hasLatin ? QWERTY_TO_RU : RU_TO_QWERTY;
  return [...lower].map((ch) => map[ch] ?? ch).join("");
}

/** Latin letters read as a Russian transliteration ("kruzhka" → "кружка"); null without Latin letters. */
export function transliterate(word: string): string | null {
  if (!/[a-z]/.test(word) || /[а-я]/.test(word)) return null;
  let out = "";
  let i = 0;
  while (i < word.length) {
    // "y" is й after a vowel ("noviy" → "новий"), ы elsewhere ("ryukzak" is taken by "yu" first).
    if (word[i] === "y" && !["yu", "ya", "yo", "ye"].includes(word.slice(i, i + 2))) {
      out += out && VOWELS_RU.includes(out.at(-1)!) ? "й" : "ы";
      i += 1;
      continue;
    }
    const rule = TRANSLIT.find(([latin]) => word.startsWith(latin, i));
    if (rule) {
      out += rule[1];
      i += rule[0].length;
    } else {
      out += word[i];
      i += 1;
    }
  }
  return out;
}

/**
 * Other spellings of one word that snowball's 'russian' stemmer doesn't relate to it: the genitive
 * plural of nouns in -ка/-ок drops or gains a fleeting vowel ("ручек" ↔ "ручка", "кружек",
 * "сумок", "футболок"), which the stemmer keeps as a different stem ("ручек" vs "ручк").
 */
export function wordForms(word: string): string[] {
  const forms = [word];
  const fleeting = /^([а-я]{2,}[бвгджзклмнпрстфхцчшщ])[ео]([кн])$/.exec(word);
  if (fleeting) forms.push(fleeting[1] + fleeting[2]);
  return forms;
}

const sameWords = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((w, i) => w === b[i]);

/** Index of `phrase` as consecutive words of `words`, or -1. */
function findPhrase(words: readonly string[], phrase: readonly string[]): number {
  for (let i = 0; i + phrase.length <= words.length; i++) {
    if (phrase.every((w, j) => words[i + j] === w)) return i;
  }
  return -1;
}

/** Variants of `words` with a synonym term replaced by each of its group's search phrases. */
function synonymVariants(words: readonly string[]): string[][] {
  const out: string[][] = [];
  for (const group of SYNONYMS) {
    // The longest matching term ("сумка шоппер" before "шоппер").
    const terms = [...group.terms].map((t) => t.split(" ")).sort((a, b) => b.length - a.length);
    for (const term of terms) {
      const at = findPhrase(words, term);
      if (at === -1) continue;
      for (const phrase of group.search) {
        out.push([...words.slice(0, at), ...phrase.split(" "), ...words.slice(at + term.length)]);
      }
      break;
    }
  }
  return out;
}

const CODE = /^[a-zа-я0-9]+(?:[-_./][a-zа-я0-9]+)*$/i;

/** The query's interpretations (see the file comment). */
export function normalizeQuery(raw: string): NormalizedQuery {
  // Control characters and the like are separators; the raw text is kept for the layout switch.
  const cleaned = raw.replace(/[\p{C}]+/gu, " ").trim().slice(0, 400);
  const typed = wordsOf(cleaned);
  const variants: QueryVariant[] = [{ kind: "typed", words: typed }];
  const add = (kind: VariantKind, words: string[]) => {
    if (words.length && variants.length < MAX_VARIANTS && !variants.some((v) => sameWords(v.words, words))) {
      variants.push({ kind, words });
    }
  };

  const switched = switchLayout(cleaned);
  if (switched !== null) add("layout", wordsOf(switched));
  const translit = typed.map((w) => transliterate(w) ?? w);
  if (translit.some((w, i) => w !== typed[i])) add("translit", translit);
  for (const base of [...variants]) for (const words of synonymVariants(base.words)) add("synonym", words);

  const compact = cleaned.replace(/\s+/g, "");
  const code = compact.length <= 40 && /\d/.test(compact) && CODE.test(compact) ? compact.toUpperCase() : null;
  return { text: typed.join(" "), variants, code };
}
