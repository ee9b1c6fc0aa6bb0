/**
 * What changed between two states of an offer (ADR 051): two sent versions (kp/versions/{id}/diff),
 * or what a stale kp/update sent against what is stored (its 409). Lines are matched by SKU, in
 * order; a line only in `to` is added, only in `from` removed; a matched line reports its count,
 * unit price and print; header fields by name.
 */
import type { KpChange } from "../../contract/index";

export interface OfferState {
  fields: Record<string, string | number | null>;
  lines: { key: string; title: string; count: number; unitPrice: number; printPrice: number }[];
}

const FIELD_TITLES: Record<string, string> = {
  title: "Название",
  client: "Клиент",
  representative: "Представитель",
  delay: "Отсрочка платежа",
  validUntil: "Действительно до",
  vat: "НДС",
  total: "Итого",
};

export function diffStates(from: OfferState, to: OfferState): KpChange[] {
  const changes: KpChange[] = [];
  for (const [key, before] of Object.entries(from.fields)) {
    const after = to.fields[key] ?? null;
    if ((before ?? null) !== after) changes.push({ kind: "field", key, title: FIELD_TITLES[key] ?? key, from: before ?? null, to: after });
  }
  const remaining = new Map<string, OfferState["lines"]>();
  for (const line of to.lines) remaining.set(line.key, [...(remaining.get(line.key) ?? []), line]);
  for (const a of from.lines) {
    const b = remaining.get(a.key)?.shift();
    if (!b) {
      changes.push({ kind: "removed", key: a.key, title: a.title, from: a.count, to: null });
      continue;
    }
    if (a.count !== b.count) changes.push({ kind: "count", key: a.key, title: a.title, from: a.count, to: b.count });
    if (a.unitPrice !== b.unitPrice) changes.push({ kind: "price", key: a.key, title: a.title, from: a.unitPrice, to: b.unitPrice });
    if (a.printPrice !== b.printPrice) changes.push({ kind: "print", key: a.key, title: a.title, from: a.printPrice, to: b.printPrice });
  }
  for (const lines of remaining.values()) for (const b of lines) changes.push({ kind: "added", key: b.key, title: b.title, from: null, to: b.count });
  return changes;
}
