/**
 * Reading the e2e shop's log (SERVER_LOG, teed by serve.mjs): JSON lines (ADR 056). With no SMS
 * provider and no SMTP, a fresh clone writes each login code as a notice line whose `msg` is
 * `[auth] Код входа для +79211234567: 1234`, and each letter as one whose `msg` is a block
 * (`[mail] ───…`, `To: …`, the text with its link); both have a `delivery` field ("sms", "mail").
 * A test takes a mark before the action that sends something, then waits for what appears after it.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { normalizePhone } from "#contract/phone.ts";
import { SERVER_LOG } from "./servers.ts";

/** The log's length now: what a later read looks after. */
export function logMark(file = SERVER_LOG): number {
  return existsSync(file) ? statSync(file).size : 0;
}

/** The texts of the demo deliveries written after the mark (`delivery` lines' `msg`), oldest first. */
function deliveriesAfter(file: string, mark: number): string[] {
  if (!existsSync(file)) return [];
  const texts: string[] = [];
  for (const line of readFileSync(file).subarray(mark).toString("utf8").split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const entry = JSON.parse(line) as { delivery?: unknown; msg?: unknown };
      if (entry.delivery && typeof entry.msg === "string") texts.push(entry.msg);
    } catch {
      // A line still being written: read on the next poll.
    }
  }
  return texts;
}

async function poll<T>(find: () => T | null, what: string, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== null) return found;
    if (Date.now() > end) throw new Error(`Not in the server log (${SERVER_LOG}) within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The newest code written for the phone (any spelling) among the deliveries. */
export function findCode(deliveries: readonly string[], phone: string): string | null {
  const normalized = normalizePhone(phone);
  if (!normalized) throw new Error(`Not a phone: ${phone}`);
  let code: string | null = null;
  for (const line of deliveries) {
    if (!line.includes(normalized)) continue;
    const match = /:\s*(\d{4,6})\b/.exec(line.slice(line.indexOf(normalized) + normalized.length));
    if (match) code = match[1]!;
  }
  return code;
}

/** The newest letter to the address among the deliveries: the first link in it whose path starts with `pathPrefix`. */
export function findLink(deliveries: readonly string[], email: string, pathPrefix: string): string | null {
  let link: string | null = null;
  for (const block of deliveries.filter((text) => text.startsWith("[mail] "))) {
    if (!new RegExp(`^To: ${email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "mi").test(block)) continue;
    for (const match of block.matchAll(/https?:\/\/[^\s<>"']+/g)) {
      if (new URL(match[0]).pathname.startsWith(pathPrefix)) {
        link = match[0];
        break;
      }
    }
  }
  return link;
}

export function waitForCode(phone: string, mark: number, { file = SERVER_LOG, timeoutMs = 5_000 } = {}): Promise<string> {
  return poll(() => findCode(deliveriesAfter(file, mark), phone), `a code for ${phone}`, timeoutMs);
}

export function waitForLink(email: string, pathPrefix: string, mark: number, { file = SERVER_LOG, timeoutMs = 5_000 } = {}): Promise<string> {
  return poll(() => findLink(deliveriesAfter(file, mark), email, pathPrefix), `a ${pathPrefix} link to ${email}`, timeoutMs);
}
