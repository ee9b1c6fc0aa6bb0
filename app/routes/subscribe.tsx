/**
 * /subscribe (§2): the newsletter subscription. An e-mail field, "Подписаться" and the consent to
 * the processing of personal data (a link to /privacy). A `<Form method="post">` with its own
 * action works without JavaScript (the page comes back with the error under the field, or the
 * success message); with JavaScript a fetcher sends it in place and the address is checked in the
 * browser first, with the contract's zod-free rule and words. The forms layer (ADR 046): the action
 * reads with `SubscribeForm` and answers a `SubscribeReply`. The footer's form, on every
 * first-visit page, stays a plain HTML form posting here (no zod or Conform in those chunks).
 */
import { data, useFetcher, type HeadersArgs } from "react-router";
import type { Route } from "./+types/subscribe";
import { sharedPage } from "#app/lib/cache-control.ts";
import { resolveSeo, seoMeta } from "#app/lib/seo.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { subscribe } from "#app/features/subscription/subscription.server.ts";
import { emailProblem, SUBSCRIBE_FIELD, SUBSCRIBE_PATH, successText, type SubscribeReply } from "#app/features/subscription/subscription.ts";
import { fieldIds, initialText, useShopForm } from "#app/lib/form-fields.tsx";
import { formMessage } from "#app/lib/forms.ts";
import { MAX_EMAIL_LENGTH } from "#contract/subscription-rules.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const seoEntries = await context.content.seo(context.city);
  return {
    seo: resolveSeo(seoEntries, SUBSCRIBE_PATH, context.originForCity(context.city), {
      title: "Подписка на рассылку",
      description: "Новинки каталога, акции и идеи корпоративных подарков с логотипом — не чаще раза в неделю.",
    }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const answer = await subscribe(context, await request.formData().catch(() => null));
  return data(answer, { status: answer.status === "success" ? 200 : 400, headers: { "Cache-Control": "no-store" } });
}

/** The form page is the same for everyone (shared); an action's answer is the visitor's own. */
export function headers(args: HeadersArgs): HeadersInit {
  if (args.actionHeaders.has("Cache-Control")) return { "Cache-Control": "no-store" };
  return sharedPage(args);
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function SubscribePage({ actionData }: Route.ComponentProps) {
  return (
    <section className="subscribe-page">
      <h1>Подписка на рассылку</h1>
      <p className="subscribe-page__lead">
        Новинки каталога, акции и идеи корпоративных подарков с логотипом — не чаще раза в неделю. Отписаться можно в любой момент по ссылке в письме.
      </p>
      <SubscribeForm initial={actionData ?? null} />
    </section>
  );
}

export function SubscribeForm({ initial }: { initial: SubscribeReply | null }) {
  const fetcher = useFetcher<SubscribeReply>({ key: "subscribe" });
  // Without JavaScript the answer comes as the page's action data; with it, through the fetcher.
  const answer = fetcher.data ?? initial;
  const sending = fetcher.state !== "idle";
  // The forms layer (ADR 046): the browser checks the address with the contract's zod-free rule
  // before sending; a refusal (the browser's or the action's) shows under the field and focuses it.
  const { fields, formProps } = useShopForm<{ email: string }>({
    id: "subscribe",
    lastResult: answer?.status === "error" ? answer : null,
    check: (values) => ({ [SUBSCRIBE_FIELD.email]: emailProblem(values[SUBSCRIBE_FIELD.email] ?? "") }),
  });
  const email = fields.email;
  const ids = fieldIds(email);

  if (answer?.status === "success") {
    return (
      <div className="subscribe-form__done" role="status" data-testid="subscribe-success">
        <p className="subscribe-form__done-title">Спасибо за подписку!</p>
        <p>{successText(answer)}</p>
        <AppLink to="/catalog" className="button">
          Перейти в каталог
        </AppLink>
      </div>
    );
  }

  const message = formMessage(answer);
  return (
    <fetcher.Form method="post" action={SUBSCRIBE_PATH} className="subscribe-form" {...formProps}>
      {message ? (
        <p className="subscribe-form__message" role="alert">
          {message}
        </p>
      ) : null}
      {/* Label, field, the field's error, button: on a phone one column in this order; wider, the button sits beside the field. */}
      <div className="subscribe-form__grid">
        <label className="field__label" htmlFor={ids.id}>
          E-mail
        </label>
        <input
          key={email.key}
          className="field__input subscribe-form__input"
          type="email"
          name={email.name}
          defaultValue={initialText(email)}
          autoComplete="email"
          inputMode="email"
          placeholder="name@company.ru"
          maxLength={MAX_EMAIL_LENGTH}
          required
          {...ids.aria}
        />
        {ids.error ? (
          <p className="field__error subscribe-form__error" id={ids.errorId} role="alert" data-testid="subscribe-error">
            {ids.error}
          </p>
        ) : null}
        <button type="submit" className="button button--primary subscribe-form__submit" disabled={sending}>
          {sending ? "Отправляем…" : "Подписаться"}
        </button>
      </div>
      <SubscribeTrap />
      <p className="subscribe-form__consent">
        Нажимая «Подписаться», вы соглашаетесь на получение рассылки и обработку персональных данных в соответствии с{" "}
        <AppLink to="/privacy">политикой конфиденциальности</AppLink>.
      </p>
    </fetcher.Form>
  );
}

/** The honeypot (SUBSCRIBE_FIELD.trap): off-screen, out of the tab order and of the accessibility tree. */
export function SubscribeTrap() {
  return (
    <div className="subscribe-trap" aria-hidden="true">
      <label>
        Сайт компании
        <input type="text" name={SUBSCRIBE_FIELD.trap} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
