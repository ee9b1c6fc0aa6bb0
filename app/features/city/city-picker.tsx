import { Form } from "react-router";
import type { City } from "#contract/content.ts";
import { Icon } from "#app/components/ui/icon.tsx";

/**
 * Header city picker. A <details> with a POST form: it works without JavaScript, and the
 * server moves the visitor to the city's host (msk. for Москва, §1) with the cookie set.
 */
export function CityPicker({
  city,
  cities,
  redirectTo,
  ref,
}: {
  city: Pick<City, "id" | "title">;
  cities: Pick<City, "id" | "title">[];
  redirectTo: string;
  /** The <details>: the city suggestion (ADR 062) opens it for "Выбрать другой". */
  ref?: React.Ref<HTMLDetailsElement>;
}) {
  return (
    <details className="city-picker" ref={ref}>
      <summary className="city-picker__toggle">
        <Icon name="pin" size={18} />
        <span className="visually-hidden">Ваш город: </span>
        {city.title}
      </summary>
      <Form reloadDocument method="post" action="/city" className="city-picker__panel">
        <p className="city-picker__title">Выберите город</p>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {cities.map((c) => (
          <button key={c.id} type="submit" name="cityId" value={c.id} className="city-picker__option" aria-current={c.id === city.id ? "true" : undefined}>
            {c.title}
          </button>
        ))}
      </Form>
    </details>
  );
}
