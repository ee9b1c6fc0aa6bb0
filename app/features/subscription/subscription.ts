/**
 * The subscription form (/subscribe, the footer's form): field names, the answer the route action
 * gives the page, and the check the browser runs before sending (the contract's own schema, so the
 * browser and the API refuse exactly the same addresses with the same words).
 */
import { SubscriptionRequest } from "#contract/subscription.ts";

export const SUBSCRIBE_PATH = "/subscribe";

export const SUBSCRIBE_FIELD = {
  email: "email",
  /**
   * Honeypot: a field people never see (off-screen, out of the tab order, no autofill) and bots
   * that fill every input do. A filled one gets the success answer and nothing is stored or sent.
   */
  trap: "website",
} as const;

export type SubscribeAnswer =
  | { ok: true; email: string; alreadySubscribed: boolean; confirmed: boolean }
  | { ok: false; email: string; message: string | null; errors: { email?: string } };

/** The first problem with the typed address (Russian, as the API would say it), or null. */
export function emailProblem(value: string): string | null {
  const parsed = SubscriptionRequest.safeParse({ email: value });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** What the page says after a successful request. */
export function successText(answer: Extract<SubscribeAnswer, { ok: true }>): string {
  if (answer.confirmed) return "Этот адрес уже подписан на рассылку. Спасибо, что вы с нами!";
  if (answer.alreadySubscribed) return "Этот адрес уже есть в списке. Если письмо с подтверждением не пришло, проверьте папку «Спам».";
  return "Мы отправили письмо со ссылкой для подтверждения. Откройте его, чтобы получать рассылку.";
}
