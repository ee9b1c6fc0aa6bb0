/**
 * How the order is received (/cart/ordering, §3 order draft): pickup (§9 default) from one of the
 * company's offices — the site's city office first and chosen — or courier and transport-company
 * delivery to an address (ADR 043). What shows follows the chosen radio through CSS (`:has()`), so
 * the form reads right without JavaScript too; with it, the blocks that do not apply are also
 * `hidden` and the address is `required` only for delivery.
 */
import { useState, type ReactNode } from "react";
import { DELIVERY_TYPES, ORDER_FIELD, ORDER_FORM_ID, type OrderAccount, type OrderErrors, type OrderFormValues, type PickupOfficeChoice } from "#app/features/cart/ordering.ts";
import { FieldError, fieldIds } from "#app/lib/form-fields.tsx";

type Errors = OrderErrors;

export function DeliveryFields({
  values,
  offices,
  account,
  errors,
  hydrated,
}: {
  values: OrderFormValues;
  offices: readonly PickupOfficeChoice[];
  account: OrderAccount | null;
  errors: Errors;
  hydrated: boolean;
}) {
  const [delivery, setDelivery] = useState(values.deliveryType);
  const [savedAddress, setSavedAddress] = useState(values.savedAddress ?? "");
  const needsAddress = DELIVERY_TYPES.find((d) => d.value === delivery)?.needsAddress ?? false;
  const pickup = !needsAddress;
  // The office chosen before (a refused submit), else the city's own: the first.
  const chosenOffice = offices.some((o) => String(o.id) === values.pickupOffice) ? values.pickupOffice : String(offices[0]?.id ?? "");

  // The forms layer's ids and ARIA (ADR 046: `ordering-${name}`), the error under the field.
  const ids = (name: keyof Errors) => fieldIds({ formId: ORDER_FORM_ID, name } as Parameters<typeof fieldIds>[0], undefined, errors[name] ?? null);
  const err = (name: keyof Errors): ReactNode => <FieldError id={ids(name).errorId} error={errors[name]} testId={`error-${name}`} />;
  const described = (name: keyof Errors) => ids(name).aria;

  return (
    <fieldset className="ordering-form__group delivery-fields">
      <legend>Получение заказа</legend>
      <div className="ordering-form__radios" role="radiogroup" aria-label="Способ получения">
        {DELIVERY_TYPES.map((d) => (
          <label key={d.value} className="radio">
            <input type="radio" name={ORDER_FIELD.deliveryType} value={d.value} checked={delivery === d.value} onChange={() => setDelivery(d.value)} />
            {d.title}
          </label>
        ))}
      </div>
      {err("deliveryType")}

      <div className="delivery-fields__pickup" hidden={hydrated && !pickup} data-testid="pickup-offices">
        {offices.length > 0 ? (
          <fieldset className="delivery-fields__offices" aria-describedby={errors.pickupOffice ? ids("pickupOffice").errorId : undefined}>
            <legend className="field__label">Где забрать заказ</legend>
            {offices.map((o) => (
              <label key={o.id} className="delivery-fields__office">
                <input type="radio" name={ORDER_FIELD.pickupOffice} value={o.id} defaultChecked={String(o.id) === chosenOffice} />
                <span>
                  <strong>{o.title}</strong>
                  <span className="delivery-fields__office-address">{o.address}</span>
                  <span className="delivery-fields__office-hours">{o.operationMode}</span>
                </span>
              </label>
            ))}
          </fieldset>
        ) : (
          <p className="delivery-fields__note">Адрес офиса для самовывоза сообщит менеджер.</p>
        )}
        {err("pickupOffice")}
      </div>

      <div className="delivery-fields__address" hidden={hydrated && pickup && !errors.shipmentAddress}>
        {account && account.addresses.length > 0 ? (
          <label className="field">
            <span className="field__label">Сохранённый адрес</span>
            <select className="field__input" name={ORDER_FIELD.savedAddress} value={savedAddress} onChange={(e) => setSavedAddress(e.target.value)} data-testid="saved-address">
              {account.addresses.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.address}
                </option>
              ))}
              <option value="">Другой адрес</option>
            </select>
          </label>
        ) : null}
        <label className="field" hidden={hydrated && savedAddress !== "" && Boolean(account?.addresses.length)}>
          <span className="field__label">{account?.addresses.length ? "Другой адрес (если не выбран сохранённый)" : "Адрес доставки"}</span>
          <textarea
            className="field__input"
            name={ORDER_FIELD.address}
            defaultValue={values.shipmentAddress}
            autoComplete="street-address"
            rows={2}
            maxLength={500}
            // Without JavaScript the block may be out of sight: the server asks for the address instead.
            required={hydrated && needsAddress && (savedAddress === "" || !account?.addresses.length)}
            {...described("shipmentAddress")}
          />
        </label>
        {err("shipmentAddress")}
      </div>

      <label className="field">
        <span className="field__label">
          <span className="delivery-fields__when-pickup" hidden={hydrated && !pickup}>
            Когда вам удобно забрать заказ
          </span>
          <span className="delivery-fields__when-delivery" hidden={hydrated && pickup}>
            Желаемые дата и время доставки
          </span>
        </span>
        <input className="field__input" name={ORDER_FIELD.deliveryTime} defaultValue={values.deliveryTime} maxLength={255} placeholder="Например: до 15 декабря, после 14:00" {...described("deliveryTime")} />
      </label>
      {err("deliveryTime")}
    </fieldset>
  );
}
