/**
 * Escaping for the few components whose markup is built as a string (ADR 012): text and
 * attribute values get the same five entities, URLs are checked before they go into an attribute.
 */
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** A URL for href/src: relative paths and http(s) only; anything else (javascript:, data:) becomes "#". */
export function safeUrl(url: string): string {
  return /^(\/(?!\/)|https?:\/\/)/i.test(url) ? escapeHtml(url) : "#";
}

/** A CSS colour as the API sends it (#rgb … #rrggbbaa); anything else is dropped. */
export function safeHex(hex: string): string | null {
  return /^#[0-9a-f]{3,8}$/i.test(hex) ? hex : null;
}
