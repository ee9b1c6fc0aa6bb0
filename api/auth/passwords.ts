/**
 * Passwords (issue 19): argon2id through `@node-rs/argon2` (prebuilt binaries, runs off the event
 * loop). Parameters are OWASP's second argon2id profile (19 MiB, 2 passes, 1 lane): ~30–60 ms
 * here, so a login costs one hash whether or not the account exists.
 *
 * `checkPassword` verifies against a fixed dummy hash when the account is unknown or has no
 * password (phone sign-ups), so an unknown e-mail and a wrong password take the same time and get
 * the same answer (no account enumeration).
 */
import { hash, verify } from "@node-rs/argon2";

/** argon2id = Algorithm.Argon2id (2); a literal, as the const enum is not importable under isolatedModules. */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummy: Promise<string> | null = null;
/** A hash of a random string nobody knows, made once per process with the same parameters. */
function dummyHash(): Promise<string> {
  return (dummy ??= hash(`dummy-${Math.random()}-${Date.now()}`, OPTIONS));
}

/** True when `password` matches `stored`; with no stored hash a dummy one is verified (and false answered). */
export async function checkPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    await verify(await dummyHash(), password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    // A malformed stored hash is a failed login, never a 500.
    return false;
  }
}
