/**
 * /thanks (§2): the order is placed. With `?order=ID` it names the order number (and with
 * `&office=N`, a pickup's office: address and hours); either way it says what happens next. Personal (private, noindex); the ordering page clears the local cart before
 * coming here.
 */
import type { Route } from "./+types/thanks";
import { AppLink } from "#app/lib/navigation.tsx";
import { useRootData } from "#app/lib/root-data.ts";
import { SITE_NAME } from "#app/lib/seo.ts";
import { telHref } from "#app/lib/format.ts";
import { pickupOffices } from "#app/features/cart/ordering.server.ts";
import cartStyles from "#app/styles/cart.css?url";

export function loader({ url, context }: Route.LoaderArgs) {
  const raw = url.searchParams.get("order") ?? "";
  // Only a number is an order number; anything else is left out (never echoed).
  const order = /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  // Pickup: the office the order is collected from (an office of the city list; anything else: none).
  const office = url.searchParams.get("office") ?? "";
  const pickup = order !== null && /^\d{1,10}$/.test(office) ? (pickupOffices(context.cities, context.city).find((o) => o.id === Number(office)) ?? null) : null;
  return { order, pickup };
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];

export const meta: Route.MetaFunction = () => [{ title: `Спасибо за заказ | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export default function Thanks({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const phone = root?.contacts.phone;
  const email = root?.contacts.email;
  return (
    <section className="thanks-page">
      <h1>Спасибо за заказ!</h1>
      {loaderData.order !== null ? (
        <p className="thanks-page__number" data-testid="order-number">
          Номер вашего заказа: <strong>№&nbsp;{loaderData.order}</strong>
        </p>
      ) : (
        <p className="thanks-page__number">Ваш заказ принят.</p>
      )}
      {loaderData.pickup ? (
        <div className="thanks-page__pickup" data-testid="thanks-pickup">
          <h2>Где забрать заказ</h2>
          <p>
            <strong>{loaderData.pickup.title}:</strong> {loaderData.pickup.address}
          </p>
          <p className="thanks-page__hours">Часы работы: {loaderData.pickup.operationMode}. Менеджер сообщит, когда заказ будет готов.</p>
        </div>
      ) : null}
      <h2>Что дальше</h2>
      <ol className="thanks-page__steps">
        <li>Мы отправили подтверждение заказа на ваш e-mail.</li>
        <li>Менеджер позвонит или напишет вам в течение одного рабочего дня: уточнит тираж, нанесение, макет и сроки.</li>
        <li>После согласования макета и оплаты счёта заказ уходит в производство, а затем — в доставку выбранным способом.</li>
      </ol>
      {phone || email ? (
        <p className="thanks-page__contacts">
          Есть вопросы по заказу? {phone ? <a href={telHref(phone)}>{phone}</a> : null}
          {phone && email ? " или " : null}
          {email ? <a href={`mailto:${email}`}>{email}</a> : null}
          {loaderData.order !== null ? `, назовите номер заказа ${loaderData.order}.` : "."}
        </p>
      ) : null}
      <AppLink to="/catalog" className="button button--primary">
        Продолжить покупки
      </AppLink>
    </section>
  );
}
