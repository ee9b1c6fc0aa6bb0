/**
 * Texts that shoppers write and others read (comments on posts, the cart's order comment) are
 * stored as plain text: trimmed, line ends as "\n", without control characters (C0 other than tab
 * and line feed, DEL, C1), bidi overrides and zero-width characters, which can disguise what a
 * text says. Markup is kept as typed: it is text, never rendered as HTML (ADR 030; the page
 * escapes it), so "a < b" survives.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

export function plainText(raw: string): string {
  return raw.normalize("NFC").replace(/\r\n?/g, "\n").replace(CONTROL, "").trim();
}

/**
 * The same characters out of every string of a value about to be stored as jsonb or text: PostgreSQL
 * refuses U+0000 in both (a hostile line would be a 500), and none of them belongs in a label.
 */
export function withoutControls<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (_, v: unknown) => (typeof v === "string" ? v.replace(CONTROL, "") : v))) as T;
}
