/** The forms layer's server half (ADR 046): bounded input, the reply's shape, secrets never echoed. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { boundedForm, parseForm, refuse } from "./forms.server.ts";
import { fieldError, formFailure, formMessage } from "./forms.ts";

const form = (fields: Record<string, string | Blob>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};
const Schema = z.object({ name: z.string({ error: "Укажите имя" }).max(10, "Не больше 10 символов"), password: z.string({ error: "Введите пароль" }) });

describe("boundedForm", () => {
  it("cuts every text value, keeps or drops files, strips pasted separators from the listed fields", () => {
    const bounded = boundedForm(form({ a: "x".repeat(10_000), inn: "7707 083-893", file: new File(["1"], "a.png") }), { max: 100, digits: ["inn"] });
    expect((bounded.get("a") as string).length).toBe(100);
    expect(bounded.get("inn")).toBe("7707083893");
    expect(bounded.get("file")).toBeInstanceOf(File);
    expect(boundedForm(form({ file: new File(["1"], "a.png") }), { files: false }).get("file")).toBeNull();
  });
});

describe("parseForm and refuse", () => {
  it("a missing field gets the schema's Russian words; a huge one never comes back whole", () => {
    const submission = parseForm(boundedForm(form({ name: "<b>".repeat(50_000), password: "secret-pass" }), { max: 200 }), Schema);
    expect(submission.status).toBe("error");
    const reply = refuse(submission, "Проверьте поля", {}, ["password"]);
    expect(fieldError(reply, "name")).toBe("Не больше 10 символов");
    expect(formMessage(reply)).toBe("Проверьте поля");
    expect(JSON.stringify(reply)).not.toContain("secret-pass");
    expect(JSON.stringify(reply).length).toBeLessThan(1000);
    const empty = parseForm(new FormData(), Schema);
    expect(empty.status === "error" && empty.error).toMatchObject({ name: ["Укажите имя"], password: ["Введите пароль"] });
  });
  it("the API's field errors land under their fields beside the schema's", () => {
    const submission = parseForm(form({ name: "Анна", password: "x" }), Schema);
    const reply = refuse(submission, null, { name: "Имя занято" });
    expect(reply.status).toBe("error");
    expect(fieldError(reply, "name")).toBe("Имя занято");
    expect(formMessage(reply)).toBeNull();
  });
  it("a refusal without parsing is the same reply type", () => {
    expect(formFailure("Форма устарела", { id: "Нет такого" })).toEqual({ status: "error", error: { "": ["Форма устарела"], id: ["Нет такого"] } });
  });
});
