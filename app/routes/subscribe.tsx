/**
 * /subscribe (§2): the newsletter subscription. An e-mail field, "Подписаться" and the consent to
 * the processing of personal data (a link to /privacy). A `<Form method="post">` with its own
 * action works without JavaScript (the page comes back with the error under the field, or the
 * success message); with JavaScript a fetcher sends it in place and the address is checked in the
 * browser first, with the contract's schema and words. The footer's form posts here as well.
 */
import { useEffect, useRef, useState } from "react";
import { data, useFetcher, type HeadersArgs } from "react-router";
import type { Route } from "./+types/subscribe";
import { sharedPage } from "#app/lib/cache-control.ts";
import { resolveSeo, seoMeta } from "#app/lib/seo.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { subscribe } from "#app/features/subscription/subscription.server.ts";
import { emailProblem, SUBSCRIBE_FIELD, SUBSCRIBE_PATH, successText, type SubscribeAnswer } from "#app/features/subscription/subscription.ts";
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
  return data(answer, { status: answer.ok ? 200 : 400, headers: { "Cache-Control": "no-store" } });
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

export function SubscribeForm({ initial }: { initial: SubscribeAnswer | null }) {
  const fetcher = useFetcher<SubscribeAnswer>({ key: "subscribe" });
  // Without JavaScript the answer comes as the page's action data; with it, through the fetcher.
  const answer = fetcher.data ?? initial;
  const [browserError, setBrowserError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const sending = fetcher.state !== "idle";
  const error = browserError ?? (answer && !answer.ok ? (answer.errors.email ?? null) : null);
  const message = answer && !answer.ok ? answer.message : null;

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok && fetcher.data.errors.email) input.current?.focus();
  }, [fetcher.state, fetcher.data]);

  if (answer?.ok) {
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

  return (
    <fetcher.Form
      method="post"
      action={SUBSCRIBE_PATH}
      className="subscribe-form"
      // Our own Russian messages under the field, the same with and without JavaScript.
      noValidate
      onSubmit={(event) => {
        const problem = emailProblem(input.current?.value ?? "");
        setBrowserError(problem);
        if (problem) {
          event.preventDefault();
          input.current?.focus();
        }
      }}
    >
      {message ? (
        <p className="subscribe-form__message" role="alert">
          {message}
        </p>
      ) : null}
      {/* Label, field, the field's error, button: on a phone one column in this order; wider, the button sits beside the field. */}
      <div className="subscribe-form__grid">
        <label className="field__label" htmlFor="subscribe-email">
          E-mail
        </label>
        <input
          ref={input}
          id="subscribe-email"
          className="field__input subscribe-form__input"
          type="email"
          name={SUBSCRIBE_FIELD.email}
          defaultValue={answer?.email ?? ""}
          autoComplete="email"
          inputMode="email"
          placeholder="name@company.ru"
          maxLength={MAX_EMAIL_LENGTH}
          required
          onInput={() => browserError && setBrowserError(null)}
          {...(error ? { "aria-invalid": true, "aria-describedby": "subscribe-email-error" } : {})}
        />
        {error ? (
          <p className="field__error subscribe-form__error" id="subscribe-email-error" role="alert" data-testid="subscribe-error">
            {error}
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
