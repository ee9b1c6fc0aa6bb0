/** Users for API integration tests: inserted directly (the auth endpoints are another suite's), with a bearer token each. */
import { sql } from "drizzle-orm";
import { queryRows } from "../../api/db/client";
import type { TestApi } from "../../api/testing";
import type { RoleName } from "../../api/auth/session";

export interface TestUser {
  id: number;
  token: string;
  /** fetch() as this user, JSON body encoded. */
  call(path: string, init?: { method?: string; body?: unknown; raw?: string }): Promise<Response>;
}

let counter = 0;

export async function createTestUser(t: TestApi, options: { name?: string | null; roles?: RoleName[] } = {}): Promise<TestUser> {
  const roles = options.roles ?? ["ROLE_USER"];
  counter += 1;
  const email = `shopper-${process.pid}-${Date.now().toString(36)}-${counter}@example.ru`;
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`INSERT INTO users (email, name, roles, activated) VALUES (${email}, ${options.name === undefined ? "Ирина Соколова" : options.name},
        ${`{${roles.join(",")}}`}::text[], true) RETURNING id`,
  );
  const id = Number(row.id);
  const token = await t.tokenFor({ id, roles });
  return { id, token, call: (path, init = {}) => callAs(t, token, path, init) };
}

/** A call with an optional bearer (none = anonymous); `raw` sends the body text as is. */
export function callAs(t: TestApi, token: string | null, path: string, init: { method?: string; body?: unknown; raw?: string } = {}): Promise<Response> {
  const body = init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
  return t.fetch(path, {
    method: init.method ?? (body === undefined ? "GET" : "POST"),
    body,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    token: token ?? undefined,
  });
}

/** `{ data }` of a 2xx answer (fails the test with the body otherwise). */
export async function dataOf<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (response.status < 200 || response.status >= 300) throw new Error(`HTTP ${response.status}: ${text.slice(0, 400)}`);
  return (JSON.parse(text) as { data: T }).data;
}
