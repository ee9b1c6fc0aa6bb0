/**
 * The subscription form (/subscribe, the footer's form): field names, the answer the route action
 * gives the page, and the check the browser runs before sending (`contract/subscription-rules.ts`: the rule
 * the contract's schema is built from, without zod, so the browser and the API refuse exactly the
 * same addresses with the same words).
 */
export { emailProblem } from "#contract/subscription-rules.ts";

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

/** What the page says after a successful request. */
export function successText(answer: Extract<SubscribeAnswer, { ok: true }>): string {
  if (answer.confirmed) return "Этот адрес уже подписан на рассылку. Спасибо, что вы с нами!";
  if (answer.alreadySubscribed) return "Этот адрес уже есть в списке. Если письмо с подтверждением не пришло, проверьте папку «Спам».";
  return "Мы отправили письмо со ссылкой для подтверждения. Откройте его, чтобы получать рассылку.";
}
