/**
 * Account fixtures for integration tests: users of each §6 role inserted straight into the
 * database, with a token each, and small request helpers (JSON and form data).
 */
import { sql } from "drizzle-orm";
import type { Role } from "../../contract/index";
import { queryRows } from "../../api/db/client";
import type { TestApi } from "../../api/testing";

export interface TestUser {
  id: number;
  roles: Role[];
  token: string;
}

let serial = 0;

/** A new user with the roles (a unique e-mail each); answers its id and an access token. */
export async function createUser(t: TestApi, roles: Role[] = ["ROLE_USER"], name = "Тестовый пользователь"): Promise<TestUser> {
  serial += 1;
  const email = `user${serial}.${process.pid}.${Date.now().toString(36)}@example.ru`;
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`INSERT INTO users (email, name, roles, activated) VALUES (${email}, ${name}, ${`{${roles.join(",")}}`}::text[], true) RETURNING id`,
  );
  return { id: row.id, roles, token: await t.tokenFor({ id: row.id, roles }) };
}

/** JSON call with the user's token (none = anonymous). */
export function call(t: TestApi, path: string, init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const body = init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body);
  return t.fetch(path, {
    method: init.method ?? (body === undefined ? "GET" : "POST"),
    body,
    token: init.token,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...init.headers },
  });
}

/** Form-data call (legal companies); Files stay files, everything else becomes text. */
export function callForm(t: TestApi, path: string, fields: Record<string, string | File>, token?: string) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return t.fetch(path, { method: "POST", body: form, token });
}

/** `{ data }` of a 2xx answer, or throws with the error body. */
export async function dataOf<T = unknown>(response: Response): Promise<T> {
  const body = (await response.json()) as { data?: T; message?: string };
  if (!response.ok) throw new Error(`${response.status}: ${JSON.stringify(body)}`);
  return body.data as T;
}

/** The field → message map of an error answer. */
export async function fieldErrors(response: Response): Promise<Record<string, string>> {
  const body = (await response.json()) as { errors?: { field: string; message: string }[] };
  return Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.message]));
}
