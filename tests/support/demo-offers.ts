/**
 * The demo manager's offers through the API (manager@demo.ru, as the storefront's client calls it):
 * their public ids by state (open, accepted, closed), and a fresh offer sent for a test to accept,
 * so no spec accepts an offer another spec relies on. The e2e specs share one server's database.
 */
import { expect, type APIRequestContext } from "@playwright/test";
import type { KpSummary } from "#contract/kp.ts";
import { DEMO_PASSWORD } from "./demo-login.ts";

export const DEMO_MANAGER = "manager@demo.ru";

export async function managerToken(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/auth/login", { data: { email: DEMO_MANAGER, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { authenticated: { token: string } } }).data.authenticated.token;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function managerOffers(request: APIRequestContext, token: string): Promise<KpSummary[]> {
  const res = await request.get("/api/kp/list?limit=100", { headers: auth(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { elements: KpSummary[] } }).data.elements;
}

/** The demo data's offers by what their public page shows (api/account/demo-data.ts: one accepted, one expired). */
export async function demoPublicIds(request: APIRequestContext): Promise<{ open: string; accepted: string; closed: string }> {
  const offers = await managerOffers(request, await managerToken(request));
  const open = offers.find((o) => o.isActive && !o.isExpired && o.sentVersion !== null && o.acceptedVersion === null);
  const accepted = offers.find((o) => o.isActive && !o.isExpired && o.acceptedVersion !== null);
  const closed = offers.find((o) => o.isExpired || !o.isActive);
  expect(open && accepted && closed, "the demo manager has an open, an accepted and a closed offer").toBeTruthy();
  return { open: open!.publicId, accepted: accepted!.publicId, closed: closed!.publicId };
}

/**
 * A copy of an open demo offer (a new number and public id), sent: a version the client can accept.
 * The copy is not addressed to anyone else's list in another spec; `removeOffer` deletes it after.
 */
export async function freshSentOffer(request: APIRequestContext, token: string): Promise<{ id: number; publicId: string; number: string; title: string }> {
  const offers = await managerOffers(request, token);
  // A demo offer itself, not an earlier test's copy (a copy of a copy would say «(копия) (копия)»).
  const source = offers.find((o) => o.isActive && !o.isExpired && o.sentVersion !== null && !/копия/.test(o.title) && !o.representative?.email?.includes("user@demo.ru"));
  expect(source, "an open demo offer to copy").toBeTruthy();
  const copy = await request.post(`/api/kp/copy/${source!.id}`, { headers: auth(token) });
  expect(copy.status()).toBe(200);
  const offer = ((await copy.json()) as { data: KpSummary }).data;
  const sent = await request.post(`/api/kp/send/${offer.id}`, { headers: auth(token) });
  expect(sent.status()).toBe(200);
  return { id: offer.id, publicId: offer.publicId, number: offer.number!, title: offer.title };
}

export async function removeOffer(request: APIRequestContext, token: string, id: number): Promise<void> {
  await request.delete(`/api/kp/delete/${id}`, { headers: auth(token) });
}

export async function deactivateOffer(request: APIRequestContext, token: string, id: number): Promise<void> {
  expect((await request.post(`/api/kp/deactivate/${id}`, { headers: auth(token) })).status()).toBe(200);
}
