/**
 * The pieces every authentication form is made of, on the shop's forms layer (ADR 046,
 * app/lib/form-fields.tsx): the e-mail and new-password fields, the honeypot, and the one
 * skeleton of the auth pages (/login, /signup, /forgot-password, /reset-password).
 */
import type { ReactNode } from "react";
import { Field, FormMessage, type FieldProps } from "#app/lib/form-fields.tsx";
import { AUTH_FIELD, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./auth-forms.ts";

export { Field, FormMessage };

type PresetProps = Omit<FieldProps, "label" | "type"> & { label?: ReactNode; id: string };

/** An auth field: its id given (the page's and the dialog's forms stay apart), its error's test id `${id}-error`. */
export function AuthField({ id, ...props }: Omit<FieldProps, "id" | "errorTestId"> & { id: string }) {
  return <Field id={id} errorTestId={`${id}-error`} className="auth-form__field" {...props} />;
}

/** The e-mail field of the login, sign-up and reset-request forms. */
export function EmailField({ label = "E-mail", autoComplete = "email", ...props }: PresetProps) {
  return <AuthField label={label} type="email" autoComplete={autoComplete} inputMode="email" placeholder="name@company.ru" maxLength={254} {...props} />;
}

/** A new password (sign-up, reset): the length rule as the hint. */
export function NewPasswordField({ label = "Пароль", ...props }: PresetProps) {
  return (
    <AuthField
      label={label}
      type="password"
      autoComplete="new-password"
      minLength={MIN_PASSWORD_LENGTH}
      maxLength={MAX_PASSWORD_LENGTH}
      hint={`Не короче ${MIN_PASSWORD_LENGTH} символов`}
      {...props}
    />
  );
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

/** The one skeleton of the auth pages: the heading, an optional lead, the form or the outcome. */
export function AuthPage({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <section className="auth-page">
      <h1>{title}</h1>
      {lead ? <p className="auth-page__lead">{lead}</p> : null}
      {children}
    </section>
  );
}

/** An auth page's outcome (sent, changed, registered): read out when it appears. */
export function AuthDone({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <AuthPage title={title}>
      <div className="auth-done" role="status" data-testid={testId}>
        {children}
      </div>
    </AuthPage>
  );
}
