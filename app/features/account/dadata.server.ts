/**
 * Address suggestions from DaData (issue 19: delivery addresses get suggestions when
 * DADATA_API_KEY is set). Called by the server only (routes/profile-address-suggest.ts): the key
 * never reaches the browser, which learns only whether suggestions exist.
 */
import { z } from "zod";

/** The root of DaData's suggestions API (DADATA_URL's default). */
export const DADATA_BASE_URL = "https://suggestions.dadata.ru/suggestions/api/4_1/rs";
export const SUGGEST_TIMEOUT_MS = 3000;
export const SUGGEST_COUNT = 7;
export const SUGGEST_MIN_LENGTH = 3;
export const SUGGEST_MAX_LENGTH = 300;

/** One suggestion as the address form uses it. */
export interface AddressSuggestion {
  value: string;
  city: string;
  street: string;
  house: string;
  flat: string;
  postcode: string;
}

const str = z.string().nullish().transform((v) => v ?? "");
const DadataAnswer = z.object({
  suggestions: z
    .array(
      z.object({
        value: z.string(),
        data: z.object({
          postal_code: str,
          city_with_type: str,
          settlement_with_type: str,
          region_with_type: str,
          street_with_type: str,
          house_type: str,
          house: str,
          block_type: str,
          block: str,
          flat: str,
        }),
      }),
    )
    .max(50),
});

/** DaData's answer as form values: a city outside a city (a village) is its settlement; a block joins the house ("12 к 2"). */
export function toSuggestions(answer: unknown): AddressSuggestion[] {
  const parsed = DadataAnswer.safeParse(answer);
  if (!parsed.success) return [];
  return parsed.data.suggestions.map(({ value, data: d }) => ({
    value,
    city: d.city_with_type || d.settlement_with_type || d.region_with_type,
    street: d.street_with_type,
    house: [d.house, d.block ? `${d.block_type || "к"} ${d.block}` : ""].filter(Boolean).join(" "),
    flat: d.flat,
    postcode: d.postal_code,
  }));
}

/** Suggestions for a typed address; [] on any failure (the plain fields still work, §8 lists fail to empty). */
export async function suggestAddresses(key: string, query: string, fetcher: typeof fetch = fetch, baseUrl: string = DADATA_BASE_URL): Promise<AddressSuggestion[]> {
  const q = query.trim().slice(0, SUGGEST_MAX_LENGTH);
  if (q.length < SUGGEST_MIN_LENGTH) return [];
  try {
    const response = await fetcher(`${baseUrl}/suggest/address`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", Authorization: `Token ${key}` },
      body: JSON.stringify({ query: q, count: SUGGEST_COUNT }),
      signal: AbortSignal.timeout(SUGGEST_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      return [];
    }
    return toSuggestions(await response.json());
  } catch {
    return [];
  }
}
