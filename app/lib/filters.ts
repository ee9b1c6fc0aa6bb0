/** §2: the word "filter" inside a filters parameter (where it must not be) is a not-found error. */
export const FILTER_WORD_MESSAGE = "404 - Страница не найдена";

export function pageNotFoundMessage(path: string): string {
  return `Page not found: ${path}`;
}

/** Splits a multi-segment filters parameter; throws the §2 message when it contains "filter". */
export function splitFilters(filters: string | undefined): string[] {
  const segments = (filters ?? "").split("/").filter(Boolean);
  if (segments.includes("filter")) throw new Error(FILTER_WORD_MESSAGE);
  return segments;
}
