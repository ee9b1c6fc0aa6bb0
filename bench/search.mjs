// The search part of `npm run bench` (see bench/run.mjs): GET /api/search/fast and
// /api/search/global at BENCH_SEARCH_CONNECTIONS (20) connections beside the baseline's /grid at the
// same connections (targets: fast ≥ 2× /grid's req/s, global ≥ 1×), and on the 100k catalogue beside
// the 2k one (target: 2k req/s ÷ 100k ≤ 2).
//
// Honest load: every request takes the next text of a list of a few hundred (searchQueries below),
// shared by all connections, so the engine's answer cache (ADR 028: an LRU per normalised query,
// as in production) holds what a real mix of queries leaves in it, not one hot answer. The lists mix
// what shoppers type: plain words and their forms, two-word queries, brands, article-like codes,
// typos (a letter missing, doubled, swapped, wrong), the wrong keyboard layout, transliteration,
// synonyms, and for search/fast the prefixes typed on the way.
//
// The load runs measure the steady state: before them every text is asked once, one at a time
// (primeSearch), as a shop's traffic asks its common queries within minutes; those cold answers
// are reported too (total, median and p90 per text), so the cost of a query nobody asked yet is
// in the report beside the cached figure.
//
// Smoke run of this part alone, against servers already running (no build needed):
//   node bench/search.mjs http://127.0.0.1:3000 [http://127.0.0.1:3002 (100k)] [baseline URL]
// with BENCH_DURATION/BENCH_WARMUP (s) as for the whole bench.
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { load } from "./load.mjs";
import { config, getJson, log, numberEnv, quantile } from "./lib.mjs";

export const SEARCH_CONNECTIONS = Math.round(numberEnv("BENCH_SEARCH_CONNECTIONS", 20));

/** What shoppers of a gift shop type, in the forms they type it. */
const WORDS = [
  "ручка", "ручки", "ручек", "ручкой", "кружка", "кружки", "кружек", "термокружка", "термокружки", "термос",
  "термосы", "ежедневник", "ежедневники", "ежедневников", "блокнот", "блокноты", "планинг", "шоппер", "шопперы",
  "рюкзак", "рюкзаки", "футболка", "футболки", "футболок", "толстовка", "толстовки", "бейсболка", "бейсболки",
  "плед", "пледы", "флешка", "флешки", "флешек", "аккумулятор", "зарядка", "колонка", "колонки", "наушники",
  "зонт", "зонты", "брелок", "брелоки", "значок", "значки", "ланъярд", "визитница", "органайзер", "бутылка",
  "бутылки", "бокал", "бокалы", "набор", "наборы", "игрушка", "сумка", "сумки", "обложка", "книжка",
];
const PHRASES = [
  "ручка металлическая", "ручка шариковая", "ручки шариковые", "ручка из бамбука", "ручка с подсветкой",
  "гелевая ручка", "ручка роллер", "эко ручка", "кружка керамическая", "кружка фарфоровая", "кружка хамелеон",
  "термокружка вакуумная", "термокружка с крышкой", "ежедневник датированный", "ежедневник недатированный",
  "ежедневник а5", "шоппер хлопковый", "шоппер из джута", "рюкзак для ноутбука", "рюкзак городской",
  "футболка хлопковая", "футболка oversize", "толстовка с капюшоном", "плед флисовый", "флешка 32 гб",
  "флешка 64 гб", "флешка металлическая", "зонт складной", "зонт трость", "бутылка для воды",
  "бутылка из тритана", "блокнот на спирали", "блокнот в клетку", "внешний аккумулятор",
  "power bank", "power bank 10000", "беспроводная зарядка", "беспроводная колонка", "наушники беспроводные",
  "новогодний набор", "подарочный набор", "набор для кухни", "ёлочная игрушка", "елочная игрушка",
  "записная книжка", "обложка для паспорта", "визитница из экокожи", "брелок металлический",
  "значок с эмалью", "сумка для ноутбука", "сумка дорожная", "бокал для вина", "органайзер настольный",
];
const BRANDS_AND_MODELS = [
  "arrow", "nord", "prime", "terra", "urban", "терем", "классика", "дом подарка", "полюс", "шторм",
  "бриз", "аврора", "байкал", "эверест", "сапфир", "кварц", "лагуна", "вега",
];
const SYNONYMS = ["повербанк", "павербанк", "шопер", "термостакан", "флеш накопитель", "usb флешка", "худи", "кепка", "зонтик", "планер"];
const TRANSLIT = ["ruchka", "ruchki", "kruzhka", "termokruzhka", "ezhednevnik", "bloknot", "shopper", "ryukzak", "futbolka", "fleshka", "zont", "termos"];
const CODES = ["PB-000", "MG-0001", "DN-00012", "TK", "FL-0003"];

const QWERTY = Object.fromEntries(
  [..."йцукенгшщзхъфывапролджэячсмитьбю"].map((ch, i) => [ch, "qwertyuiop[]asdfghjkl;'zxcvbnm,."[i]]),
);
const layout = (text) => [...text].map((ch) => QWERTY[ch] ?? ch).join("");

/** A small deterministic generator, so every run sends the same lists. */
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** One typo of `word`: a letter missing, doubled, two swapped, or a neighbouring wrong one. */
function typo(word, random) {
  const i = 1 + Math.floor(random() * (word.length - 2));
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + word[i] + word.slice(i);
    case 2:
      return word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1);
    default:
      return word.slice(0, i) + (word[i] === "а" ? "о" : word[i] === "е" ? "и" : "а") + word.slice(i + 1);
  }
}

/**
 * The query lists. `global`: what is submitted (full words and phrases, forms, typos, layout,
 * transliteration, synonyms, brands, codes). `fast`: what the header asks while typing (prefixes
 * from 2 letters on, then the same mix). Each a few hundred texts, deterministic.
 */
export function searchQueries() {
  const random = rng(18);
  const long = WORDS.filter((w) => w.length >= 5);
  const typos = long.flatMap((w) => [typo(w, random), typo(w, random)]);
  const phraseTypos = PHRASES.filter((_, i) => i % 2 === 0).map((p) => p.replace(/[а-я]{5,}/, (w) => typo(w, random)));
  const layouts = [...WORDS.filter((_, i) => i % 3 === 0), ...PHRASES.filter((_, i) => i % 5 === 0)].map(layout);
  const global = [...WORDS, ...PHRASES, ...BRANDS_AND_MODELS, ...SYNONYMS, ...TRANSLIT, ...CODES, ...typos, ...phraseTypos, ...layouts];
  const prefixes = [...WORDS.filter((_, i) => i % 2 === 0), ...PHRASES.filter((_, i) => i % 3 === 0)].flatMap((text) => {
    const out = [];
    for (let n = 2; n < text.length; n += 2) out.push(text.slice(0, n));
    return out;
  });
  const fast = [...prefixes, ...WORDS.filter((_, i) => i % 2 === 1), ...typos.filter((_, i) => i % 2 === 0), ...layouts.slice(0, 15), ...SYNONYMS, ...TRANSLIT.slice(0, 6), ...BRANDS_AND_MODELS.slice(0, 8)];
  return { global: [...new Set(global)], fast: [...new Set(fast)] };
}

/** Checks that the server answers every text (200) and that the common words find products. */
export async function checkSearch(base, queries = searchQueries()) {
  for (const text of ["ручек", "кружкка", "повербанк"]) {
    const result = (await getJson(`${base}/api/search/global?text=${encodeURIComponent(text)}`)).data;
    if (!(result.total.products > 0)) throw new Error(`${base}: search/global finds nothing for "${text}"`);
  }
  for (const [kind, texts] of Object.entries(queries)) {
    for (const text of texts.slice(0, 10)) await getJson(`${base}/api/search/${kind}?text=${encodeURIComponent(text)}`);
  }
}

/**
 * Asks every text once, one at a time (the answer cache's first fill), and returns the cold answer
 * times: { texts, totalMs, medianMs, p90Ms, slowest: [text, ms][] }.
 */
export async function primeSearch(base, kind, texts) {
  const times = [];
  const started = performance.now();
  for (const text of texts) {
    const t = performance.now();
    const response = await fetch(`${base}/api/search/${kind}?text=${encodeURIComponent(text)}`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${base}/api/search/${kind} answered ${response.status} for "${text}"`);
    times.push([text, Math.round(performance.now() - t)]);
  }
  const sorted = times.map(([, ms]) => ms).sort((a, b) => a - b);
  return {
    texts: texts.length,
    totalMs: Math.round(performance.now() - started),
    medianMs: quantile(sorted, 0.5),
    p90Ms: quantile(sorted, 0.9),
    slowest: times.sort((a, b) => b[1] - a[1]).slice(0, 5),
  };
}

/** A load target cycling through `texts` (every connection takes the next one). */
export function searchTarget(base, kind, texts, extra = {}) {
  let next = 0;
  const paths = texts.map((text) => `/api/search/${kind}?text=${encodeURIComponent(text)}`);
  return {
    name: `GET /api/search/${kind} (${texts.length} texts)`,
    group: "search",
    page: `search-${kind}`,
    url: `${base}${paths[0]}`,
    requests: [
      {
        setupRequest(request) {
          return { ...request, path: paths[next++ % paths.length] };
        },
      },
    ],
    connections: SEARCH_CONNECTIONS,
    ...extra,
  };
}

/** Warm-up, then one measured run of each target in order. */
export async function searchRuns(targets, { warmup = config.warmup, duration = config.duration } = {}) {
  for (const t of targets) await load(t, { duration: warmup, sampleMemory: false });
  const runs = [];
  for (const t of targets) {
    log(`  ${t.name}`);
    runs.push(await load(t, { duration, sampleMemory: Boolean(t.pid) }));
  }
  return runs;
}

const ratio = (a, b) => (b > 0 ? Number((a / b).toFixed(2)) : null);

/** search/fast and search/global against the baseline /grid, all at SEARCH_CONNECTIONS. */
export function compareSearchToBaseline(grid, fast, global) {
  return {
    fastRatio: ratio(fast.reqPerSec, grid.reqPerSec),
    globalRatio: ratio(global.reqPerSec, grid.reqPerSec),
    fastP99Ratio: ratio(fast.p99Ms, grid.p99Ms),
    globalP99Ratio: ratio(global.p99Ms, grid.p99Ms),
  };
}

/** 2k req/s ÷ 100k req/s of the same kind. */
export function compareSearchScale(small, large) {
  return { slowdown: ratio(small.reqPerSec, large.reqPerSec), p99Ratio: ratio(large.p99Ms, small.p99Ms) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [shop, large, baseline] = process.argv.slice(2);
  if (!shop) {
    console.error("usage: node bench/search.mjs <shop URL> [<100k shop URL>] [<baseline URL>]");
    process.exit(2);
  }
  const queries = searchQueries();
  console.log(`${queries.fast.length} search/fast texts, ${queries.global.length} search/global texts`);
  await checkSearch(shop, queries);
  const targets = [searchTarget(shop, "fast", queries.fast, { name: "search/fast 2k" }), searchTarget(shop, "global", queries.global, { name: "search/global 2k" })];
  if (large) {
    await checkSearch(large, queries);
    targets.push(
      searchTarget(large, "fast", queries.fast, { name: "search/fast 100k" }),
      searchTarget(large, "global", queries.global, { name: "search/global 100k" }),
    );
  }
  for (const [name, base] of [["2k", shop], ...(large ? [["100k", large]] : [])]) {
    for (const kind of ["fast", "global"]) {
      const cold = await primeSearch(base, kind, queries[kind]);
      console.log(`cold ${kind} ${name}: ${cold.texts} texts in ${cold.totalMs} ms, median ${cold.medianMs} ms, p90 ${cold.p90Ms} ms`);
    }
  }
  if (baseline) targets.unshift({ name: "baseline /grid", group: "baseline", url: `${baseline}/grid`, connections: SEARCH_CONNECTIONS });
  const runs = await searchRuns(targets);
  for (const r of runs) console.log(`${r.name}: ${r.reqPerSec} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, errors ${r.errors + r.timeouts + r.unexpectedStatus}`);
  const at = (name) => runs.find((r) => r.name === name);
  if (baseline) console.log("vs baseline:", compareSearchToBaseline(runs[0], at("search/fast 2k"), at("search/global 2k")));
  if (large) {
    console.log("fast 100k vs 2k:", compareSearchScale(at("search/fast 2k"), at("search/fast 100k")));
    console.log("global 100k vs 2k:", compareSearchScale(at("search/global 2k"), at("search/global 100k")));
  }
}
