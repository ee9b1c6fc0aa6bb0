/**
 * /forgot-password (issue 19, ADR 036): "Забыли пароль?" — the e-mail to send the reset link to.
 * The answer is the same text whether or not the address has an account (no enumeration); only a
 * malformed address, a 429 or an API failure says anything else. Works without JavaScript; a
 * honeypot drops bots. Personal (private, noindex).
 */
import { useRef } from "react";
import { useFetcher } from "react-router";
import type { Route } from "./+types/forgot-password";
import { endpoints } from "#contract/index.ts";
import { SITE_NAME } from "#app/lib/seo.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { AUTH_FIELD, FORGOT_PASSWORD_PATH, FORGOT_PASSWORD_SENT, LOGIN_PATH, type ForgotPasswordAnswer } from "#app/features/auth/auth-forms.ts";
import { formAnswer, problemFrom, readForm, unreadable } from "#app/features/auth/auth.server.ts";
import { honeypotFilled, parseForgotPassword } from "#app/features/auth/auth-parse.ts";
import { EmailField, FormMessage, Honeypot, useFocusOnError } from "#app/features/auth/auth-fields.tsx";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form) return formAnswer<ForgotPasswordAnswer>(unreadable());
  const parsed = parseForgotPassword(form);
  if (!parsed.ok) return formAnswer<ForgotPasswordAnswer>({ ok: false, message: null, errors: parsed.errors, values: parsed.values });
  if (honeypotFilled(form)) return formAnswer<ForgotPasswordAnswer>({ ok: true });
  const result = await context.api.call(endpoints.authResetPasswordRequest, { body: parsed.body });
  if (!result.ok) return formAnswer<ForgotPasswordAnswer>(problemFrom(result.error, [AUTH_FIELD.email], parsed.values));
  return formAnswer<ForgotPasswordAnswer>({ ok: true });
}

export const meta: Route.MetaFunction = () => [{ title: `Восстановление пароля | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<ForgotPasswordAnswer>();
  const form = useRef<HTMLFormElement>(null);
  const answer = fetcher.data ?? actionData ?? null;
  useFocusOnError(fetcher, form);

  if (answer?.ok) {
    return (
      <section className="auth-page">
        <h1>Проверьте почту</h1>
        <div className="auth-done" role="status" data-testid="forgot-success">
          <p>{FORGOT_PASSWORD_SENT}</p>
          <AppLink to={LOGIN_PATH} className="button">
            Вернуться ко входу
          </AppLink>
        </div>
      </section>
    );
  }
  const problem = answer && !answer.ok ? answer : null;
  const busy = fetcher.state !== "idle";
  return (
    <section className="auth-page">
      <h1>Восстановление пароля</h1>
      <p className="auth-page__lead">Укажите e-mail, с которым вы регистрировались: мы пришлём ссылку для смены пароля.</p>
      <fetcher.Form ref={form} method="post" action={FORGOT_PASSWORD_PATH} className="auth-form" noValidate>
        <FormMessage message={problem?.message} testId="forgot-message" />
        <EmailField id="forgot-email" defaultValue={problem?.values.email ?? ""} error={problem?.errors.email} />
        <Honeypot />
        <button type="submit" className="button button--primary auth-form__submit" disabled={busy}>
          {busy ? "Отправляем…" : "Прислать ссылку"}
        </button>
        <p className="auth-login__links">
          <AppLink to={LOGIN_PATH}>Вспомнили пароль? Войти</AppLink>
        </p>
      </fetcher.Form>
    </section>
  );
}
