/**
 * A test API for the auth suites (tests/integration/api-auth*.test.ts): demo accounts, letters
 * and SMS lines caught in memory, an injected clock, fresh in-process limits, and `call` that
 * names a client IP like the storefront does.
 */
import { vi } from "vitest";
import { createMailer, type MailMessage } from "../../api/mail/mailer";
import { createAuthLimits, type AuthLimits } from "../../api/auth/limits";
import { createSmsSender, type SmsSender } from "../../api/auth/sms";
import { openTestApi, type TestApi } from "../../api/testing";
import { notice } from "#log/logger.ts";

export interface Harness {
  t: TestApi;
  letters: MailMessage[];
  smsLines: string[];
  /** Moves the clock (Date is faked for the suite: codes, tokens and the limits' windows all follow). */
  clock: { advance(ms: number): void };
  call(method: string, path: string, body?: unknown, init?: { token?: string; ip?: string; headers?: Record<string, string> }): Promise<Response>;
  lastCode(phone: string): string;
  close(): Promise<void>;
}

let ipCounter = 0;
/** A fresh client IP (each call gets one unless it names its own), so the per-IP limit only counts where a test means it. */
export const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

export async function openAuthHarness(
  backend: Parameters<typeof openTestApi>[0],
  /** `consoleSms`: the development code line also goes to the log as a notice line, as in the server (the no-secrets test reads it there). */
  options: { appEnv?: string; sms?: SmsSender; authLimits?: AuthLimits; consoleSms?: boolean } = {},
): Promise<Harness> {
  const letters: MailMessage[] = [];
  const smsLines: string[] = [];
  // Date only (timers stay real, so the databases work), advancing with real time from a fixed start.
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(new Date("2026-11-20T10:00:00Z"));
  const clock = { advance: (ms: number) => vi.setSystemTime(new Date(Date.now() + ms)) };
  const t = await openTestApi(backend, {
    groups: 10,
    appEnv: options.appEnv,
    demoAccounts: options.appEnv !== "production",
    mailer: createMailer({ transport: { describe: "memory", deliver: async (m) => void letters.push(m) }, logError: () => {} }),
    sms: options.sms ?? createSmsSender({ appEnv: options.appEnv ?? "test", log: (line) => {
          smsLines.push(line);
          if (options.consoleSms) notice.info({ delivery: "sms" }, line);
        },
      }),
    authLimits: options.authLimits ?? createAuthLimits({ prefix: `t${Date.now()}${Math.random()}` }),
    now: () => new Date(),
  });
  return {
    t,
    letters,
    smsLines,
    clock,
    call: (method, path, body, init = {}) =>
      t.fetch(`/api${path}`, {
        method,
        token: init.token,
        headers: { "Content-Type": "application/json", "X-Client-IP": init.ip ?? freshIp(), ...init.headers },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      }),
    lastCode(phone) {
      const line = [...smsLines].reverse().find((l) => l.includes(phone));
      const code = line?.match(/: (\d{4,6})/)?.[1];
      if (!code) throw new Error(`no code for ${phone} in ${JSON.stringify(smsLines)}`);
      return code;
    },
    close: async () => {
      vi.useRealTimers();
      await t.close();
    },
  };
}


export async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}
