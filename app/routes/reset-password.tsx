/**
 * /reset-password?token=… (the reset letter's link) and /reset-password/:token: the new password.
 * Opening the link changes nothing (mail services open links to check them); the token is used by
 * the form's POST. Works without JavaScript. Personal (the token is in the URL): private, noindex.
 */
import { useFetcher } from "react-router";
import type { Route } from "./+types/reset-password";
import { endpoints } from "#contract/index.ts";
import { SITE_NAME } from "#app/lib/seo.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { formMessage } from "#app/lib/forms.ts";
import { useShopForm } from "#app/lib/form-fields.tsx";
import { AUTH_FIELD, FORGOT_PASSWORD_PATH, LINK_INVALID, LOGIN_PATH, linkToken, type ResetPasswordAnswer } from "#app/features/auth/auth-forms.ts";
import { authRefusal, formAnswer, parseAuthForm, problemFrom, readForm, unreadable } from "#app/features/auth/auth.server.ts";
import { ResetPasswordForm } from "#app/features/auth/auth-schemas.server.ts";
import { AuthDone, AuthField, AuthPage, FormMessage, NewPasswordField } from "#app/features/auth/auth-fields.tsx";
import { formFailure } from "#app/lib/forms.ts";

const tokenOf = (params: { token?: string }, url: URL) => linkToken(params.token ?? url.searchParams.get("token"));

export function loader({ params, url }: Route.LoaderArgs) {
  // Only a well-formed token goes into the page; anything else is never echoed.
  return { tokenOk: tokenOf(params, url) !== null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const token = tokenOf(params, new URL(request.url));
  if (!token) return formAnswer<ResetPasswordAnswer>(formFailure(LINK_INVALID));
  const form = await readForm(request);
  if (!form) return formAnswer<ResetPasswordAnswer>(unreadable());
  const submission = parseAuthForm(form, ResetPasswordForm);
  if (submission.status !== "success") return formAnswer<ResetPasswordAnswer>(authRefusal(submission));
  const result = await context.api.call(endpoints.authResetPassword, { params: { token }, body: { password: submission.value.password } });
  if (!result.ok) {
    // The link's own failure (used, expired, unknown) reads as the link's message.
    if (result.error.errors.token || result.error.status === 404) return formAnswer<ResetPasswordAnswer>(authRefusal(submission, result.error.errors.token ?? LINK_INVALID));
    return formAnswer<ResetPasswordAnswer>(problemFrom(submission, result.error, [AUTH_FIELD.password]));
  }
  return formAnswer<ResetPasswordAnswer>(submission.reply());
}

export const meta: Route.MetaFunction = () => [{ title: `Новый пароль | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<ResetPasswordAnswer>();
  const answer = fetcher.data ?? actionData ?? null;
  const { fields, formProps } = useShopForm<{ password: string; passwordRepeat: string }>({ id: "reset", lastResult: answer });

  if (answer?.status === "success") {
    return (
      <AuthDone title="Пароль изменён" testId="reset-success">
        <p>Теперь войдите с новым паролем. Остальные устройства, где вы были в аккаунте, попросят войти заново.</p>
        <AppLink to={LOGIN_PATH} className="button button--primary">
          Войти
        </AppLink>
      </AuthDone>
    );
  }
  if (!loaderData.tokenOk) {
    return (
      <AuthPage title="Новый пароль">
        <div className="auth-done">
          <p className="auth-form__message" role="alert" data-testid="reset-message">
            {LINK_INVALID}.
          </p>
          <p>
            <AppLink to={FORGOT_PASSWORD_PATH}>Запросите новую ссылку</AppLink> — мы пришлём её на почту.
          </p>
        </div>
      </AuthPage>
    );
  }
  const message = formMessage(answer);
  const busy = fetcher.state !== "idle";
  return (
    <AuthPage title="Новый пароль">
      {/* No action attribute: the form posts to this very URL (the token is in it). */}
      <fetcher.Form method="post" className="auth-form" {...formProps}>
        <FormMessage message={message} testId="reset-message" />
        {message === LINK_INVALID || message?.includes("Ссылка") ? (
          <p>
            <AppLink to={FORGOT_PASSWORD_PATH}>Запросить новую ссылку</AppLink>
          </p>
        ) : null}
        <NewPasswordField id="reset-password" label="Новый пароль" meta={fields.password} />
        <AuthField id="reset-password-repeat" label="Повторите пароль" type="password" autoComplete="new-password" maxLength={128} meta={fields.passwordRepeat} />
        <button type="submit" className="button button--primary auth-form__submit" disabled={busy}>
          {busy ? "Сохраняем…" : "Сохранить пароль"}
        </button>
      </fetcher.Form>
    </AuthPage>
  );
}
