/**
 * The pieces every authentication form is made of: a labelled field with its Russian error under
 * it (§8), the message above a form, and the honeypot.
 */
import { useEffect, type InputHTMLAttributes, type ReactNode, type RefObject } from "react";
import { AUTH_FIELD, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./auth-forms.ts";

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: ReactNode;
  error?: string | null;
  /** A hint under the field (before its error). */
  hint?: ReactNode;
  /** Another input in place of a plain one (the masked phone field): given the ARIA props to spread. */
  render?: (aria: Record<string, string | boolean | undefined>) => ReactNode;
}

export function Field({ id, label, error, hint, render, ...input }: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const aria = { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy };
  return (
    <div className="field auth-form__field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {render ? render(aria) : <input className="field__input" {...input} {...aria} />}
      {hint ? (
        <p className="auth-form__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error auth-form__error" id={errorId} data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type PresetProps = Omit<FieldProps, "label" | "type" | "name"> & { label?: ReactNode };

/** The e-mail field of the login, sign-up and reset-request forms. */
export function EmailField({ label = "E-mail", autoComplete = "email", ...props }: PresetProps) {
  return (
    <Field
      label={label}
      type="email"
      name={AUTH_FIELD.email}
      autoComplete={autoComplete}
      inputMode="email"
      placeholder="name@company.ru"
      maxLength={254}
      {...props}
    />
  );
}

/** A new password (sign-up, reset): the length rule as the hint. */
export function NewPasswordField({ label = "Пароль", ...props }: PresetProps) {
  return (
    <Field
      label={label}
      type="password"
      name={AUTH_FIELD.password}
      autoComplete="new-password"
      minLength={MIN_PASSWORD_LENGTH}
      maxLength={MAX_PASSWORD_LENGTH}
      hint={`Не короче ${MIN_PASSWORD_LENGTH} символов`}
      {...props}
    />
  );
}

/** The form's own message (a 429, the login failure, the API down), read out when it appears. */
export function FormMessage({ message, testId }: { message: string | null | undefined; testId?: string }) {
  return message ? (
    <p className="auth-form__message" role="alert" data-testid={testId}>
      {message}
    </p>
  ) : null;
}

/** The honeypot (AUTH_FIELD.trap): off-screen, out of the tab order and of the accessibility tree. */
export function Honeypot() {
  return (
    <div className="subscribe-trap" aria-hidden="true">
      <label>
        Сайт компании
        <input type="text" name={AUTH_FIELD.trap} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** The first field with an error, to move focus to after a refused submit. */
export function focusFirstError(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/** Moves focus to the first refused field once a fetcher's failed answer arrives. */
export function useFocusOnError(fetcher: { state: string; data?: { ok: boolean } }, form: RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) focusFirstError(form.current);
  }, [fetcher.state, fetcher.data, form]);
}
