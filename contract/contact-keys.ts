/** Names of the known contact entries; every other entry is bank data (§3). No zod here: the browser imports it. */
export const CONTACT_KEYS = {
  phone: "companyPhoneNumber",
  email: "companyGeneralEmail",
  headsEmail: "companyHeadsEmail",
  operationMode: "operationMode",
  /** JSON string: { city, street, postalCode } (§3). Malformed JSON is ignored (§8). */
  officeAddress: "officeAddress",
  legalAddress: "legalAddress",
  /** "lat,lon" */
  coordinates: "coordinates",
} as const;
