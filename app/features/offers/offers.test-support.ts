/**
 * For route tests: offers as the contract gives them (kp/list's summaries, kp/read's offer), the
 * demo manager's, with whatever a test changes.
 */
import { Kp, KpSummary } from "#contract/kp.ts";

/** The demo manager as an offer names him (manager@demo.ru, id 7). */
export const OFFER_MANAGER = { id: 7, name: "Игорь Лебедев", email: "manager@demo.ru", phone: "+79215550102", avatar: null };

/** One row of kp/list: an active offer of the demo manager's, one line, no client. */
export function offerSummary(id: number, patch: Partial<KpSummary> = {}): KpSummary {
  return KpSummary.parse({
    id,
    publicId: `pub${id}`,
    title: `Предложение ${id}`,
    totalPrice: 1000,
    createdAt: "2026-11-20T07:00:00.000Z",
    updatedAt: "2026-11-20T07:00:00.000Z",
    isActive: true,
    isHidden: false,
    isFavorite: false,
    itemsCount: 1,
    manager: OFFER_MANAGER,
    client: null,
    representative: null,
    purpose: null,
    delay: null,
    canEdit: true,
    ...patch,
  });
}

/** kp/read's offer: the summary with its version, prices and lines (none unless the test gives them). */
export function offerDetail(id: number, patch: Record<string, unknown> = {}): Kp {
  return Kp.parse({ ...offerSummary(id), version: 1, comment: null, itemsPrice: 0, printPrice: 0, items: [], ...patch });
}
