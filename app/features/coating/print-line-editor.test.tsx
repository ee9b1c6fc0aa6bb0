// @vitest-environment jsdom
/** The one print-line editor (ADR 047): the product page's form fields and the cart's controlled row. */
import { afterEach, describe, expect, it } from "vitest";
import { act, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { renderToStaticMarkup } from "react-dom/server";
import { EMPTY_PRINT_LINE, type PrintLineFields } from "./print-line.ts";
import { PrintLineEditor, type PrintLineField } from "./print-line-editor.tsx";
import { engraving, pad } from "./print-line.test-support.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;


const html = (props: Partial<Parameters<typeof PrintLineEditor>[0]>) =>
  renderToStaticMarkup(<PrintLineEditor id="l" choices={[pad, engraving]} value={EMPTY_PRINT_LINE} onChange={() => {}} {...props} />);

describe("PrintLineEditor markup", () => {
  it("optional (the product page): «Без нанесения», named fields, the rest once a print type is chosen", () => {
    const empty = html({ optional: true, namePrefix: "" });
    expect(empty).toMatch(/<option value=""[^>]*>Без нанесения<\/option>/);
    expect(empty).toContain('name="coating"');
    expect(empty).not.toContain("Ширина");
    const chosen = html({ optional: true, namePrefix: "", showUnavailableOptions: true, value: { ...EMPTY_PRINT_LINE, coating: "1", options: ["Макет"] } });
    for (const name of ["variant", "width", "height", "options"]) expect(chosen).toContain(`name="${name}"`);
    expect(chosen).toContain("недоступно для этого вида нанесения");
  });

  it("a line that needs a print (the cart, an offer): asks for one, every field, no names, only enabled options", () => {
    const empty = html({ label: "Нанесение" });
    expect(empty).toMatch(/<option value=""[^>]*>Выберите вид нанесения<\/option>/);
    expect(empty).toContain("Ширина, мм");
    expect(empty).not.toContain("name=");
    const chosen = html({ value: { ...EMPTY_PRINT_LINE, coating: "1" } });
    expect(chosen).toContain("Срочно");
    expect(chosen).not.toContain("Металлик");
  });

  it("a prefix names the fields of one line of many (the offer editor's form)", () => {
    expect(html({ namePrefix: "items[2].coatings[0].", value: { ...EMPTY_PRINT_LINE, coating: "2" } })).toContain('name="items[2].coatings[0].width"');
  });

  it("a print type not among the choices is not shown as chosen", () => {
    expect(html({ choices: [engraving], value: { ...EMPTY_PRINT_LINE, coating: "1" }, invalid: true })).toMatch(/aria-invalid="true"/);
  });
});

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

describe("PrintLineEditor changes", () => {
  it("choosing a print type resets the variant and checks its defaults; each change names its field", async () => {
    const changes: [PrintLineField, PrintLineFields][] = [];
    function Host() {
      const [line, setLine] = useState<PrintLineFields>({ ...EMPTY_PRINT_LINE, coating: "2", width: "40" });
      return (
        <PrintLineEditor
          id="l"
          choices={[pad, engraving]}
          value={line}
          onChange={(next, field) => {
            changes.push([field, next]);
            setLine(next);
          }}
        />
      );
    }
    const container = document.createElement("div");
    document.body.append(container);
    await act(async () => {
      root = createRoot(container);
      root.render(<Host />);
    });
    const select = container.querySelector<HTMLSelectElement>("#l-type")!;
    await act(async () => {
      select.value = "1";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(changes.at(-1)).toEqual(["coating", { coating: "1", variant: "", width: "40", height: "", options: ["Макет"] }]);
    const urgent = [...container.querySelectorAll<HTMLInputElement>("input[type=checkbox]")].find((i) => i.value === "Срочно")!;
    await act(async () => urgent.click());
    expect(changes.at(-1)).toEqual(["options", expect.objectContaining({ options: ["Макет", "Срочно"] })]);
    const width = container.querySelector<HTMLInputElement>("#l-w")!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(width, "12,5");
      width.dispatchEvent(new Event("input", { bubbles: true }));
    });
    expect(changes.at(-1)).toEqual(["width", expect.objectContaining({ width: "12,5" })]);
    expect(width.value).toBe("12,5");
  });
});
