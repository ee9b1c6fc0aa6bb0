/**
 * /signup (issue 19, ADR 036): registration by e-mail, password (at least 8 characters) and name,
 * with the consent to the user agreement and the privacy policy. The new user is logged in at
 * once (HttpOnly cookies on the answer) and confirms the address by the e-mailed link
 * (/email/confirm). Works without JavaScript; a honeypot drops bots. Personal: private, noindex.
 */
import { useRef } from "react";
import { data, redirect, useFetcher, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/signup";
import { endpoints } from "#contract/index.ts";
import { SITE_NAME } from "#app/lib/seo.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { AUTH_FIELD, LOGIN_PATH, SIGNUP_PATH, type SignupAnswer } from "#app/features/auth/auth-forms.ts";
import { afterLoginPath, formAnswer, problemFrom, readForm, sessionHeaders, unreadable } from "#app/features/auth/auth.server.ts";
import { honeypotFilled, parseSignup } from "#app/features/auth/auth-parse.ts";
import { EmailField, Field, FormMessage, Honeypot, NewPasswordField, useFocusOnError } from "#app/features/auth/auth-fields.tsx";
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
  const parsed = parseSignup(form);
  if (!parsed.ok) return formAnswer<SignupAnswer>({ ok: false, message: null, errors: parsed.errors, values: parsed.values });
  // A bot: the success page, and no account.
  if (honeypotFilled(form)) return formAnswer<SignupAnswer>({ ok: true, email: parsed.body.email });
  const result = await context.api.call(endpoints.authSignup, { body: parsed.body });
  if (!result.ok) {
    return formAnswer<SignupAnswer>(problemFrom(result.error, [AUTH_FIELD.email, AUTH_FIELD.password, AUTH_FIELD.name, AUTH_FIELD.agreement], parsed.values));
  }
  return data<SignupAnswer>({ ok: true, email: parsed.body.email }, { headers: sessionHeaders(context, result.data.authenticated) });
}

export const meta: Route.MetaFunction = () => [{ title: `Регистрация | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export default function SignupPage({ loaderData, actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<SignupAnswer>();
  const form = useRef<HTMLFormElement>(null);
  const answer = fetcher.data ?? actionData ?? null;
  useFocusOnError(fetcher, form);
  const next = loaderData.redirectTo ?? "/profile";

  if (answer?.ok) {
    return (
      <section className="auth-page">
        <h1>Вы зарегистрированы</h1>
        <div className="auth-done" role="status" data-testid="signup-success">
          <p>
            Мы отправили письмо на <strong>{answer.email}</strong>. Откройте ссылку из письма, чтобы подтвердить адрес: ссылка действует
            10 минут. Письма нет — проверьте папку «Спам» или запросите новое в профиле.
          </p>
          <AppLink to={next} className="button button--primary">
            Перейти в личный кабинет
          </AppLink>
        </div>
      </section>
    );
  }

  const problem = answer && !answer.ok ? answer : null;
  const busy = fetcher.state !== "idle";
  return (
    <section className="auth-page">
      <h1>Регистрация</h1>
      <fetcher.Form ref={form} method="post" action={SIGNUP_PATH} className="auth-form" noValidate>
        <FormMessage message={problem?.message} testId="signup-message" />
        <EmailField id="signup-email" defaultValue={problem?.values.email ?? ""} error={problem?.errors.email} />
        <NewPasswordField id="signup-password" error={problem?.errors.password} />
        <Field
          id="signup-name"
          label="Имя"
          name={AUTH_FIELD.name}
          autoComplete="name"
          maxLength={255}
          placeholder="Анна Смирнова"
          defaultValue={problem?.values.name ?? ""}
          error={problem?.errors.name}
        />
        <div className="auth-form__field">
          <label className="auth-form__check">
            <input
              type="checkbox"
              name={AUTH_FIELD.agreement}
              defaultChecked={problem?.values.agreement === "on"}
              aria-invalid={problem?.errors.agreement ? true : undefined}
              aria-describedby={problem?.errors.agreement ? "signup-agreement-error" : undefined}
            />
            <span>
              Я принимаю <AppLink to="/agreement">пользовательское соглашение</AppLink> и даю <AppLink to="/privacy#consent">согласие на обработку персональных данных</AppLink> в
              соответствии с <AppLink to="/privacy">политикой конфиденциальности</AppLink>
            </span>
          </label>
          {problem?.errors.agreement ? (
            <p className="field__error auth-form__error" id="signup-agreement-error" data-testid="signup-agreement-error">
              {problem.errors.agreement}
            </p>
          ) : null}
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
    </section>
  );
}

/** After its own action the page keeps showing the answer (its loader would send a logged-in visitor on). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === SIGNUP_PATH ? false : defaultShouldRevalidate;
