import type { Contact } from "#contract/content.ts";
import { CONTACT_KEYS } from "#contract/contact-keys.ts";
import { formatPhone } from "#contract/phone.ts";

export interface OfficeAddress {
  city: string;
  street: string;
  postalCode: string;
}

export interface CompanyContacts {
  phone: string | null;
  email: string | null;
  headsEmail: string | null;
  operationMode: string | null;
  officeAddress: OfficeAddress | null;
  legalAddress: string | null;
  coordinates: { lat: number; lon: number } | null;
  /** §3: the remaining contact entries are bank data, as name/value pairs. */
  bankData: { name: string; title: string; value: string }[];
}

const known = new Set<string>(Object.values(CONTACT_KEYS));

/** §8: a malformed office-address value is silently ignored. */
export function parseOfficeAddress(value: string | undefined): OfficeAddress | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<OfficeAddress> | null;
    if (!parsed || typeof parsed !== "object" || typeof parsed.street !== "string") return null;
    return { city: String(parsed.city ?? ""), street: parsed.street, postalCode: String(parsed.postalCode ?? "") };
  } catch {
    return null;
  }
}

export function parseCoordinates(value: string | undefined): { lat: number; lon: number } | null {
  const [lat, lon] = (value ?? "").split(",").map((p) => Number(p.trim()));
  return Number.isFinite(lat) && Number.isFinite(lon) && value ? { lat, lon } : null;
}

export function deriveContacts(contacts: Contact[]): CompanyContacts {
  const byName = new Map(contacts.map((c) => [c.name, c.value]));
  const text = (name: string) => byName.get(name)?.trim() || null;
  return {
    // However the content service spells it, people read "+7 (812) 407-26-15".
    phone: officePhone(text(CONTACT_KEYS.phone)),
    email: text(CONTACT_KEYS.email),
    headsEmail: text(CONTACT_KEYS.headsEmail),
    operationMode: text(CONTACT_KEYS.operationMode),
    officeAddress: parseOfficeAddress(byName.get(CONTACT_KEYS.officeAddress)),
    legalAddress: text(CONTACT_KEYS.legalAddress),
    coordinates: parseCoordinates(byName.get(CONTACT_KEYS.coordinates)),
    bankData: contacts.filter((c) => !known.has(c.name)).map(({ name, title, value }) => ({ name, title, value })),
  };
}

/** A shop phone as shown to people ("+78124072615" → "+7 (812) 407-26-15"); other numbers as given. */
export function officePhone(phone: string | null | undefined): string | null {
  return phone ? formatPhone(phone) : null;
}
