/**
 * Russian typographic quotes for a name put into a sentence: «…», and quotes inside the name become
 * „…“ (Russian typography never nests «…«…»…»): «ООО „Ромашка“», not «ООО «Ромашка»» nor
 * «ООО "Ромашка"». Shared by the storefront's messages and the API's.
 */
export function quoted(text: string): string {
  return `«${innerQuotes(text.trim())}»`;
}

/** «…» and "…" inside a text that itself goes into «…» → „…“. */
export function innerQuotes(text: string): string {
  return text
    .replace(/«/g, "„")
    .replace(/»/g, "“")
    .replace(/"([^"]*)"/g, "„$1“")
    .replace(/"/g, "“");
}
