/**
 * The server half of the shop's one forms layer (ADR 046): every form action reads its FormData
 * with Conform's `parseWithZod` and the contract's zod schema, and answers Conform's own
 * `submission.reply()` (a `FormReply`): field errors under their fields (§8), a message for the
 * whole form, and what was typed, so a page rendered without JavaScript shows it all again.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { Submission } from "@conform-to/react";
import type { $ZodType, input, output } from "zod/v4/core";
import type { FormReply } from "./forms.ts";

/** What one text field may carry: more is cut before parsing (a 1 MB "ИНН" costs nothing and is never echoed). */
export const FORM_TEXT_MAX = 2000;

/**
 * The posted form with every text value cut to `max` characters (per field: `limits`), the
 * listed fields' spaces and dashes dropped (requisites pasted as "7707 083893"), files as sent
 * (or dropped with `files: false`).
 */
export function boundedForm(
  form: FormData,
  { max = FORM_TEXT_MAX, limits = {}, digits = [], files = true }: { max?: number; limits?: Record<string, number>; digits?: readonly string[]; files?: boolean } = {},
): FormData {
  const out = new FormData();
  for (const [name, value] of form) {
    // A form without file fields drops any file sent (a file where text belongs is a missing field).
    if (typeof value !== "string") {
      if (files) out.append(name, value);
    }
    else {
      const cut = value.slice(0, limits[name] ?? max);
      out.append(name, digits.includes(name) ? cut.replace(/[\s-]/g, "") : cut);
    }
  }
  return out;
}

export type ParsedForm<S extends $ZodType> = Submission<input<S>, string[], output<S>>;

/** The form read by a contract schema (Conform's empty-is-missing coercion, the schema's Russian messages). */
export function parseForm<S extends $ZodType>(form: FormData, schema: S): ParsedForm<S> {
  return parseWithZod(form, { schema });
}

/** A refusal of the whole form (the API's §8 message above it) with its field errors, keeping what was typed. */
export function refuse<S extends $ZodType>(
  submission: ParsedForm<S>,
  message: string | null,
  fieldErrors: Record<string, string | undefined> = {},
  hideFields?: string[],
): FormReply {
  const errors: Record<string, string[]> = {};
  for (const [name, text] of Object.entries(fieldErrors)) if (text) errors[name] = [text];
  return submission.reply({ formErrors: message ? [message] : [], fieldErrors: errors, hideFields });
}
