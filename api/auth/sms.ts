/**
 * Where login and confirmation codes go (issue 19, ADR 033):
 *
 * - SMS_URL set: an HTTP provider. `POST SMS_URL` with JSON `{ phone, text, channel }` (channel
 *   "sms" or "call": a call dictates the code); any 2xx is delivered. A thin adapter in front of
 *   the real SMS gateway keeps the gateway's own API out of the shop.
 * - unset, outside production: ONE log line with the phone and the code, so a fresh clone can log
 *   in by phone (`[auth] Код входа для +79211234567: 123456`). A notice line (log/logger.ts): written
 *   at LOG_LEVEL info and error alike, as it is the developer's only way to read the code (ADR 056).
 * - unset in production: no delivery at all; the API answers 503 with a Russian message.
 *
 * Nothing else in the API ever writes a code (and the logger hides any field named `code`).
 */
import { log, notice } from "../../log/logger";

export type SmsChannel = "sms" | "call";

export interface SmsMessage {
  phone: string;
  /** The whole text the customer gets. */
  text: string;
  channel: SmsChannel;
  /** The code alone, for the development log line. */
  code: string;
  /** What the code is for, for the log line: "Код входа", "Код подтверждения телефона". */
  label: string;
}

export interface SmsSender {
  readonly describe: string;
  /** False when nothing can be delivered at all (production without SMS_URL): the API answers 503 at once. */
  readonly available: boolean;
  /** False when there is no way to deliver (production without a provider) or the provider failed. */
  send(message: SmsMessage): Promise<boolean>;
}

export const SMS_UNAVAILABLE_MESSAGE = "Отправка SMS сейчас недоступна. Войдите по e-mail или попробуйте позже";
export const SMS_FAILED_MESSAGE = "Не удалось отправить код. Попробуйте ещё раз через минуту";

export interface SmsOptions {
  smsUrl?: string;
  appEnv?: string;
  /** Tests: where the development line goes (a notice line by default). */
  log?: (line: string) => void;
  /** Failures of the HTTP provider (without the code). */
  logError?: (message: string) => void;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export function createSmsSender(options: SmsOptions = {}): SmsSender {
  const logError = options.logError ?? ((message: string) => log.error(`[auth] ${message}`));
  if (options.smsUrl) {
    const url = new URL(options.smsUrl);
    const doFetch = options.fetch ?? fetch;
    return {
      describe: `SMS through ${url.origin}`,
      available: true,
      async send({ phone, text, channel }) {
        try {
          const res = await doFetch(url, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ phone, text, channel }),
            signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
          });
          await res.body?.cancel();
          if (res.ok) return true;
          logError(`SMS provider answered ${res.status}`);
          return false;
        } catch (error) {
          logError(`SMS provider unreachable: ${error instanceof Error ? error.name : "error"}`);
          return false;
        }
      },
    };
  }
  if (options.appEnv === "production") {
    return { describe: "no SMS provider (SMS_URL unset): phone codes unavailable", available: false, send: async () => false };
  }
  const write = options.log ?? ((line: string) => notice.info({ delivery: "sms" }, line));
  return {
    describe: "SMS codes written to the server log (SMS_URL unset)",
    available: true,
    async send({ phone, code, label, channel }) {
      write(`[auth] ${label} для ${phone}: ${code}${channel === "call" ? " (звонок)" : ""}`);
      return true;
    },
  };
}
