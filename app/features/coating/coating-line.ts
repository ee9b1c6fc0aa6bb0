/**
 * Cart coating lines (§3 cart Coating, §5 validation, §9 limits). Browser code: types only from contract/.
 */
import type { Coating } from "#contract/catalog.ts";

/** §5/§9: a print run (cart count, coating quantity) is selectable up to 999999. Same as contract/common.ts. */
export const MAX_PRINT_RUN = 999_999;

/** A coating line as edited in the cart or product form: anything may still be unset. */
export interface CoatingLineDraft {
  coating?: number | null;
  width?: number | null;
  height?: number | null;
  variant?: number | null;
}

/** What validation needs of a coating definition (coating/all). */
export type CoatingDefinition = Pick<Coating, "id" | "variants">;

const isId = (n: number | null | undefined): n is number => typeof n === "number" && Number.isSafeInteger(n) && n > 0;
const isSize = (n: number | null | undefined): n is number => typeof n === "number" && Number.isFinite(n) && n > 0;

/**
 * §5: a line is complete only when coating, width and height are set (sizes > 0 mm); when the
 * coating has variants, a variant — one of THAT coating's variants — is required too. `coating` is
 * the definition of the line's coating; missing or another id → incomplete (can't be checked or priced).
 */
export function isCoatingLineComplete(line: CoatingLineDraft, coating: CoatingDefinition | null | undefined): boolean {
  if (!isId(line.coating) || !isSize(line.width) || !isSize(line.height)) return false;
  if (!coating || coating.id !== line.coating) return false;
  if (coating.variants.length === 0) return true;
  return isId(line.variant) && coating.variants.some((v) => v.id === line.variant);
}

/** §5: every line complete; an empty coating list is valid. */
export function areCoatingLinesValid(
  lines: readonly CoatingLineDraft[],
  coatingsById: ReadonlyMap<number, CoatingDefinition>,
): boolean {
  return lines.every((line) => isCoatingLineComplete(line, isId(line.coating) ? coatingsById.get(line.coating) : undefined));
}

/** coating/all list → lookup by id for areCoatingLinesValid. */
export function indexCoatings<C extends { id: number }>(coatings: readonly C[]): Map<number, C> {
  return new Map(coatings.map((c) => [c.id, c]));
}

/** §5/§9: a quantity as an integer 1..999999 (fractions truncated, non-numbers → 1). */
export function clampQuantity(n: number): number {
  if (Number.isNaN(n)) return 1;
  return Math.min(MAX_PRINT_RUN, Math.max(1, Math.trunc(n)));
}
