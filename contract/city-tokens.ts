/**
 * City tokens in content texts. One SEO entry or category description serves every regional
 * site (§1: msk. for Москва, the main host for the rest), so the texts name the city through
 * tokens and the storefront fills them with the visitor's city (§3 title forms):
 *
 * - `{city}`       → the title: "Москва";
 * - `{cityIn}`     → "в" + prepositional, preposition included: "в Москве", "во Владимире";
 * - `{cityDative}` → the dative form alone, the text writes its preposition: "по {cityDative}".
 *
 * No zod here: the browser bundle may import it.
 */

/** The §3 title forms a text can use. */
export interface CityTitleForms {
  title: string;
  titlePrepositional: string;
  titleDative: string;
}

export const CITY_TOKENS = {
  city: "{city}",
  cityIn: "{cityIn}",
  cityDative: "{cityDative}",
} as const;

/**
 * Russian writes "во" before a word that starts with в or ф followed by a consonant ("во
 * Владимире", "во Франции"); "в" everywhere else ("в Вологде", "в Москве").
 */
export function inCity(prepositional: string): string {
  const name = prepositional.trim();
  return /^[вф][^аеёиоуыэюяьъ\s]/iu.test(name) ? `во ${name}` : `в ${name}`;
}

const TOKEN = /\{(city|cityIn|cityDative)\}/g;

/** Replaces every city token of `text`; other braces stay as they are. */
export function fillCityTokens(text: string, city: CityTitleForms): string {
  return text.replace(TOKEN, (_, name: keyof typeof CITY_TOKENS) => {
    switch (name) {
      case "city":
        return city.title;
      case "cityIn":
        return inCity(city.titlePrepositional);
      case "cityDative":
        return city.titleDative;
    }
  });
}

