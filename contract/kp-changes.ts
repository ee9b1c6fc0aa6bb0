/**
 * What changed in a commercial offer (ADR 051): between two sent versions (kp/versions/{id}/diff),
 * and in a kp/update's 409 (what is stored against what was sent). Apart from kp.ts so that the
 * error envelope (endpoint.ts) can name it.
 */
import { z } from "zod";

/** One difference: a line added or removed, a count, a unit price, the print, a header field. */
export const KpChange = z.object({
  kind: z.enum(["added", "removed", "count", "price", "print", "field"]),
  /** The line's SKU, or the field's name for kind "field". */
  key: z.string(),
  title: z.string(),
  from: z.union([z.string(), z.number()]).nullable(),
  to: z.union([z.string(), z.number()]).nullable(),
});
export type KpChange = z.infer<typeof KpChange>;

/** 409 of kp/update: the stored version and what differs from what was sent. */
export const KpConflict = z.object({ version: z.number().int().positive(), changes: z.array(KpChange) });
export type KpConflict = z.infer<typeof KpConflict>;
