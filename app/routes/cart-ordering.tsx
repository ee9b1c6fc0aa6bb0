/**
 * /cart/ordering (§2, §3 order draft): name, e-mail, phone (§5 mask), delivery type (pickup by
 * default, §9, from one of the offices; courier and transport company need an address), delivery time, manager
 * (/api/order/manager), requisites as a file. A `<Form method="post">`: the action orders the
 * local cart's lines (a hidden field filled after hydration) with an Idempotency-Key made once
 * per ordering attempt. §5 field errors show under the fields and nothing typed is lost. On
 * success the local cart is cleared, goal order_send fires and the visitor lands on /thanks.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { Form, data, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/cart-ordering";
import { endpoints } from "#contract/index.ts";
import { loadOrderAccount, pickupOffices, placeOrder } from "#app/features/cart/ordering.server.ts";
import { managerCookie, MANAGER_COOKIE, readCookies } from "#app/lib/cookies.server.ts";
import { cartItems, cartPayload, orderingBlock, UPLOAD_ACCEPT_TYPES, UPLOAD_MAX_BYTES, UPLOAD_TOO_BIG } from "#app/features/cart/cart.ts";
import { cartIssues, EMPTY_CART_VIEW } from "#app/features/cart/cart-view.ts";
import { DELIVERY_TYPES, EMPTY_ORDER_FORM, ORDER_FIELD, ORDER_FORM_ID, thanksHref, type OrderErrors, type OrderFormValues, type OrderReply } from "#app/features/cart/ordering.ts";
import { useCartPage } from "#app/features/cart/use-cart.ts";
import { useCartPricing } from "#app/features/cart/use-cart-pricing.ts";
import { toCoatingChoice } from "#app/features/coating/coating-form.ts";
import { CartTotals, NoScriptCart, OrderBlockNote, PricingError, RemovedNotice, indexChoices } from "#app/features/cart/cart-parts.tsx";
import { DeliveryFields } from "#app/features/cart/delivery-fields.tsx";
import { PhoneInput } from "#app/lib/mask.tsx";
import { trackGoal } from "#app/lib/analytics.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { formatCount } from "#app/lib/format.ts";
import { SITE_NAME } from "#app/lib/seo.ts";
import cartStyles from "#app/styles/cart.css?url";
import { Field, FieldError, FileInput, fieldIds, useShopForm } from "#app/lib/form-fields.tsx";
import { formFailure, formMessage } from "#app/lib/forms.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  // Both lists fail to empty ones (§8): "Любой менеджер" is always there.
  const [managers, coatings, account] = await Promise.all([
    context.api.list(endpoints.orderManagers, {}, []),
    context.api.list(endpoints.coatingAll, {}, []),
    // Logged in (ADR 034): the profile's name, e-mail and phone, saved companies and addresses.
    loadOrderAccount(context),
  ]);
  // §4: the manager chosen last time (a cookie), while they are still on the list.
  const saved = Number(readCookies(request.headers.get("Cookie"))[MANAGER_COOKIE]);
  return {
    managers: managers.map(({ id, name }) => ({ id, name })),
    savedManager: managers.some((m) => m.id === saved) ? String(saved) : "",
    coatings: coatings.map(toCoatingChoice),
    account,
    // Pickup (§9 default): the site's city office first, then the company's others (ADR 043).
    offices: pickupOffices(context.cities, context.city),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const answer: OrderReply = form ? await placeOrder(context, form) : formFailure("Не удалось прочитать форму. Попробуйте ещё раз.");
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (answer.status === "success" && form) {
    const manager = Number(form.get(ORDER_FIELD.manager));
    headers.append("Set-Cookie", managerCookie(context.site.hostname, Number.isSafeInteger(manager) && manager > 0 ? manager : null, context.cookieDomain, context.site.protocol === "https"));
  }
  return data(answer, { headers });
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];

export const meta: Route.MetaFunction = () => [{ title: `Оформление заказа | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

/** A key for this ordering attempt: the same on a double click or a retry, so one order is made. */
function newKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `k${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

export default function OrderingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, hydrated, update, clear } = useCartPage();
  const root = useRootData();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const byId = useMemo(() => indexChoices(loaderData.coatings), [loaderData.coatings]);
  const pricing = useCartPricing(cart, byId, hydrated, update);
  const shown = pricing.answer ?? pricing.latest;
  const view = shown?.cart ?? EMPTY_CART_VIEW;
  const items = cartItems(cart);
  const block = orderingBlock({
    lineCount: items.length,
    price: view.price,
    linePrices: view.lines.map((l) => l.price),
    minimalOrderPrice: root?.minimalOrderPrice,
    issues: cartIssues(items, byId, view),
  });
  const [key, setKey] = useState(newKey);
  const restart = actionData?.newAttempt ? actionData : null;
  useEffect(() => {
    if (restart) setKey(newKey());
  }, [restart]);

  // Success: the local cart is cleared, the goal fires, and the visitor lands on /thanks — once the
  // action's revalidation is over: React Router shows the answer while it still revalidates, and a
  // navigation started then aborts that revalidation (an unhandled AbortError on a slow machine).
  const orderId = actionData?.status === "success" ? (actionData.orderId ?? null) : null;
  const collectAt = actionData?.status === "success" ? (actionData.pickupOffice ?? null) : null;
  const settled = navigation.state === "idle";
  const sent = useRef<number | null>(null);
  useEffect(() => {
    if (orderId === null || !settled || sent.current === orderId) return;
    sent.current = orderId;
    clear();
    trackGoal("order_send", { order: orderId });
    void navigate(thanksHref(orderId, collectAt), { replace: true });
  }, [orderId, collectAt, settled, clear, navigate]);

  const failed = actionData?.status === "error" ? actionData : null;
  const account = loaderData.account;
  const defaultAddress = account?.addresses.find((a) => a.isDefault) ?? account?.addresses[0];
  const defaults: OrderFormValues = {
    ...EMPTY_ORDER_FORM,
    manager: loaderData.savedManager,
    ...(account
      ? {
          representativeName: account.name,
          representativeEmail: account.email,
          representativePhone: account.phone,
          legalCompany: account.companies.length === 1 ? String(account.companies[0]!.id) : "",
          savedAddress: defaultAddress ? String(defaultAddress.id) : "",
        }
      : {}),
  };
  // The forms layer (ADR 046): a refused order's reply puts each error under its field, gives back
  // what was typed, and focuses and scrolls to the first invalid field (no browser bubbles: the
  // form is noValidate; §5's words are the server's).
  const { fields, formProps } = useShopForm<Record<keyof OrderFormValues, string>>({ id: ORDER_FORM_ID, lastResult: failed, defaultValue: defaults });
  const typed = (name: keyof OrderFormValues): string => {
    const value = fields[name].initialValue;
    return typeof value === "string" ? value : "";
  };
  const deliveryType = DELIVERY_TYPES.find((d) => d.value === typed("deliveryType"))?.value ?? "pickup_point";
  const values: OrderFormValues = {
    representativeName: typed("representativeName"),
    representativeEmail: typed("representativeEmail"),
    representativePhone: typed("representativePhone"),
    deliveryType,
    pickupOffice: typed("pickupOffice"),
    shipmentAddress: typed("shipmentAddress"),
    deliveryTime: typed("deliveryTime"),
    manager: typed("manager"),
    legalCompany: typed("legalCompany"),
    savedAddress: typed("savedAddress"),
  };
  // A requisites file over the limit is refused as soon as it is chosen (JavaScript on): the form
  // is not sent with it, the message shows under the field, and the rest of the form stays.
  const [fileTooBig, setFileTooBig] = useState(false);
  const replied: OrderErrors = {};
  for (const [name, messages] of Object.entries(failed?.error ?? {})) if (name && messages?.[0]) replied[name as keyof OrderErrors] = messages[0];
  const errors: OrderErrors = fileTooBig ? { ...replied, legalFileUpload: UPLOAD_TOO_BIG } : replied;
  const lines = JSON.stringify(cartPayload(cart, byId));
  const imageKeys = JSON.stringify(cart.images.map((i) => i.key));
  const canOrder = hydrated && items.length > 0 && !block.blocked && orderId === null;

  // A select or the file: the layer's ids and ARIA (`ordering-${name}`), the error under it.
  const ids = (name: keyof OrderErrors) => fieldIds({ formId: ORDER_FORM_ID, name } as Parameters<typeof fieldIds>[0], undefined, errors[name] ?? null);
  const err = (name: keyof OrderErrors) => <FieldError id={ids(name).errorId} error={errors[name]} testId={`error-${name}`} />;

  return (
    <section className="ordering-page">
      <h1>Оформление заказа</h1>
      <NoScriptCart />
      {hydrated && items.length === 0 && orderId === null ? (
        <div className="cart-page__empty">
          <p>В корзине нет товаров — оформлять нечего.</p>
          <AppLink to="/catalog" className="button button--primary">
            Перейти в каталог
          </AppLink>
        </div>
      ) : (
        <div className="cart-page__grid">
          <Form method="post" encType="multipart/form-data" className="ordering-form" {...formProps}>
            <RemovedNotice count={pricing.removed} />
            {formMessage(failed) ? (
              <p className="ordering-form__message" role="alert" data-testid="order-message">
                {formMessage(failed)}
              </p>
            ) : null}
            <input type="hidden" name={ORDER_FIELD.lines} value={hydrated ? lines : ""} />
            <input type="hidden" name={ORDER_FIELD.comment} value={hydrated ? cart.comment : ""} />
            <input type="hidden" name={ORDER_FIELD.imageKeys} value={hydrated ? imageKeys : "[]"} />
            <input type="hidden" name={ORDER_FIELD.idempotencyKey} value={hydrated ? key : ""} />

            <fieldset className="ordering-form__group">
              <legend>Контактные данные</legend>
              <Field meta={fields.representativeName} label="ФИО" errorTestId="error-representativeName" autoComplete="name" maxLength={255} required />
              <Field meta={fields.representativeEmail} label="E-mail" errorTestId="error-representativeEmail" type="email" autoComplete="email" maxLength={320} required />
              <Field
                meta={fields.representativePhone}
                label="Телефон"
                errorTestId="error-representativePhone"
                render={(props) => <PhoneInput className="field__input" {...props} required />}
              />
            </fieldset>

            <DeliveryFields values={values} offices={loaderData.offices} account={account} errors={errors} hydrated={hydrated} />

            <fieldset className="ordering-form__group">
              <legend>Менеджер и реквизиты</legend>
              <label className="field">
                <span className="field__label">Менеджер</span>
                <select className="field__input" name={ORDER_FIELD.manager} defaultValue={values.manager} {...ids("manager").aria}>
                  <option value="">Любой менеджер</option>
                  {loaderData.managers.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.name}
                    </option>
                  ))}
                </select>
              </label>
              {err("manager")}
              {account && account.companies.length > 0 ? (
                <>
                  <label className="field">
                    <span className="field__label">Компания</span>
                    <select className="field__input" name={ORDER_FIELD.legalCompany} defaultValue={values.legalCompany ?? ""} data-testid="legal-company" {...ids("legalCompany").aria}>
                      <option value="">Без компании (реквизиты файлом или позже)</option>
                      {account.companies.map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.title}, ИНН {c.inn}
                        </option>
                      ))}
                    </select>
                  </label>
                  {err("legalCompany")}
                </>
              ) : null}
              {failed?.legalFile ? (
                <p className="ordering-form__file">
                  Реквизиты загружены: {failed.legalFile.name}
                  <input type="hidden" name={ORDER_FIELD.legalFile} value={failed.legalFile.key} />
                  <input type="hidden" name="legalFileName" value={failed.legalFile.name} />
                </p>
              ) : (
                <label className="field">
                  <span className="field__label">Реквизиты компании (необязательно): PDF, PNG, JPEG или WebP, до 10 МБ</span>
                  <FileInput
                    name={ORDER_FIELD.legalFileUpload}
                    accept={UPLOAD_ACCEPT_TYPES}
                    onFile={(file, input) => {
                      const tooBig = Boolean(file && file.size > UPLOAD_MAX_BYTES);
                      if (tooBig) input.value = "";
                      setFileTooBig(tooBig);
                    }}
                    data-testid="legal-file"
                    {...ids("legalFileUpload").aria}
                  />
                </label>
              )}
              {err("legalFileUpload")}
            </fieldset>

            {shown?.error ? <PricingError message={shown.error} retry={pricing.retry} /> : null}
            <OrderBlockNote block={block} pending={pricing.pending} failed={Boolean(shown?.error)} />
            <button type="submit" className="button button--primary button--large" disabled={!canOrder || submitting || pricing.pending} data-testid="send-order">
              {submitting ? "Отправляем…" : "Отправить заказ"}
            </button>
            <p className="ordering-form__agreement">
              Нажимая «Отправить заказ», вы соглашаетесь с <AppLink to="/privacy">политикой обработки персональных данных</AppLink>.
            </p>
          </Form>
          <aside className="cart-summary" aria-label="Ваш заказ">
            <h2 className="cart-summary__title">Ваш заказ</h2>
            <ul className="ordering-lines">
              {view.lines.map((l) => (
                <li key={l.variation}>
                  <span>{l.title}</span>
                  <span>{formatCount(l.count)} шт.</span>
                  {/* A count beyond the stock is ordered as it is; the letter repeats this (ADR 025). */}
                  {l.stockNote ? (
                    <span className="ordering-lines__stock" data-testid="ordering-stock-note">
                      {l.stockNote}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
            <CartTotals view={view} dimmed={pricing.pending} />
            {hydrated && cart.comment.trim() ? (
              <p className="cart-summary__note">
                Комментарий к заказу: <span className="cart-summary__comment">{cart.comment}</span>
              </p>
            ) : null}
            {hydrated && cart.images.length > 0 ? <p className="cart-summary__note">Прикреплено макетов: {cart.images.length}</p> : null}
            <AppLink to="/cart" className="cart-summary__back">
              ← Вернуться в корзину
            </AppLink>
          </aside>
        </div>
      )}
    </section>
  );
}
