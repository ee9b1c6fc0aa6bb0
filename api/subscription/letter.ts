/**
 * The letter that asks to confirm a newsletter subscription: plain text, the link and what the
 * subscriber will get. The address itself is personal data (hidden in the production log).
 */
import type { MailMessage } from "../mail/mailer";

export interface ConfirmationLetter {
  email: string;
  /** Absolute link to the storefront's /subscribe/confirm?token=… */
  confirmUrl: string;
  shopName: string;
  /** Days the link stays valid. */
  validDays: number;
}

export function subscriptionConfirmation(letter: ConfirmationLetter): MailMessage {
  const text = [
    "Здравствуйте!",
    "",
    `Этот адрес указали при подписке на рассылку ${letter.shopName}: новинки каталога, акции и идеи корпоративных подарков, не чаще раза в неделю.`,
    "",
    "Чтобы подтвердить подписку, откройте ссылку:",
    letter.confirmUrl,
    "",
    `Ссылка действует ${letter.validDays} дней. Если вы не подписывались, просто не отвечайте на это письмо: без подтверждения рассылка не придёт.`,
    "",
    `С уважением, ${letter.shopName}`,
  ].join("\n");
  return {
    to: letter.email,
    subject: `Подтвердите подписку на рассылку ${letter.shopName}`,
    text,
    // The token in the link confirms the subscription: the production log hides it too.
    personal: [letter.email, letter.confirmUrl],
  };
}
