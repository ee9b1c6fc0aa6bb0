/** Print types for the print line's tests (ADR 047): one with a variant, options and size limits, one bare. */
import type { CoatingChoice } from "./coating-form.ts";

export const pad: CoatingChoice = {
  id: 1,
  title: "Тампопечать",
  variants: [{ id: 11, title: "1 цвет", priceMultiplier: 1 }],
  options: [
    { id: 1, title: "Срочно", enabled: true, isDefault: false },
    { id: 2, title: "Макет", enabled: true, isDefault: true },
    { id: 3, title: "Металлик", enabled: false, isDefault: true },
  ],
  maxWidth: 60,
  maxHeight: 40,
};
export const engraving: CoatingChoice = { id: 2, title: "Гравировка", variants: [], options: [], maxWidth: null, maxHeight: null };
