/**
 * The one-line form of a structured delivery address (contract ShipmentAddress `address`), built
 * by the API when it stores the address and shown by orders and lists. Zod-free so the address
 * form can preview it: "190000, Санкт-Петербург, Невский пр., д. 28, кв. 5".
 */
export interface AddressParts {
  postcode?: string | null;
  city: string;
  street: string;
  house: string;
  flat?: string | null;
}

/**
 * A number typed bare ("28", "28к2") gets its word; one typed with it ("д. 28", "офис 12") stays as typed.
 * (`\b` knows no Cyrillic letters, hence the look-ahead.)
 */
function labelled(value: string, label: string, known: RegExp): string {
  return known.test(value) ? value : `${label} ${value}`;
}

const squash = (value: string | null | undefined) => (value ?? "").replace(/\s+/g, " ").trim();

export function shipmentAddressLine(parts: AddressParts): string {
  const postcode = squash(parts.postcode);
  const city = squash(parts.city);
  const street = squash(parts.street);
  const house = squash(parts.house);
  const flat = squash(parts.flat);
  return [
    postcode,
    city,
    street,
    house && labelled(house, "д.", /^(д|дом|вл|влд|владение|стр|строение|уч|участок)(?![а-яё])/i),
    flat && labelled(flat, "кв.", /^(кв|квартира|оф|офис|пом|помещение|комн|комната)(?![а-яё])/i),
  ]
    .filter((part) => part !== "")
    .join(", ");
}

/** An office's address in one line, as the footer, the ordering page, /thanks and the order letter say it. */
export function officeAddressLine(address: { postalCode?: string | null; city: string; street: string }): string {
  return [squash(address.postalCode), squash(address.city), squash(address.street)].filter(Boolean).join(", ");
}
