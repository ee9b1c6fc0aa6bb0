/**
 * Outgoing mail of the reference API: order confirmations now, account and subscription letters
 * later (they build a MailMessage and call `send`).
 *
 * Transports:
 * - SMTP_URL set (smtp://user:pass@host:587, smtps://…:465): nodemailer's SMTP transport, one
 *   pooled connection reused between letters; nodemailer is loaded on the first letter;
 * - unset (development, demo, tests): the letter is written to the server log as one readable
 *   block, so a developer sees exactly what a customer would get;
 * - tests may pass their own `MailTransport`.
 *
 * `send` never throws: a letter that cannot be sent is logged and reported as `false`. What made
 * the letter (an order) is already stored and must not fail because mail is down.
 */

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text: every letter has it. */
  text: string;
  html?: string;
  replyTo?: string;
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
  /** Where the log transport writes and failures go (console by default). */
  log?: (line: string) => void;
  logError?: (message: string, error: unknown) => void;
}

export const DEFAULT_MAIL_FROM = "ТМГ <info@tmg-podarki.ru>";

/** The letter as one block in the server log. */
export function logTransport(log: (line: string) => void = (line) => console.log(line)): MailTransport {
  return {
    describe: "mail to the server log (SMTP_URL unset)",
    async deliver(message) {
      const rule = "─".repeat(72);
      const head = [`From: ${message.from}`, `To: ${message.to}`, ...(message.replyTo ? [`Reply-To: ${message.replyTo}`] : []), `Subject: ${message.subject}`];
      log([`[mail] ${rule}`, ...head, "", message.text.trimEnd(), rule].join("\n"));
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
      await (await connect()).sendMail({ ...message });
    },
    close: () => transporter?.close(),
  };
}

export function createMailer(options: MailerOptions = {}): Mailer {
  const transport = options.transport ?? (options.smtpUrl ? smtpTransport(options.smtpUrl) : logTransport(options.log));
  const from = options.from ?? DEFAULT_MAIL_FROM;
  const logError = options.logError ?? ((message: string, error: unknown) => console.error(message, error));
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
