/**
 * /profile's delivery addresses (issue 19: city, street, house, flat, postcode, comment; one is the
 * default): the list, "Изменить" as a link (?address=ID), add in a disclosure, delete behind a
 * confirming disclosure, all plain forms. With DADATA_API_KEY set, a search field above the form
 * fills it from DaData's suggestions (after hydration; the fields alone work without it).
 */
import { useEffect, useRef, useState } from "react";
import { Form, useFetcher } from "react-router";
import type { ShipmentAddress } from "#contract/profile.ts";
import { AppLink } from "#app/lib/navigation.tsx";
import { EMPTY_ADDRESS, type AddressField, type AddressValues } from "./forms.ts";
import { Field, FormMessage, useShopForm } from "#app/lib/form-fields.tsx";
import { formMessage } from "#app/lib/forms.ts";
import { SubmitButton } from "./profile-sections.tsx";
import type { ProfileAnswer } from "./profile-actions.server.ts";
import type { AddressSuggestion } from "./dadata.server.ts";
import { quoted } from "#contract/quotes.ts";

export const ADDRESS_SUGGEST_PATH = "/profile/address-suggest";

function valuesOf(a: ShipmentAddress): AddressValues {
  return { city: a.city, street: a.street, house: a.house, flat: a.flat ?? "", postcode: a.postcode ?? "", comment: a.comment ?? "", isDefault: a.isDefault };
}

export function AddressSection({
  addresses,
  failed,
  editId,
  suggestions,
  answer,
}: {
  addresses: ShipmentAddress[];
  failed: boolean;
  editId: number | null;
  suggestions: boolean;
  answer: ProfileAnswer | null;
}) {
  const mine = answer && answer.formIntent?.startsWith("address-") ? answer : null;
  const newFailed = mine?.formIntent === "address-save" && mine.addressId === null ? mine : null;
  return (
    <section className="account-card" id="addresses" aria-labelledby="addresses-title">
      <h2 id="addresses-title">Адреса доставки</h2>
      {failed ? <p className="account-message account-message--error">Не удалось загрузить адреса. Обновите страницу через минуту.</p> : null}
      {mine && mine.status === "error" && mine.formIntent !== "address-save" ? <FormMessage message={formMessage(mine)} /> : null}
      {addresses.length === 0 && !failed ? <p className="account-empty">Сохранённых адресов пока нет. Добавьте адрес — его можно будет выбрать при оформлении заказа.</p> : null}
      <ul className="address-list">
        {addresses.map((a) => {
          const editing = editId === a.id || (mine?.formIntent === "address-save" && mine.addressId === a.id);
          const failedHere = mine?.formIntent === "address-save" && mine.addressId === a.id ? mine : null;
          return (
            <li key={a.id} className="address-card" data-testid="address-card">
              {editing ? (
                <AddressForm id={a.id} values={valuesOf(a)} answer={failedHere} suggestions={suggestions} />
              ) : (
                <>
                  <p className="address-card__line">
                    {a.address}
                    {a.isDefault ? <span className="status-badge status-badge--ok">основной</span> : null}
                  </p>
                  {a.comment ? <p className="address-card__comment">{a.comment}</p> : null}
                  <div className="address-card__actions">
                    <AppLink className="button button--small" to={`/profile?address=${a.id}#address-${a.id}`} preventScrollReset aria-label={`Изменить адрес: ${a.address}`}>
                      Изменить
                    </AppLink>
                    {a.isDefault ? null : (
                      <Form method="post" noValidate action="/profile" preventScrollReset>
                        <input type="hidden" name="id" value={a.id} />
                        <SubmitButton intent="address-default" busy="Сохраняем…" className="button button--small">
                          Сделать основным
                        </SubmitButton>
                      </Form>
                    )}
                    <details className="confirm">
                      <summary className="button button--small">Удалить</summary>
                      <Form method="post" noValidate action="/profile" className="confirm__body" preventScrollReset>
                        <p>Удалить адрес {quoted(a.address)}?</p>
                        <input type="hidden" name="id" value={a.id} />
                        <SubmitButton intent="address-delete" busy="Удаляем…" className="button button--danger button--small">
                          Да, удалить
                        </SubmitButton>
                      </Form>
                    </details>
                  </div>
                </>
              )}
            </li>
          );
        })}
      </ul>
      <details className="address-new" open={Boolean(newFailed) || undefined}>
        <summary className="button">Добавить адрес</summary>
        <AddressForm id={null} values={{ ...EMPTY_ADDRESS, isDefault: addresses.length === 0 }} answer={newFailed} suggestions={suggestions} />
      </details>
    </section>
  );
}

function AddressForm({ id, values, answer, suggestions }: { id: number | null; values: AddressValues; answer: ProfileAnswer | null; suggestions: boolean }) {
  const scope = id === null ? "address-new" : `address-${id}`;
  const formRef = useRef<HTMLFormElement>(null);
  const { fields, formProps } = useShopForm<Record<AddressField, string> & { isDefault: string }>({
    id: scope,
    lastResult: answer,
    defaultValue: { ...values, isDefault: values.isDefault ? "on" : "" },
  });
  return (
    <Form method="post" action="/profile" className="account-form address-form" ref={formRef} preventScrollReset aria-label={id === null ? "Новый адрес" : "Изменение адреса"} {...formProps}>
      {id !== null ? <input type="hidden" name="id" value={id} /> : null}
      {suggestions ? <AddressSuggest scope={scope} formRef={formRef} /> : null}
      <div className="address-form__grid">
        <Field meta={fields.city} label="Город или населённый пункт" autoComplete="address-level2" maxLength={100} required className="address-form__wide" />
        <Field meta={fields.street} label="Улица" autoComplete="address-line1" maxLength={200} required className="address-form__wide" />
        <Field meta={fields.house} label="Дом, корпус" maxLength={30} required />
        <Field meta={fields.flat} label="Квартира, офис" maxLength={30} />
        <Field meta={fields.postcode} label="Индекс" autoComplete="postal-code" inputMode="numeric" pattern="\d{6}" maxLength={6} />
        <Field meta={fields.comment} label="Комментарий для курьера" maxLength={500} className="address-form__wide" />
      </div>
      <label className="checkbox">
        <input type="checkbox" name="isDefault" key={fields.isDefault.key} defaultChecked={fields.isDefault.initialValue === "on"} /> Основной адрес
      </label>
      <FormMessage message={formMessage(answer)} />
      <div className="account-form__actions">
        <SubmitButton intent="address-save" busy="Сохраняем…">
          {id === null ? "Добавить" : "Сохранить"}
        </SubmitButton>
        {id !== null ? (
          <AppLink className="button" to="/profile#addresses" preventScrollReset>
            Отмена
          </AppLink>
        ) : null}
      </div>
    </Form>
  );
}

/** The DaData search over the form (only with JavaScript: it fills the plain fields below). */
function AddressSuggest({ scope, formRef }: { scope: string; formRef: React.RefObject<HTMLFormElement | null> }) {
  const fetcher = useFetcher<{ suggestions: AddressSuggestion[] }>();
  const [hydrated, setHydrated] = useState(false);
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (query.trim().length < 3) return;
    const timer = setTimeout(() => fetcher.load(`${ADDRESS_SUGGEST_PATH}?query=${encodeURIComponent(query)}`), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fetcher.load is stable enough; the query drives it
  }, [query]);
  if (!hydrated) return null;
  const list = open && query.trim().length >= 3 ? (fetcher.data?.suggestions ?? []) : [];
  const listId = `${scope}-suggestions`;
  const pick = (s: AddressSuggestion) => {
    const form = formRef.current;
    if (!form) return;
    for (const key of ["city", "street", "house", "flat", "postcode"] as const) {
      const input = form.elements.namedItem(key);
      if (input instanceof HTMLInputElement) input.value = s[key];
    }
    setQuery(s.value);
    setOpen(false);
  };
  return (
    <div className="field account-field address-suggest">
      <label className="field__label" htmlFor={`${scope}-search`}>
        Найти адрес — поля ниже заполнятся сами
      </label>
      <input
        className="field__input"
        id={`${scope}-search`}
        type="text"
        aria-controls={listId}
        autoComplete="off"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
        }}
        placeholder="Например: Москва, Тверская 7"
      />
      {list.length > 0 ? (
        <ul className="address-suggest__list" id={listId} aria-label="Найденные адреса">
          {list.map((s) => (
            <li key={s.value}>
              <button type="button" onClick={() => pick(s)}>
                {s.value}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
