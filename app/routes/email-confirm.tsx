/**
 * /email/confirm?token=… (§2, §4): the e-mail confirmation link. Opening it shows one button; the
 * confirmation is a POST to /api/profile/email/confirm from this page's action, because mail
 * services open the links in letters to check them, and a GET that confirmed would use up the
 * token before the person clicked (as /subscribe/confirm does). The token alone names the user,
 * so it works logged in or not, with or without JavaScript. Personal: private, noindex.
 */
import { Form, data, useNavigation } from "react-router";
import type { Route } from "./+types/email-confirm";
import { endpoints } from "#contract/index.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { SITE_NAME } from "#app/lib/seo.ts";
import { LINK_INVALID, linkToken } from "#app/features/auth/auth-forms.ts";

export function loader({ url }: Route.LoaderArgs) {
  // Only a well-formed token goes into the form; anything else is never echoed.
  return { token: linkToken(url.searchParams.get("token")) };
}

type ConfirmAnswer = { ok: true } | { ok: false; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const token = linkToken(form?.get("token"));
  let answer: ConfirmAnswer;
  if (!token) answer = { ok: false, message: LINK_INVALID };
  else {
    const result = await context.api.call(endpoints.emailConfirm, { body: { token } });
    answer = result.ok ? { ok: true } : { ok: false, message: result.error.errors.token ?? (result.error.status === 404 ? LINK_INVALID : result.error.message) };
  }
  return data(answer, { status: answer.ok ? 200 : 400, headers: { "Cache-Control": "no-store" } });
}

export const meta: Route.MetaFunction = () => [{ title: `Подтверждение e-mail | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export default function EmailConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  return (
    <section className="auth-page">
      <h1>Подтверждение e-mail</h1>
      {actionData?.ok ? (
        <div className="auth-done" role="status" data-testid="email-confirm-success">
          <p className="auth-done__title">Адрес подтверждён</p>
          <p>На него будут приходить письма о заказах и коммерческих предложениях.</p>
          <AppLink to="/profile" className="button button--primary">
            Перейти в профиль
          </AppLink>
        </div>
      ) : loaderData.token ? (
        <Form method="post" className="auth-form">
          {actionData && !actionData.ok ? (
            <p className="auth-form__message" role="alert" data-testid="email-confirm-error">
              {actionData.message}
            </p>
          ) : null}
          <p>Нажмите кнопку, чтобы подтвердить адрес электронной почты.</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className="button button--primary auth-form__submit" disabled={sending}>
            {sending ? "Подтверждаем…" : "Подтвердить e-mail"}
          </button>
        </Form>
      ) : (
        <div className="auth-done">
          <p className="auth-form__message" role="alert" data-testid="email-confirm-error">
            {LINK_INVALID}.
          </p>
          <p>Новую ссылку можно запросить в профиле.</p>
        </div>
      )}
    </section>
  );
}
