/**
 * /forgot-password (issue 19, ADR 036): "Забыли пароль?" — the e-mail to send the reset link to.
 * The answer is the same text whether or not the address has an account (no enumeration); only a
 * malformed address, a 429 or an API failure says anything else. Works without JavaScript; a
 * honeypot drops bots. Personal (private, noindex). The form is a shop form (ADR 046).
 */
import { useFetcher } from "react-router";
import type { Route } from "./+types/forgot-password";
import { endpoints } from "#contract/index.ts";
import { SITE_NAME } from "#app/lib/seo.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { formMessage } from "#app/lib/forms.ts";
import { useShopForm } from "#app/lib/form-fields.tsx";
import { AUTH_FIELD, FORGOT_PASSWORD_PATH, FORGOT_PASSWORD_SENT, LOGIN_PATH, type ForgotPasswordAnswer } from "#app/features/auth/auth-forms.ts";
import { authRefusal, formAnswer, honeypotFilled, parseAuthForm, problemFrom, readForm, unreadable } from "#app/features/auth/auth.server.ts";
import { ForgotPasswordForm } from "#app/features/auth/auth-schemas.server.ts";
import { AuthDone, AuthPage, EmailField, FormMessage, Honeypot } from "#app/features/auth/auth-fields.tsx";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form) return formAnswer<ForgotPasswordAnswer>(unreadable());
  const submission = parseAuthForm(form, ForgotPasswordForm);
  if (submission.status !== "success") return formAnswer<ForgotPasswordAnswer>(authRefusal(submission));
  if (honeypotFilled(form)) return formAnswer<ForgotPasswordAnswer>(submission.reply());
  const result = await context.api.call(endpoints.authResetPasswordRequest, { body: submission.value });
  if (!result.ok) return formAnswer<ForgotPasswordAnswer>(problemFrom(submission, result.error, [AUTH_FIELD.email]));
  return formAnswer<ForgotPasswordAnswer>(submission.reply());
}

export const meta: Route.MetaFunction = () => [{ title: `Восстановление пароля | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<ForgotPasswordAnswer>();
  const answer = fetcher.data ?? actionData ?? null;
  const { fields, formProps } = useShopForm<{ email: string }>({ id: "forgot", lastResult: answer });

  if (answer?.status === "success") {
    return (
      <AuthDone title="Проверьте почту" testId="forgot-success">
        <p>{FORGOT_PASSWORD_SENT}</p>
        <AppLink to={LOGIN_PATH} className="button">
          Вернуться ко входу
        </AppLink>
      </AuthDone>
    );
  }
  const busy = fetcher.state !== "idle";
  return (
    <AuthPage title="Восстановление пароля" lead="Укажите e-mail, с которым вы регистрировались: мы пришлём ссылку для смены пароля.">
      <fetcher.Form method="post" action={FORGOT_PASSWORD_PATH} className="auth-form" {...formProps}>
        <FormMessage message={formMessage(answer)} testId="forgot-message" />
        <EmailField id="forgot-email" meta={fields.email} />
        <Honeypot />
        <button type="submit" className="button button--primary auth-form__submit" disabled={busy}>
          {busy ? "Отправляем…" : "Прислать ссылку"}
        </button>
        <p className="auth-login__links">
          <AppLink to={LOGIN_PATH}>Вспомнили пароль? Войти</AppLink>
        </p>
      </fetcher.Form>
    </AuthPage>
  );
}
