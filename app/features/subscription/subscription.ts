/**
 * The subscription form (/subscribe, the footer's form): field names, the reply type of the route
 * action (types only: the footer's chunk stays free of zod and Conform), and the check the browser runs before sending (`contract/subscription-rules.ts`: the rule
 * the contract's schema is built from, without zod, so the browser and the API refuse exactly the
 * same addresses with the same words).
 */
import type { FormReply } from "#app/lib/forms.ts";

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

/**
 * The action's answer (ADR 046): Conform's reply (the error under the field or above the form,
 * the address typed) and, on success, what the API said about the address.
 */
export type SubscribeReply = FormReply & { alreadySubscribed?: boolean; confirmed?: boolean };

/** What the page says after a successful request. */
export function successText(answer: Pick<SubscribeReply, "alreadySubscribed" | "confirmed">): string {
  if (answer.confirmed) return "Этот адрес уже подписан на рассылку. Спасибо, что вы с нами!";
  if (answer.alreadySubscribed) return "Этот адрес уже есть в списке. Если письмо с подтверждением не пришло, проверьте папку «Спам».";
  return "Мы отправили письмо со ссылкой для подтверждения. Откройте его, чтобы получать рассылку.";
}
