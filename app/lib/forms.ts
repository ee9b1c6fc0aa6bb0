/**
 * The one result type of every form action (ADR 046): Conform's `SubmissionResult` as
 * `submission.reply()` makes it, plus what a page needs to know about that form (which form of
 * several, the id edited, a success note). Types only: safe in any chunk.
 */
import type { SubmissionResult } from "@conform-to/react";

export type FormReply = SubmissionResult<string[]>;

/** The message above a form: the first form-level error of a refused submit. */
export function formMessage(reply: FormReply | null | undefined): string | null {
  return reply?.status === "error" ? (reply.error?.[""]?.[0] ?? null) : null;
}

/** A field's first error in a reply (for tests and for pages that read one field). */
export function fieldError(reply: FormReply | null | undefined, name: string): string | null {
  return reply?.error?.[name]?.[0] ?? null;
}

/** A refusal of the whole form that needed no parsing (the form is stale, the id is gone). */
export function formFailure(message: string, fieldErrors: Record<string, string | null | undefined> = {}): FormReply {
  const error: Record<string, string[]> = { "": [message] };
  for (const [name, text] of Object.entries(fieldErrors)) if (text) error[name] = [text];
  return { status: "error", error };
}
