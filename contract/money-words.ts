/**
 * A sum in Russian words, as the total of a commercial offer or an invoice states it ("сумма
 * прописью", issue 27): 123456.5 → "Сто двадцать три тысячи четыреста пятьдесят шесть рублей
 * 50 копеек". Rubles in words, kopecks in two digits, the first letter capital.
 *
 * Grammar: тысяча is feminine (одна тысяча, две тысячи), рубль, миллион, миллиард and триллион are
 * masculine (один рубль, два миллиона); the noun after a number takes the form of its last two
 * digits (pluralRu: 1 рубль, 2–4 рубля, 0 and 5–20 рублей, 11–14 always рублей).
 */
import { pluralRu } from "./plural";

type Forms = readonly [one: string, few: string, many: string];
type Gender = "masculine" | "feminine";

const UNITS: Record<Gender, readonly string[]> = {
  masculine: ["", "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять"],
  feminine: ["", "одна", "две", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять"],
};
const TEENS = ["десять", "одиннадцать", "двенадцать", "тринадцать", "четырнадцать", "пятнадцать", "шестнадцать", "семнадцать", "восемнадцать", "девятнадцать"];
const TENS = ["", "", "двадцать", "тридцать", "сорок", "пятьдесят", "шестьдесят", "семьдесят", "восемьдесят", "девяносто"];
const HUNDREDS = ["", "сто", "двести", "триста", "четыреста", "пятьсот", "шестьсот", "семьсот", "восемьсот", "девятьсот"];

/** Groups of three digits from the thousands up; the units group is named by the currency. */
const SCALES: readonly { forms: Forms; gender: Gender }[] = [
  { forms: ["тысяча", "тысячи", "тысяч"], gender: "feminine" },
  { forms: ["миллион", "миллиона", "миллионов"], gender: "masculine" },
  { forms: ["миллиард", "миллиарда", "миллиардов"], gender: "masculine" },
  { forms: ["триллион", "триллиона", "триллионов"], gender: "masculine" },
];

export const RUBLE_FORMS: Forms = ["рубль", "рубля", "рублей"];
export const KOPECK_FORMS: Forms = ["копейка", "копейки", "копеек"];

/** The largest sum in words: below a quadrillion rubles (and exact in a double to the kopeck). */
export const MAX_MONEY_IN_WORDS = 999_999_999_999.99;

/** 1–999 in words; "" for 0. */
function triad(n: number, gender: Gender): string {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds) words.push(HUNDREDS[hundreds]!);
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10]!);
  else {
    if (rest >= 20) words.push(TENS[Math.floor(rest / 10)]!);
    if (rest % 10) words.push(UNITS[gender][rest % 10]!);
  }
  return words.join(" ");
}

/** A whole number in words with its noun: (2, рубль) → "два рубля"; 0 → "ноль рублей". */
export function integerInWords(n: number, forms: Forms, gender: Gender = "masculine"): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole non-negative number: ${n}`);
  if (n === 0) return `ноль ${forms[2]}`;
  const words: string[] = [];
  const units = n % 1000;
  let rest = Math.floor(n / 1000);
  for (let scale = 0; rest > 0; scale++, rest = Math.floor(rest / 1000)) {
    const group = rest % 1000;
    if (group === 0) continue;
    const named = SCALES[scale];
    if (!named) throw new RangeError(`Too large to say in words: ${n}`);
    const { forms: scaleForms, gender: scaleGender } = named;
    words.unshift(`${triad(group, scaleGender)} ${pluralRu(group, scaleForms)}`);
  }
  if (units) words.push(triad(units, gender));
  words.push(pluralRu(units, forms));
  return words.join(" ");
}

/**
 * A ruble sum in words: rubles spelled, kopecks as two digits ("… рублей 05 копеек"). The sum is
 * rounded to the kopeck first (half away from zero, as prices are). Negative, non-finite and
 * over-large sums throw: a document never states them.
 */
export function moneyInWords(amount: number): string {
  if (!Number.isFinite(amount) || amount < 0 || amount > MAX_MONEY_IN_WORDS) {
    throw new RangeError(`A sum to state in words must be 0…${MAX_MONEY_IN_WORDS}: ${amount}`);
  }
  // Rounded in decimal: 1.005 × 100 is 100.49999… as a double, and a price list means 1.01.
  const kopecksTotal = Math.round(Number((amount * 100).toPrecision(15)));
  const rubles = Math.floor(kopecksTotal / 100);
  const kopecks = kopecksTotal % 100;
  const text = `${integerInWords(rubles, RUBLE_FORMS)} ${String(kopecks).padStart(2, "0")} ${pluralRu(kopecks, KOPECK_FORMS)}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
