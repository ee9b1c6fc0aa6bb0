/**
 * /signup (issue 19, ADR 036): registration by e-mail, password (at least 8 characters) and name,
 * with the consent to the user agreement and the privacy policy. The new user is logged in at
 * once (HttpOnly cookies on the answer) and confirms the address by the e-mailed link
 * (/email/confirm). Works without JavaScript; a honeypot drops bots. Personal: private, noindex.
 */
import { data, redirect, useFetcher, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/signup";
import { endpoints } from "#contract/index.ts";
import { SITE_NAME } from "#app/lib/seo.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { formMessage } from "#app/lib/forms.ts";
import { FieldError, fieldIds, useShopForm } from "#app/lib/form-fields.tsx";
import { AUTH_FIELD, LOGIN_PATH, SIGNUP_PATH, type SignupAnswer } from "#app/features/auth/auth-forms.ts";
import { afterLoginPath, authRefusal, formAnswer, honeypotFilled, parseAuthForm, problemFrom, readForm, sessionHeaders, unreadable } from "#app/features/auth/auth.server.ts";
import { SignupForm } from "#app/features/auth/auth-schemas.server.ts";
import { AuthDone, AuthField, AuthPage, EmailField, FormMessage, Honeypot, NewPasswordField } from "#app/features/auth/auth-fields.tsx";
import { sessionUser } from "#app/features/auth/session-user.server.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  const raw = url.searchParams.get(AUTH_FIELD.redirectTo);
  // Already logged in (checked with the API, as /login does): straight on.
  if ((await sessionUser(context)).user) throw redirect(afterLoginPath(raw));
  return { redirectTo: raw === null ? null : afterLoginPath(raw) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form) return formAnswer<SignupAnswer>(unreadable());
  const submission = parseAuthForm(form, SignupForm);
  if (submission.status !== "success") return formAnswer<SignupAnswer>(authRefusal(submission));
  // A bot: the success page, and no account.
  if (honeypotFilled(form)) return formAnswer<SignupAnswer>({ ...submission.reply(), email: submission.value.email });
  const result = await context.api.call(endpoints.authSignup, { body: submission.value });
  if (!result.ok) {
    return formAnswer<SignupAnswer>(problemFrom(submission, result.error, [AUTH_FIELD.email, AUTH_FIELD.password, AUTH_FIELD.name, AUTH_FIELD.agreement]));
  }
  return data<SignupAnswer>({ ...submission.reply(), email: submission.value.email }, { headers: sessionHeaders(context, result.data.authenticated) });
}

export const meta: Route.MetaFunction = () => [{ title: `Регистрация | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export default function SignupPage({ loaderData, actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<SignupAnswer>();
  const answer = fetcher.data ?? actionData ?? null;
  const { fields, formProps } = useShopForm<{ email: string; password: string; name: string; agreement: string }>({ id: "signup", lastResult: answer });
  const next = loaderData.redirectTo ?? "/profile";

  if (answer?.status === "success") {
    return (
      <AuthDone title="Вы зарегистрированы" testId="signup-success">
        <p>
          Мы отправили письмо на <strong>{answer.email}</strong>. Откройте ссылку из письма, чтобы подтвердить адрес: ссылка действует
          10 минут. Письма нет — проверьте папку «Спам» или запросите новое в профиле.
        </p>
        <AppLink to={next} className="button button--primary">
          Перейти в личный кабинет
        </AppLink>
      </AuthDone>
    );
  }

  const busy = fetcher.state !== "idle";
  const agreement = fieldIds(fields.agreement, null, null, "signup-agreement");
  return (
    <AuthPage title="Регистрация">
      <fetcher.Form method="post" action={SIGNUP_PATH} className="auth-form" {...formProps}>
        <FormMessage message={formMessage(answer)} testId="signup-message" />
        <EmailField id="signup-email" meta={fields.email} />
        <NewPasswordField id="signup-password" meta={fields.password} />
        <AuthField id="signup-name" label="Имя" autoComplete="name" maxLength={255} placeholder="Анна Смирнова" meta={fields.name} />
        <div className="auth-form__field">
          <label className="auth-form__check">
            <input type="checkbox" name={AUTH_FIELD.agreement} key={fields.agreement.key} defaultChecked={fields.agreement.initialValue === "on"} {...agreement.aria} />
            <span>
              Я принимаю <AppLink to="/agreement">пользовательское соглашение</AppLink> и даю <AppLink to="/privacy#consent">согласие на обработку персональных данных</AppLink> в
              соответствии с <AppLink to="/privacy">политикой конфиденциальности</AppLink>
            </span>
          </label>
          <FieldError id={agreement.errorId} error={agreement.error} testId={agreement.errorId} />
        </div>
        <Honeypot />
        <button type="submit" className="button button--primary auth-form__submit" disabled={busy}>
          {busy ? "Регистрируем…" : "Зарегистрироваться"}
        </button>
        <p className="auth-login__links">
          <span>
            Уже есть аккаунт? <AppLink to={loaderData.redirectTo ? `${LOGIN_PATH}?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : LOGIN_PATH}>Войти</AppLink>
          </span>
        </p>
      </fetcher.Form>
    </AuthPage>
  );
}

/** After its own action the page keeps showing the answer (its loader would send a logged-in visitor on). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === SIGNUP_PATH ? false : defaultShouldRevalidate;
