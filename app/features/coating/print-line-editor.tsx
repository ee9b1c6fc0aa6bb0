/**
 * The editor of one coating line of a print line (§3 Coating, §5): print type, its variant, width
 * and height in mm, and its options. One component for the product page's calculator, the cart's
 * lines and the commercial-offer editor (ADR 047): controlled (`value`/`onChange`, text as typed),
 * with form field names (`namePrefix`) where the host form posts without JavaScript. The rules it
 * follows (what a print type resets, how a size is read, the price) are pure, in print-line.ts;
 * its layout is the host's (the calculator's grid, the cart's row).
 */
import type { ReactNode } from "react";
import { FIELD, type CoatingChoice } from "#app/features/coating/coating-form.ts";
import { choosePrintType, toggleOption, type PrintLineFields } from "#app/features/coating/print-line.ts";

export type PrintLineField = keyof PrintLineFields;

export interface PrintLineEditorProps {
  /** Element ids start with it: unique on the page (`${id}-w` is the width). */
  id: string;
  /** The print types this product takes (offeredCoatings), in the catalogue's order. */
  choices: readonly CoatingChoice[];
  value: PrintLineFields;
  /** The line after a change, and which field changed. */
  onChange(next: PrintLineFields, field: PrintLineField): void;
  /** Field names start with it, for a host form that posts ("" → coating, variant, width…); none: no names. */
  namePrefix?: string;
  /**
   * A print is optional (the product page): the empty choice is «Без нанесения», and the rest
   * shows once a print type is chosen. Otherwise (a line added to the cart or an offer) the empty
   * choice asks for one, and every field shows.
   */
  optional?: boolean;
  /** The print type's label. */
  label?: string;
  /** The print types are not known yet (the cart line is being priced): the choice waits. */
  disabled?: boolean;
  /** The chosen print type is not one the product takes (the host says why). */
  invalid?: boolean;
  /** List the options this print type lacks, marked unavailable (product page); otherwise leave them out. */
  showUnavailableOptions?: boolean;
  /** Focus and blur of a size field (the cart's drafts follow another tab while not typed in). */
  onSizeFocus?(field: "width" | "height"): void;
  onSizeBlur?(field: "width" | "height"): void;
  /** The end of the fields' row (the cart: the line's price and «Удалить»). */
  children?: ReactNode;
}

export function PrintLineEditor({
  id,
  choices,
  value,
  onChange,
  namePrefix,
  optional = false,
  label = "Вид нанесения",
  disabled = false,
  invalid = false,
  showUnavailableOptions = false,
  onSizeFocus,
  onSizeBlur,
  children,
}: PrintLineEditorProps) {
  const coating = choices.find((c) => String(c.id) === value.coating);
  const name = (field: keyof typeof FIELD) => (namePrefix === undefined ? undefined : `${namePrefix}${FIELD[field]}`);
  const set = (patch: Partial<PrintLineFields>, field: PrintLineField) => onChange({ ...value, ...patch }, field);
  const options = coating ? coating.options.filter((o) => showUnavailableOptions || o.enabled) : [];
  const details = Boolean(coating) || !optional;

  const size = (field: "width" | "height", title: string, suffix: string) => (
    <label className="field print-line__size">
      <span className="field__label">{title}</span>
      <input
        className="field__input"
        id={`${id}-${suffix}`}
        name={name(field)}
        inputMode="decimal"
        autoComplete="off"
        value={value[field]}
        onFocus={() => onSizeFocus?.(field)}
        onBlur={() => onSizeBlur?.(field)}
        onChange={(e) => set({ [field]: e.target.value }, field)}
      />
    </label>
  );

  return (
    <>
      <div className="print-line">
        <label className="field print-line__type">
          <span className="field__label">{label}</span>
          <select
            className="field__input"
            id={`${id}-type`}
            name={name("coating")}
            value={coating ? value.coating : ""}
            disabled={disabled}
            aria-invalid={invalid ? true : undefined}
            onChange={(e) => set(choosePrintType(choices, e.target.value), "coating")}
          >
            <option value="">{optional ? "Без нанесения" : "Выберите вид нанесения"}</option>
            {choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </label>
        {coating && coating.variants.length > 0 ? (
          <label className="field print-line__variant">
            <span className="field__label">Вариант</span>
            <select className="field__input" id={`${id}-variant`} name={name("variant")} value={value.variant} onChange={(e) => set({ variant: e.target.value }, "variant")}>
              <option value="">Выберите вариант</option>
              {coating.variants.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.title}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {details ? size("width", "Ширина, мм", "w") : null}
        {details ? size("height", "Высота, мм", "h") : null}
        {children}
      </div>
      {options.length > 0 ? (
        <ul className="print-line__options">
          {options.map((o) => (
            <li key={o.id}>
              <label className={o.enabled ? "checkbox" : "checkbox checkbox--disabled"}>
                <input
                  type="checkbox"
                  name={name("options")}
                  value={o.title}
                  disabled={!o.enabled}
                  checked={o.enabled && value.options.includes(o.title)}
                  onChange={(e) => set({ options: toggleOption(value.options, o.title, e.target.checked) }, "options")}
                />
                {o.title}
                {o.enabled ? null : <span className="checkbox__note"> — недоступно для этого вида нанесения</span>}
              </label>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
