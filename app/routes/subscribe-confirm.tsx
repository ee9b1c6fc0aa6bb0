/**
 * /subscribe/confirm?token=… — the link from the subscription letter. Opening it shows one button:
 * the confirmation is a POST, because mail services open links in letters to check them, and a
 * GET that confirmed would subscribe an address nobody agreed for. Works without JavaScript.
 * Personal (the token is in the URL): private and noindex.
 */
import { Form, data, useNavigation } from "react-router";
import type { Route } from "./+types/subscribe-confirm";
import { endpoints } from "#contract/index.ts";
import { SUBSCRIPTION_TOKEN_INVALID, SUBSCRIPTION_TOKEN_PATTERN } from "#contract/subscription-rules.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { SITE_NAME } from "#app/lib/seo.ts";

export function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  // Only a well-formed token goes into the form; anything else is never echoed.
  return { token: SUBSCRIPTION_TOKEN_PATTERN.test(token) ? token : null };
}

type ConfirmAnswer = { ok: true; alreadyConfirmed: boolean } | { ok: false; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const token = form?.get("token");
  let answer: ConfirmAnswer;
  if (typeof token !== "string" || !SUBSCRIPTION_TOKEN_PATTERN.test(token)) {
    answer = { ok: false, message: SUBSCRIPTION_TOKEN_INVALID };
  } else {
    const result = await context.api.call(endpoints.subscriptionConfirm, { body: { token } });
    answer = result.ok ? { ok: true, alreadyConfirmed: result.data.alreadyConfirmed } : { ok: false, message: result.error.errors.token ?? result.error.message };
  }
  return data(answer, { status: answer.ok ? 200 : 400, headers: { "Cache-Control": "no-store" } });
}

export const meta: Route.MetaFunction = () => [{ title: `Подтверждение подписки | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export default function SubscribeConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  return (
    <section className="subscribe-page">
      <h1>Подтверждение подписки</h1>
      {actionData?.ok ? (
        <div className="subscribe-form__done" role="status" data-testid="confirm-success">
          <p className="subscribe-form__done-title">{actionData.alreadyConfirmed ? "Подписка уже подтверждена" : "Подписка подтверждена!"}</p>
          <p>Теперь вы будете получать новинки каталога, акции и идеи подарков — не чаще раза в неделю.</p>
          <AppLink to="/catalog" className="button">
            Перейти в каталог
          </AppLink>
        </div>
      ) : loaderData.token ? (
        <Form method="post" className="subscribe-form">
          {actionData && !actionData.ok ? (
            <p className="subscribe-form__message" role="alert" data-testid="confirm-error">
              {actionData.message}
            </p>
          ) : null}
          <p>Нажмите кнопку, чтобы получать рассылку на этот адрес.</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? "Подтверждаем…" : "Подтвердить подписку"}
          </button>
        </Form>
      ) : (
        <div className="subscribe-form">
          <p className="subscribe-form__message" role="alert" data-testid="confirm-error">
            {SUBSCRIPTION_TOKEN_INVALID}.
          </p>
          <p>
            <AppLink to="/subscribe">Подпишитесь ещё раз</AppLink> — мы пришлём новое письмо.
          </p>
        </div>
      )}
    </section>
  );
}
