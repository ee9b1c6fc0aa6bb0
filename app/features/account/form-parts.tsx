/** Form pieces of the account pages: a labelled field with its §8 error under it, a form's message. */
import type { InputHTMLAttributes, ReactNode } from "react";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "defaultValue" | "form">;

/** A label, an input and, when there is one, its error (linked by aria-describedby, read at once). */
export function TextField({
  scope,
  name,
  label,
  error,
  defaultValue,
  hint,
  className,
  ...input
}: InputProps & { scope: string; name: string; label: ReactNode; error?: string; defaultValue?: string; hint?: ReactNode }) {
  const id = `${scope}-${name}`;
  const described = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field account-field${className ? ` ${className}` : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input className="field__input" id={id} name={name} defaultValue={defaultValue} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {hint ? (
        <p className="account-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p className="field__error" id={id} role="alert" data-testid={`error-${id}`}>
      {error}
    </p>
  ) : null;
}

/** A form's own outcome: an error (role=alert) or a success note (role=status). */
export function FormMessage({ ok, message, testId }: { ok: boolean; message?: string | null; testId?: string }) {
  if (!message) return null;
  return ok ? (
    <p className="account-message account-message--ok" role="status" data-testid={testId}>
      {message}
    </p>
  ) : (
    <p className="account-message account-message--error" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}
