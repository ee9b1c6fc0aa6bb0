/**
 * The HMAC key of access tokens. AUTH_SECRET (≥ 32 characters) when set — required in
 * production, where instances may run on separate databases of one deployment. Otherwise one random
 * key is created in the `settings` table on first use, so every instance on one database (and every
 * restart) accepts the same tokens: a fresh clone needs no configuration.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { settings } from "../db/schema";
import type { SessionKeys } from "./session";

const SETTING = "authSecret";

export function createSessionKeys(db: Db, configured?: string): SessionKeys {
  let key: Promise<Uint8Array> | null = null;
  return {
    key: () =>
      (key ??= (async () => {
        if (configured) return new TextEncoder().encode(configured);
        await db
          .insert(settings)
          .values({ key: SETTING, value: randomBytes(48).toString("base64url") })
          .onConflictDoNothing();
        const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SETTING));
        return new TextEncoder().encode(row.value);
      })().catch((error: unknown) => {
        key = null;
        throw error;
      })),
  };
}
