/** What the offer list's rows and filters show, cut from the contract's KpSummary. Pure. */
import type { KpFilterOption, KpSummary } from "#contract/kp.ts";
import type { IdFilter } from "./list-query.ts";

export interface OfferRow {
  id: number;
  title: string;
  totalPrice: number;
  createdAt: string;
  isActive: boolean;
  /** On /cp/hidden: deactivated (the public link closed) or hidden (ADR 051 addendum). */
  isHidden: boolean;
  isFavorite: boolean;
  /** Where it stands with the client (the second badge): accepted version, last sent one, past its validity. */
  acceptedVersion: number | null;
  sentVersion: number | null;
  isExpired: boolean;
  /** ADR 051: whether the caller may change it (a customer's addressed offers: no). */
  canEdit: boolean;
  itemsCount: number;
  client: string | null;
  representative: string | null;
  purpose: string | null;
  manager: string;
}

export type FilterOptions = Record<IdFilter, KpFilterOption[]>;

export function offerRow(o: KpSummary): OfferRow {
  return {
    id: o.id,
    title: o.title,
    totalPrice: o.totalPrice,
    createdAt: o.createdAt,
    acceptedVersion: o.acceptedVersion,
    sentVersion: o.sentVersion,
    isExpired: o.isExpired,
    isActive: o.isActive,
    isHidden: o.isHidden,
    isFavorite: o.isFavorite,
    canEdit: o.canEdit,
    itemsCount: o.itemsCount,
    client: o.client?.title ?? null,
    representative: o.representative?.name ?? null,
    purpose: o.purpose?.title ?? null,
    manager: o.manager.name,
  };
}

/** An offer's address. */
export const offerHref = (id: number) => `/cp/${id}`;
