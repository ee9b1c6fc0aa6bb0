import { describe, expect, it } from "vitest";
import { isShopWord, MAX_WORDS, normalizeQuery, normalizeText, sizeOf, switchLayout, transliterate, wordForms, wordsOf } from "./normalize";

const variantTexts = (text: string) => normalizeQuery(text).variants.map((v) => `${v.kind}:${v.words.join(" ")}`);

describe("normalizeText", () => {
  it("lower-cases, folds ё into е and turns punctuation into spaces", () => {
    expect(normalizeText("  ЁЛОЧНАЯ Игрушка!!! (ёж), «Бриз»—ручка ")).toBe("елочная игрушка еж бриз ручка");
  });

  it("keeps digits and drops control characters and emoji", () => {
    expect(normalizeText("флешка\u0000 64\u0007ГБ 🙂")).toBe("флешка 64 гб");
    expect(normalizeText("🙂🙂 \t\n")).toBe("");
  });

  it("caps the number and length of words", () => {
    expect(wordsOf(Array.from({ length: 50 }, (_, i) => `слово${i}`).join(" "))).toHaveLength(MAX_WORDS);
    expect(wordsOf("а".repeat(500))[0]).toHaveLength(32);
  });
});

describe("keyboard layout", () => {
  it("reads Latin keys as ЙЦУКЕН letters", () => {
    expect(switchLayout("hexrf")).toBe("ручка");
    // The "herxrf" has an extra "r" as well: the layout gives "рукчка", which the engine
    // corrects to "ручка" as a typo (tests/integration/api-search.test.ts).
    expect(switchLayout("herxrf")).toBe("рукчка");
    expect(switchLayout("t;tlytdybr")).toBe("ежедневник");
    expect(switchLayout("ien")).toBe("шут");
    // Punctuation keys are letters there: "[" is х, "," is б, "." is ю.
    expect(switchLayout("nthvjc")).toBe("термос");
    expect(switchLayout(",hjirf")).toBe("брошка");
  });

  it("reads Cyrillic as the Latin keys under them", () => {
    expect(switchLayout("фккщц")).toBe("arrow");
  });

  it("leaves mixed or letterless text alone", () => {
    expect(switchLayout("ручка pen")).toBeNull();
    expect(switchLayout("12345")).toBeNull();
  });

  it("offers the switched text as a variant", () => {
    expect(variantTexts("hexrf")).toContain("layout:ручка");
    expect(variantTexts("Rhe;rf")).toContain("layout:кружка");
  });
});

describe("transliteration", () => {
  it.each([
    ["ruchka", "ручка"],
    ["kruzhka", "кружка"],
    ["termokruzhka", "термокружка"],
    ["ezhednevnik", "ежедневник"],
    ["shopper", "шоппер"],
    ["ryukzak", "рюкзак"],
    ["futbolka", "футболка"],
    ["zont", "зонт"],
    ["shchetka", "щетка"],
    ["noviy", "новий"],
  ])("%s → %s", (latin, russian) => {
    expect(transliterate(latin)).toBe(russian);
  });

  it("leaves Cyrillic words alone", () => {
    expect(transliterate("ручка")).toBeNull();
  });

  it("offers the transliteration as a variant", () => {
    expect(variantTexts("ruchka metallicheskaya")).toContain("translit:ручка металлическая");
  });
});

describe("word forms", () => {
  it("adds the stem without the fleeting vowel of genitive plurals", () => {
    expect(wordForms("ручек")).toEqual(["ручек", "ручк"]);
    expect(wordForms("кружек")).toEqual(["кружек", "кружк"]);
    expect(wordForms("сумок")).toEqual(["сумок", "сумк"]);
    expect(wordForms("футболок")).toEqual(["футболок", "футболк"]);
    expect(wordForms("термокружек")).toEqual(["термокружек", "термокружк"]);
  });

  it("leaves other words alone", () => {
    expect(wordForms("ручка")).toEqual(["ручка"]);
    expect(wordForms("ежедневник")).toEqual(["ежедневник"]);
    expect(wordForms("ок")).toEqual(["ок"]);
  });
});

describe("synonyms", () => {
  it("searches power bank spellings as the catalogue's words", () => {
    for (const typed of ["повербанк", "павербанк", "Power Bank", "powerbank", "пауэрбанк"]) {
      const variants = variantTexts(typed);
      expect(variants, typed).toContain("synonym:внешний аккумулятор");
    }
    expect(variantTexts("повербанк 10000")).toContain("synonym:внешний аккумулятор 10000");
  });

  it("knows shopper, flash drive and thermo mug spellings", () => {
    expect(variantTexts("шопер")).toContain("synonym:шоппер");
    expect(variantTexts("сумка-шоппер")).toContain("synonym:шоппер");
    expect(variantTexts("флеш-накопитель")).toContain("synonym:флешка");
    expect(variantTexts("USB")).toContain("synonym:флешка");
    expect(variantTexts("термостакан")).toContain("synonym:термокружка");
    expect(variantTexts("худи")).toContain("synonym:толстовка");
  });

  it("applies to a switched layout too", () => {
    // "ijgth" is "шопер" typed on the Latin layout.
    expect(variantTexts("ijgth")).toContain("synonym:шоппер");
  });
});

describe("normalizeQuery", () => {
  it("keeps the typed words first and lists each interpretation once", () => {
    const q = normalizeQuery("Ручка  шариковая");
    expect(q.text).toBe("ручка шариковая");
    // The other layout is always offered (a brand typed on the wrong layout, "фккщц" → "arrow").
    expect(q.variants).toEqual([
      { kind: "typed", words: ["ручка", "шариковая"] },
      { kind: "layout", words: ["hexrf", "ifhbrjdfz"] },
    ]);
    expect(q.code).toBeNull();
  });

  it("recognises an article", () => {
    expect(normalizeQuery(" pb-000123-01 ").code).toBe("PB-000123-01");
    expect(normalizeQuery("PB-000123").code).toBe("PB-000123");
    expect(normalizeQuery("ручка").code).toBeNull();
    expect(normalizeQuery("'; DROP TABLE products; --").code).toBeNull();
  });

  it("turns hostile text into plain words or nothing", () => {
    expect(normalizeQuery("'; DROP TABLE products; --").variants[0].words).toEqual(["drop", "table", "products"]);
    for (const junk of ["%", "_", "\\", "'\"", "🙂", "\u0000\u0001", "   "]) {
      expect(normalizeQuery(junk).variants[0].words, JSON.stringify(junk)).toEqual([]);
    }
    const huge = normalizeQuery("ручка ".repeat(2000));
    expect(huge.variants[0].words.length).toBeLessThanOrEqual(MAX_WORDS);
  });
});

describe("words that name no product (issue 25)", () => {
  it("knows the shop's service words in their forms, and nothing else", () => {
    for (const word of ["логотипом", "логотип", "логотипами", "лого", "logo", "нанесением", "нанесение", "брендированием", "символикой", "купить", "оптом", "размер", "недорогие"]) {
      expect(isShopWord(word), word).toBe(true);
    }
    for (const word of ["ручка", "кружка", "гравировкой", "с", "логистика", "опта", "ценный", "подарок"]) expect(isShopWord(word), word).toBe(false);
  });

  it("reads sizes, also typed on the Russian layout, and only sizes", () => {
    expect(sizeOf("xl")).toBe("XL");
    expect(sizeOf("xxxl")).toBe("3XL");
    expect(sizeOf("3xl")).toBe("3XL");
    expect(sizeOf("2xl")).toBe("XXL");
    expect(sizeOf("s")).toBe("S");
    expect(sizeOf("чд")).toBe("XL");
    expect(sizeOf("ччд")).toBe("XXL");
    expect(sizeOf("чы")).toBe("XS");
    // A lone Russian letter is a slip, not a size; words are words.
    for (const word of ["ы", "д", "xll", "xlx", "ручка", "хл", "10000", "x"]) expect(sizeOf(word), word).toBeNull();
  });

  it("'подарок' is searched as the shop's gift sets too", () => {
    expect(variantTexts("подарок")).toEqual(["typed:подарок", "layout:gjlfhjr", "synonym:подарочный"]);
    expect(variantTexts("подарки коллегам")).toContain("synonym:подарочный коллегам");
  });
});
