/**
 * Demo accounts (issue 19): one per §6 role, password DEMO_PASSWORD, Russian names and phones,
 * activated and verified; the customer's personal manager is the demo manager. Created at start
 * whenever APP_ENV is not "production" (api/index.ts), never in production.
 *
 * Idempotent and cheap on a database that has them: one SELECT; only missing accounts are hashed
 * and inserted (ON CONFLICT DO NOTHING, so two instances starting together agree). An existing
 * account is left as it is (a visitor's changes on a demo stand last until the database is reset).
 * Their companies, addresses, orders and offers come from api/account/demo-data.ts, which runs
 * after this and takes the returned ids.
 */
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { hashPassword } from "./passwords";
import type { RoleName } from "./session";

export const DEMO_PASSWORD = "demo12345";

export interface DemoAccount {
  email: string;
  role: RoleName;
  name: string;
  phone: string;
  birthdate: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: "user@demo.ru", role: "ROLE_USER", name: "Ольга Петрова", phone: "+79215550101", birthdate: "1988-04-12" },
  { email: "manager@demo.ru", role: "ROLE_MANAGER", name: "Игорь Лебедев", phone: "+79215550102", birthdate: "1985-09-03" },
  { email: "chief@demo.ru", role: "ROLE_SALES_CHIEF", name: "Марина Соколова", phone: "+79215550103", birthdate: "1979-01-27" },
  { email: "admin@demo.ru", role: "ROLE_ADMIN", name: "Павел Морозов", phone: "+79215550104", birthdate: "1983-06-15" },
  { email: "adminmanager@demo.ru", role: "ROLE_ADMIN_MANAGER", name: "Наталья Васильева", phone: "+79215550105", birthdate: "1990-11-08" },
];

/** The demo customer's personal manager. */
const CUSTOMER = "user@demo.ru";
const MANAGER = "manager@demo.ru";

/** Creates the missing demo accounts; answers every demo account's id by e-mail. */
export async function ensureDemoAccounts(db: Db): Promise<Record<string, number>> {
  const emails = DEMO_ACCOUNTS.map((a) => a.email);
  const existing = async () => {
    const rows = await db.select({ id: users.id, email: users.email, managerId: users.managerId }).from(users).where(inArray(users.email, emails));
    return new Map(rows.map((r) => [r.email!, r]));
  };
  let found = await existing();
  const missing = DEMO_ACCOUNTS.filter((a) => !found.has(a.email));
  if (missing.length) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    for (const account of missing) {
      const row = {
        email: account.email,
        name: account.name,
        birthdate: account.birthdate,
        passwordHash,
        roles: [account.role],
        emailVerified: true,
        phoneVerified: true,
        activated: true,
      };
      const inserted = await db.insert(users).values({ ...row, phone: account.phone }).onConflictDoNothing().returning({ id: users.id });
      // The phone is someone else's already (a visitor logged in with it): the account without it.
      if (inserted.length === 0) await db.insert(users).values({ ...row, phone: null }).onConflictDoNothing();
    }
    found = await existing();
  }
  const customer = found.get(CUSTOMER);
  const manager = found.get(MANAGER);
  if (customer && manager && customer.managerId === null) {
    await db.update(users).set({ managerId: manager.id }).where(eq(users.id, customer.id));
  }
  return Object.fromEntries([...found].map(([email, r]) => [email, r.id]));
}
