/**
 * Account letters (issue 19): e-mail confirmation and password reset. Plain text like the
 * subscription letter; the link carries a one-time token, so it is `personal` (the production log
 * hides it together with the address).
 */
import type { MailMessage } from "../mail/mailer";
import { SHOP_NAME } from "../db/seed/content-data";
import { CODE_TTL_MS } from "./codes";

const minutes = Math.round(CODE_TTL_MS / 60_000);

export function emailConfirmationLetter(input: { email: string; url: string; name?: string | null }): MailMessage {
  const text = [
    input.name ? `Здравствуйте, ${input.name}!` : "Здравствуйте!",
    "",
    `Этот адрес указали в личном кабинете ${SHOP_NAME}. Чтобы подтвердить его, откройте ссылку:`,
    input.url,
    "",
    `Ссылка действует ${minutes} минут и открывается один раз. Если вы не регистрировались у нас, просто удалите это письмо: без подтверждения адрес к аккаунту не привяжется.`,
    "",
    `С уважением, ${SHOP_NAME}`,
  ].join("\n");
  return { to: input.email, subject: `Подтвердите e-mail в ${SHOP_NAME}`, text, personal: [input.email, input.url, ...(input.name ? [input.name] : [])] };
}

export function passwordResetLetter(input: { email: string; url: string; name?: string | null }): MailMessage {
  const text = [
    input.name ? `Здравствуйте, ${input.name}!` : "Здравствуйте!",
    "",
    `Кто-то (надеемся, вы) попросил восстановить пароль от личного кабинета ${SHOP_NAME}. Чтобы задать новый пароль, откройте ссылку:`,
    input.url,
    "",
    `Ссылка действует ${minutes} минут и открывается один раз. После смены пароля все входы на других устройствах завершатся.`,
    "Если вы не просили восстановить пароль, просто удалите это письмо: пароль останется прежним.",
    "",
    `С уважением, ${SHOP_NAME}`,
  ].join("\n");
  return { to: input.email, subject: `Восстановление пароля в ${SHOP_NAME}`, text, personal: [input.email, input.url, ...(input.name ? [input.name] : [])] };
}
