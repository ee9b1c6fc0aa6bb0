/**
 * /reset-password?token=… (the reset letter's link) and /reset-password/:token: the new password.
 * Opening the link changes nothing (mail services open links to check them); the token is used by
 * the form's POST. Works without JavaScript. Personal (the token is in the URL): private, noindex.
 */
import { useRef } from "react";
import { useFetcher } from "react-router";
import type { Route } from "./+types/reset-password";
import { endpoints } from "#contract/index.ts";
import { SITE_NAME } from "#app/lib/seo.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { AUTH_FIELD, FORGOT_PASSWORD_PATH, LOGIN_PATH, type ResetPasswordAnswer } from "#app/features/auth/auth-forms.ts";
import { formAnswer, problemFrom, readForm, unreadable } from "#app/features/auth/auth.server.ts";
import { LINK_INVALID, linkToken, parseResetPassword } from "#app/features/auth/auth-parse.ts";
import { Field, FormMessage, NewPasswordField, useFocusOnError } from "#app/features/auth/auth-fields.tsx";

const tokenOf = (params: { token?: string }, url: URL) => linkToken(params.token ?? url.searchParams.get("token"));

export function loader({ params, url }: Route.LoaderArgs) {
  // Only a well-formed token goes into the page; anything else is never echoed.
  return { tokenOk: tokenOf(params, url) !== null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const token = tokenOf(params, new URL(request.url));
  if (!token) return formAnswer<ResetPasswordAnswer>({ ok: false, message: LINK_INVALID, errors: {}, values: {} });
  const form = await readForm(request);
  if (!form) return formAnswer<ResetPasswordAnswer>(unreadable());
  const parsed = parseResetPassword(form);
  if (!parsed.ok) return formAnswer<ResetPasswordAnswer>({ ok: false, message: null, errors: parsed.errors, values: {} });
  const result = await context.api.call(endpoints.authResetPassword, { params: { token }, body: parsed.body });
  if (!result.ok) {
    const problem = problemFrom(result.error, [AUTH_FIELD.password], {});
    // The link's own failure (used, expired, unknown) reads as the link's message.
    if (result.error.errors.token || result.error.status === 404) problem.message = result.error.errors.token ?? LINK_INVALID;
    return formAnswer<ResetPasswordAnswer>(problem);
  }
  return formAnswer<ResetPasswordAnswer>({ ok: true });
}

export const meta: Route.MetaFunction = () => [{ title: `Новый пароль | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<ResetPasswordAnswer>();
  const form = useRef<HTMLFormElement>(null);
  const answer = fetcher.data ?? actionData ?? null;
  useFocusOnError(fetcher, form);

  if (answer?.ok) {
    return (
      <section className="auth-page">
        <h1>Пароль изменён</h1>
        <div className="auth-done" role="status" data-testid="reset-success">
          <p>Теперь войдите с новым паролем. Остальные устройства, где вы были в аккаунте, попросят войти заново.</p>
          <AppLink to={LOGIN_PATH} className="button button--primary">
            Войти
          </AppLink>
        </div>
      </section>
    );
  }
  if (!loaderData.tokenOk) {
    return (
      <section className="auth-page">
        <h1>Новый пароль</h1>
        <div className="auth-done">
          <p className="auth-form__message" role="alert" data-testid="reset-message">
            {LINK_INVALID}.
          </p>
          <p>
            <AppLink to={FORGOT_PASSWORD_PATH}>Запросите новую ссылку</AppLink> — мы пришлём её на почту.
          </p>
        </div>
      </section>
    );
  }
  const problem = answer && !answer.ok ? answer : null;
  const busy = fetcher.state !== "idle";
  return (
    <section className="auth-page">
      <h1>Новый пароль</h1>
      {/* No action attribute: the form posts to this very URL (the token is in it). */}
      <fetcher.Form ref={form} method="post" className="auth-form" noValidate>
        <FormMessage message={problem?.message} testId="reset-message" />
        {problem?.message === LINK_INVALID || problem?.message?.includes("Ссылка") ? (
          <p>
            <AppLink to={FORGOT_PASSWORD_PATH}>Запросить новую ссылку</AppLink>
          </p>
        ) : null}
        <NewPasswordField id="reset-password" label="Новый пароль" error={problem?.errors.password} />
        <Field
          id="reset-password-repeat"
          label="Повторите пароль"
          type="password"
          name={AUTH_FIELD.passwordRepeat}
          autoComplete="new-password"
          maxLength={128}
          error={problem?.errors.passwordRepeat}
        />
        <button type="submit" className="button button--primary auth-form__submit" disabled={busy}>
          {busy ? "Сохраняем…" : "Сохранить пароль"}
        </button>
      </fetcher.Form>
    </section>
  );
}
