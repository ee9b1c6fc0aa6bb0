/**
 * Issue 18 / §5: "the comment text is always sanitised". A comment is plain text: whatever markup a
 * writer typed is taken out (scripts and styles with their content, other tags leaving their
 * text), control characters go, and the text is split into paragraphs. The page renders the
 * result as text (React escapes it), so nothing in a comment can become HTML, a link or a script.
 */
const DROPPED_WITH_CONTENT = /<(script|style|iframe|object|embed|template|noscript|svg|math)\b[\s\S]*?(?:<\/\1\s*>|$)/gi;
const TAG = /<\/?[a-z!?][^>]*>?/gi;
// C0 controls other than tab and line feed, DEL and C1 controls, bidi overrides and zero-width characters.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** Paragraphs of a comment's plain text; empty when nothing readable is left. */
export function commentParagraphs(text: string): string[] {
  const plain = text
    .replace(/\r\n?/g, "\n")
    .replace(DROPPED_WITH_CONTENT, "")
    .replace(TAG, "")
    .replace(CONTROL, "");
  return plain
    .split(/\n\s*\n/)
    .map((p) => p.replace(/[ \t]+/g, " ").replace(/ ?\n ?/g, "\n").trim())
    .filter((p) => p.length > 0);
}
