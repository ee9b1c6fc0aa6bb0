/** Users as the contract shows them (§3 User): one query with the personal manager. */
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Manager, Role, User } from "../../contract/profile";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { HttpError } from "../http/errors";
import { UNAUTHORIZED_MESSAGE } from "./session";

export type UserRow = typeof users.$inferSelect;

const managers = alias(users, "manager");

/** The contract's User of the row and its manager. */
export function toUser(row: UserRow, manager: Pick<UserRow, "id" | "name" | "email" | "phone" | "avatar"> | null): User {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerified,
    phone: row.phone,
    phoneVerified: row.phoneVerified,
    activated: row.activated,
    name: row.name,
    birthdate: row.birthdate ?? null,
    avatar: row.avatar,
    roles: (row.roles.length ? row.roles : ["ROLE_USER"]) as Role[],
    manager: manager ? toManager(manager) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toManager(row: Pick<UserRow, "id" | "name" | "email" | "phone" | "avatar">): Manager {
  return { id: row.id, name: row.name ?? "", email: row.email, phone: row.phone, avatar: row.avatar };
}

/** The user with the manager, or null. */
export async function findUser(db: Db, id: number): Promise<User | null> {
  const [row] = await db
    .select({ user: users, manager: { id: managers.id, name: managers.name, email: managers.email, phone: managers.phone, avatar: managers.avatar } })
    .from(users)
    .leftJoin(managers, eq(managers.id, users.managerId))
    .where(eq(users.id, id))
    .limit(1);
  if (!row) return null;
  return toUser(row.user, row.manager?.id ? row.manager : null);
}

/** The caller's user; a token of a deleted account is a 401 (the client logs out). */
export async function loadUser(db: Db, id: number): Promise<User> {
  const user = await findUser(db, id);
  if (!user) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
  return user;
}

/** E-mails are kept lower-cased and trimmed: one account per address whatever its spelling. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findByEmail(db: Db, email: string): Promise<UserRow | null> {
  // Stored lower-cased (every writer normalises), so the unique index answers.
  const [row] = await db.select().from(users).where(eq(users.email, normalizeEmail(email))).limit(1);
  return row ?? null;
}

// No lookup by phone alone here: a phone is a way in only where it is confirmed (contacts.ts, ADR 040).
