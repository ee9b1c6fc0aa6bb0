/**
 * Content-Disposition for a download with a Russian name (RFC 6266, RFC 5987): an ASCII
 * `filename` for old clients, transliterated ("КП 2026-000124.pdf" → "kp-2026-000124.pdf"),
 * and the real name in `filename*=UTF-8''…`. Shared by the API and the storefront's resource
 * routes that stream documents (issue 27: `/kp/export/{pdf|xlsx}/{id}`).
 */

const TRANSLIT: Record<string, string> = {
  а: "a", б: "b", в: "v", г: "g", д: "d", е: "e", ё: "e", ж: "zh", з: "z", и: "i", й: "y", к: "k", л: "l", м: "m", н: "n",
  о: "o", п: "p", р: "r", с: "s", т: "t", у: "u", ф: "f", х: "kh", ц: "ts", ч: "ch", ш: "sh", щ: "shch", ъ: "", ы: "y", ь: "",
  э: "e", ю: "yu", я: "ya",
};

/** An ASCII file name for `name`: Russian letters transliterated, spaces as "-", anything unsafe dropped. */
export function asciiFileName(name: string): string {
  const ascii = name
    .normalize("NFC")
    .toLowerCase()
    .replace(/[а-яё]/g, (letter) => TRANSLIT[letter] ?? "")
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9._-]/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^[-.]+|-+(?=\.[a-z0-9]+$)|-+$/g, "");
  return ascii || "file";
}

/** RFC 5987 value: UTF-8 percent-encoded, with the characters encodeURIComponent leaves but the grammar forbids. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment; filename="kp-2026-000124.pdf"; filename*=UTF-8''%D0%9A%D0%9F%202026-000124.pdf`.
 * Control characters, quotes, slashes and bidi overrides in `name` are replaced first, so a name
 * from data can't break the header or pretend another extension.
 */
export function contentDisposition(name: string, kind: "attachment" | "inline" = "attachment"): string {
  const clean = name
    .normalize("NFC")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f"\\/<>:|?*\u202a-\u202e\u2066-\u2069]/g, "_")
    .trim()
    .slice(0, 200);
  return `${kind}; filename="${asciiFileName(clean)}"; filename*=UTF-8''${encodeExtValue(clean || "file")}`;
}
