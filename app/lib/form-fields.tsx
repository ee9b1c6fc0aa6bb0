/**
 * The browser half of the shop's one forms layer (ADR 046), over Conform (`@conform-to/react`):
 * `useShopForm` wires a form to its action's `FormReply`, and the field pieces render a label,
 * the input, a hint and the field's Russian error under it (§8) with the ARIA links
 * (aria-invalid, aria-describedby). No zod here: a form that checks in the browser passes a
 * zod-free rule (`validate`), so first-visit pages never pull a schema library.
 *
 * - Every form is server-rendered with `noValidate` (no English browser bubbles, only the shop's
 *   messages) and posts as plain HTML: without JavaScript the action answers the same reply and
 *   the page renders it (values typed, errors under the fields).
 * - A refused submit — checked in the browser or answered by the server — moves focus to the
 *   first invalid field and scrolls it to the middle of the screen.
 */
import { useEffect, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from "react";
import { parse, useForm, type FieldMetadata, type Submission } from "@conform-to/react";
import type { FormReply } from "./forms.ts";
import { revealField } from "./reveal-field.ts";

export { revealField };

export type { FormReply } from "./forms.ts";

/** A zod-free check run in the browser: field → message for each problem (an empty object: fine). */
export type BrowserCheck = (values: Record<string, unknown>) => Record<string, string | null | undefined>;

/** Runs a `BrowserCheck` as Conform's validation. */
export function checkWith(formData: FormData, check: BrowserCheck): Submission<Record<string, unknown>> {
  return parse(formData, {
    resolve(payload) {
      const problems = check(payload);
      const error: Record<string, string[]> = {};
      for (const [name, message] of Object.entries(problems)) if (message) error[name] = [message];
      return Object.keys(error).length ? { error } : { value: payload };
    },
  });
}

/** The first control of the form that a reply names as invalid. */
function firstInvalid(form: HTMLFormElement, errors: FormReply["error"]): HTMLElement | null {
  if (!errors) return null;
  for (const element of Array.from(form.elements)) {
    const name = (element as HTMLInputElement).name;
    if (name && errors[name]?.length) return element as HTMLElement;
  }
  return null;
}

export interface ShopFormOptions<T extends Record<string, unknown>> {
  /** The form's id: field ids are `${id}-${name}` (labels, errors and tests find them). */
  id: string;
  /** The action's answer for this form (actionData or a fetcher's data), if it was this form's. */
  lastResult?: FormReply | null;
  defaultValue?: Partial<Record<keyof T, unknown>>;
  /** A check the browser runs before sending (and on blur of a field once it was touched). */
  check?: BrowserCheck;
}

export function useShopForm<T extends Record<string, unknown>>({ id, lastResult, defaultValue, check }: ShopFormOptions<T>) {
  const [form, fields] = useForm<T>({
    id,
    lastResult: lastResult ?? undefined,
    defaultValue: defaultValue as never,
    // Only a form with a browser check validates as the visitor goes: without one, Conform would
    // send a "validate" round trip to the action on every blur.
    shouldValidate: check ? "onBlur" : "onSubmit",
    shouldRevalidate: check ? "onInput" : "onSubmit",
    onValidate: check ? ({ formData }) => checkWith(formData, check) as Submission<T, string[], T> : undefined,
  });
  useEffect(() => {
    if (lastResult?.status !== "error") return;
    const element = document.getElementById(id);
    if (element instanceof HTMLFormElement) revealField(firstInvalid(element, lastResult.error));
  }, [id, lastResult]);
  // A submit the browser's check refused: Conform has focused the first invalid field; it is also
  // scrolled to the middle of the screen (focus alone may leave it under a sticky header).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    form.onSubmit(event);
    const active = document.activeElement;
    if (event.defaultPrevented && active instanceof HTMLElement && event.currentTarget.contains(active)) revealField(active);
  };
  /** The `<form>` attributes: its id, the submit handler, never the browser's own bubbles. */
  const formProps = { id: form.id, onSubmit, noValidate: true } as const;
  return { form, fields, formProps };
}

type Meta = Pick<FieldMetadata<unknown, Record<string, unknown>, string[]>, "name" | "errors" | "initialValue" | "key" | "formId">;

export interface FieldIds {
  id: string;
  errorId: string;
  hintId: string;
  /** The props an input spreads: id, name, ARIA. */
  aria: { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };
  error: string | null;
}

/** The ids and ARIA of one field (`${formId}-${name}`; its error `${id}-error`, its hint `${id}-hint`). */
export function fieldIds(meta: Meta, hint?: ReactNode, extraError?: string | null, ownId?: string): FieldIds {
  const id = ownId ?? `${meta.formId}-${meta.name}`;
  const error = extraError ?? meta.errors?.[0] ?? null;
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return { id, errorId: `${id}-error`, hintId: `${id}-hint`, error, aria: { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy } };
}

/** The value a field starts with (what was typed, given back by the reply, or the form's default). */
export function initialText(meta: Meta): string {
  return typeof meta.initialValue === "string" ? meta.initialValue : "";
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "defaultValue" | "form">;

export interface FieldProps extends InputProps {
  meta: Meta;
  label: ReactNode;
  hint?: ReactNode;
  /** Another input in place of a plain one (a masked field): given id, name, default value and ARIA. */
  render?: (props: FieldIds["aria"] & { name: string; defaultValue: string }) => ReactNode;
  /** An error of the browser's own (e.g. a file too big, seen before sending). */
  extraError?: string | null;
  className?: string;
  inputClassName?: string;
  /** An id of the field's own (default `${formId}-${name}`). */
  id?: string;
  /** The error's test id (default `error-${id}-error`). */
  errorTestId?: string;
}

/** A label, the input, a hint and the field's error (role=alert, linked by aria-describedby). */
export function Field({ meta, label, hint, render, extraError, className, inputClassName = "field__input", id, errorTestId, ...input }: FieldProps) {
  const ids = fieldIds(meta, hint, extraError, id);
  const props = { ...ids.aria, name: meta.name, defaultValue: initialText(meta) };
  return (
    <div className={`field form-field${className ? ` ${className}` : ""}`}>
      <label className="field__label" htmlFor={ids.id}>
        {label}
      </label>
      {render ? render(props) : <input key={meta.key} className={inputClassName} {...input} {...props} />}
      {hint ? (
        <p className="form-field__hint" id={ids.hintId}>
          {hint}
        </p>
      ) : null}
      <FieldError id={ids.errorId} error={ids.error} testId={errorTestId} />
    </div>
  );
}

export function FieldError({ id, error, testId }: { id: string; error?: string | null; testId?: string }) {
  return error ? (
    <p className="field__error" id={id} role="alert" data-testid={testId ?? `error-${id}`}>
      {error}
    </p>
  ) : null;
}

/** A form's own outcome: an error (role=alert) or a success note (role=status). */
export function FormMessage({ ok = false, message, testId }: { ok?: boolean; message?: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <p className={`form-message form-message--${ok ? "ok" : "error"}`} role={ok ? "status" : "alert"} data-testid={testId}>
      {message}
    </p>
  );
}

/**
 * A file field with Russian words (§8): «Выберите файл» and the chosen file's name or «Файл не
 * выбран», in place of the browser's own (English in an English browser). Until the page is
 * hydrated the browser's control shows (a chosen name cannot be shown without JavaScript).
 */
export function FileInput({ onFile, chooseText = "Выберите файл", ...input }: Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { onFile?: (file: File | null, input: HTMLInputElement) => void; chooseText?: string }) {
  const [hydrated, setHydrated] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => setHydrated(true), []);
  return (
    <span className={`file-input${hydrated ? " file-input--custom" : ""}`}>
      <input
        {...input}
        type="file"
        className="file-input__native"
        onChange={(event) => {
          const file = event.target.files?.[0] ?? null;
          onFile?.(file, event.target);
          setChosen(event.target.files?.[0]?.name ?? null);
        }}
      />
      {hydrated ? (
        <span className="file-input__face" aria-hidden="true">
          <span className="button button--small file-input__button">{chooseText}</span>
          <span className="file-input__name" data-testid={input.id ? `${input.id}-name` : undefined}>
            {chosen ?? "Файл не выбран"}
          </span>
        </span>
      ) : null}
    </span>
  );
}
