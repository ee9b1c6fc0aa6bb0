/**
 * Outgoing mail of the reference API: order confirmations now, account and subscription letters
 * later (they build a MailMessage and call `send`).
 *
 * Transports:
 * - SMTP_URL set (smtp://user:pass@host:587, smtps://…:465): nodemailer's SMTP transport, one
 *   pooled connection reused between letters; nodemailer is loaded on the first letter;
 * - unset (development, demo, tests): the letter is written to the server log as one readable
 *   block, so a developer sees exactly what a customer would get. With APP_ENV=production the log
 *   is no place for customers' personal data: the recipient and the letter's `personal` values
 *   (name, phone, e-mail, address, comments) are replaced by "[скрыто]", and any other e-mail
 *   address or phone-like number too; the order number and totals stay;
 * - tests may pass their own `MailTransport`.
 *
 * `send` never throws: a letter that cannot be sent is logged and reported as `false`. What made
 * the letter (an order) is already stored and must not fail because mail is down.
 */

import { RateLimited, type Limits } from "../../limits/limiter";
import { log, notice } from "../../log/logger";

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text: every letter has it. */
  text: string;
  html?: string;
  replyTo?: string;
  /** Values in the letter that are the recipient's personal data: the production log hides them. */
  personal?: readonly string[];
  /** Files sent with the letter (an offer's PDF). */
  attachments?: readonly MailAttachment[];
}

export interface MailAttachment {
  /** "КП 2026-000124.pdf" */
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface MailTransport {
  /** Human-readable, for the start-up log. */
  describe: string;
  deliver(message: MailMessage & { from: string }): Promise<void>;
  close?(): void;
}

export interface Mailer {
  readonly describe: string;
  /** True when the transport took the letter; false (logged) when it failed. */
  send(message: MailMessage): Promise<boolean>;
  close(): void;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL; unset = the log transport. */
  smtpUrl?: string;
  /** From header, e.g. `ТМГ <info@tmg-podarki.ru>`. */
  from?: string;
  transport?: MailTransport;
  /** Where the log transport writes (a notice line, log/logger.ts, by default). */
  log?: (line: string) => void;
  logError?: (message: string, error: unknown) => void;
  /** Hide personal data in the log transport; by default in production (isProductionEnv). */
  redactLog?: boolean;
}

export const DEFAULT_MAIL_FROM = "ТМГ <info@tmg-podarki.ru>";
export const REDACTED = "[скрыто]";

/**
 * Production is APP_ENV=production and nothing else (issue 25). NODE_ENV only says how the code
 * was built: `npm start` sets NODE_ENV=production for every run, the demo stand's included, and
 * APP_ENV defaults to demo (§9, app/lib/env.server.ts), where the README promises the links and
 * codes in the log. The production environment names itself with APP_ENV=production (which also
 * requires AUTH_SECRET and stops the demo accounts and the logged SMS codes).
 */
export function isProductionEnv(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  return env.APP_ENV?.trim() === "production";
}

const EMAIL_LIKE = /[^\s<>()[\],;:"]+@[^\s<>()[\],;:"]+/g;
/**
 * "+7 (921) 123-45-67", "89211234567": 10+ characters of digits and phone punctuation on one line,
 * not inside a word or an SKU ("MG-000001-01"), and not a sum in ₽ (nor a part of one).
 */
const PHONE_LIKE = /(?<![\w-])\+?\d[\d \t()-]{8,}\d(?!\d|[ \t]\d|,\d|[ \t]*₽)/g;

/** The letter without its recipient's personal data (the production log). */
export function redactLetter(text: string, personal: readonly string[] = []): string {
  let out = text;
  for (const value of [...personal].map((v) => v.trim()).filter((v) => v.length >= 2).sort((a, b) => b.length - a.length)) {
    out = out.split(value).join(REDACTED);
  }
  return out.replace(EMAIL_LIKE, REDACTED).replace(PHONE_LIKE, REDACTED);
}

/** The letter as one block in the server log; `redact`: without personal data (production). */
export function logTransport(write: (text: string) => void = (text) => notice.info({ delivery: "mail" }, text), { redact = false }: { redact?: boolean } = {}): MailTransport {
  return {
    describe: `mail to the server log (SMTP_URL unset${redact ? ", personal data hidden" : ""})`,
    async deliver(message) {
      const rule = "─".repeat(72);
      const to = redact ? REDACTED : message.to;
      const head = [`From: ${message.from}`, `To: ${to}`, ...(message.replyTo ? [`Reply-To: ${message.replyTo}`] : []), `Subject: ${message.subject}`];
      const text = redact ? redactLetter(message.text, message.personal) : message.text;
      // The log names a file, never prints its bytes.
      const files = (message.attachments ?? []).map((a) => `Вложение: ${a.filename} (${a.contentType}, ${a.content.byteLength} байт)`);
      write([`[mail] ${rule}`, ...head, "", text.trimEnd(), ...(files.length ? ["", ...files] : []), rule].join("\n"));
    },
  };
}

interface NodemailerLike {
  createTransport(url: string): {
    sendMail(message: Record<string, unknown>): Promise<unknown>;
    close(): void;
  };
}

/** nodemailer over SMTP_URL. */
export function smtpTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl);
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") throw new Error(`SMTP_URL must be smtp:// or smtps://, not ${url.protocol}`);
  let transporter: ReturnType<NodemailerLike["createTransport"]> | undefined;
  // The module name is a variable so that type checking does not need nodemailer's types.
  const moduleName = "nodemailer";
  const connect = async () => {
    const mod = (await import(moduleName)) as { default?: NodemailerLike } & NodemailerLike;
    const nodemailer = mod.default ?? mod;
    const pooled = new URL(smtpUrl);
    if (!pooled.searchParams.has("pool")) pooled.searchParams.set("pool", "true");
    return (transporter ??= nodemailer.createTransport(pooled.href));
  };
  return {
    describe: `mail over SMTP ${url.hostname}:${url.port || (url.protocol === "smtps:" ? 465 : 587)}`,
    async deliver(message) {
      const { personal: _personal, attachments, ...letter } = message;
      const files = attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength) }));
      await (await connect()).sendMail({ ...letter, ...(files?.length ? { attachments: files } : {}) });
    },
    close: () => transporter?.close(),
  };
}

export function createMailer(options: MailerOptions = {}): Mailer {
  const transport =
    options.transport ??
    (options.smtpUrl ? smtpTransport(options.smtpUrl) : logTransport(options.log, { redact: options.redactLog ?? isProductionEnv() }));
  const from = options.from ?? DEFAULT_MAIL_FROM;
  const logError = options.logError ?? ((message: string, error: unknown) => log.error({ err: error }, message));
  return {
    describe: transport.describe,
    async send(message) {
      try {
        await transport.deliver({ ...message, from });
        return true;
      } catch (error) {
        // No address in the log line: it is the customer's personal data.
        logError(`[mail] «${message.subject}» not sent:`, error instanceof Error ? error.message : error);
        return false;
      }
    },
    close: () => transport.close?.(),
  };
}


/**
 * Letters to one address are limited (issue 25: thirty orders mailed "Заказ № N принят" with an
 * attacker's text to any address), whatever sent them: order confirmations, subscription and auth
 * letters (limits/tiers.ts `letter`). A letter over the limit is skipped and logged, never thrown:
 * what made it (an order, a subscription) is already saved. The log names no address.
 */
export function recipientLimited(mailer: Mailer, limits: Pick<Limits, "consume">, logError: (message: string) => void = (message) => log.error(message)): Mailer {
  return {
    describe: mailer.describe,
    async send(message) {
      try {
        await limits.consume("letter", message.to.trim().toLowerCase());
      } catch (error) {
        if (error instanceof RateLimited) {
          logError(`[mail] «${message.subject}» skipped: too many letters to one address (${error.retryAfterS} s)`);
          return false;
        }
        // The count could not be kept: the letter goes (send never throws).
        logError(`[mail] letter limit unavailable: ${error instanceof Error ? error.message : String(error)}`);
      }
      return mailer.send(message);
    },
    close: () => mailer.close(),
  };
}
