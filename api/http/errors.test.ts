/**
 * The API's error answers when the database is away (issue 28): a refused or dropped connection,
 * or PostgreSQL shutting down, is a 503 with Retry-After and a Russian message — the client may try
 * again — while our own bugs stay 500s; both are logged.
 */
import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { errorResponse, INTERNAL_ERROR_MESSAGE, isDatabaseUnavailable, UNAVAILABLE_MESSAGE } from "./errors";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** How drizzle reports a failed query: its own error with the driver's in `cause`. */
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: insert into orders …"), { cause });

describe("isDatabaseUnavailable", () => {
  it("knows a connection that failed or died, and PostgreSQL going away", () => {
    for (const error of [
      withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
      withCode("read ECONNRESET", "ECONNRESET"),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
      withCode("terminating connection due to administrator command", "57P01"),
      withCode("the database system is starting up", "57P03"),
      withCode("connection failure", "08006"),
      withCode("sorry, too many clients already", "53300"),
      wrapped(withCode("read ECONNRESET", "ECONNRESET")),
      wrapped(new Error("Connection terminated unexpectedly")),
    ])
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
  });

  it("does not excuse our own errors or the data's", () => {
    for (const error of [
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      withCode('duplicate key value violates unique constraint "orders_pkey"', "23505"),
      withCode('column "nope" does not exist', "42703"),
      wrapped(withCode("deadlock detected", "40P01")),
      "a string",
      null,
    ])
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });

  it("stops on a cause chain that loops", () => {
    const a: { message: string; cause?: unknown } = { message: "a" };
    a.cause = a;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe("errorResponse", () => {
  const app = (error: Error, logged: unknown[]) => {
    const hono = new Hono();
    hono.get("/x", () => {
      throw error;
    });
    hono.onError((e, c) => errorResponse(e, c, (x) => logged.push(x)));
    return hono;
  };

  it("answers 503 with Retry-After while the database is away, and logs it", async () => {
    const logged: unknown[] = [];
    const response = await app(wrapped(withCode("read ECONNRESET", "ECONNRESET")), logged).request("/x");
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({ message: UNAVAILABLE_MESSAGE, errors: [] });
    expect(logged).toHaveLength(1);
  });

  it("keeps a bug a 500 without Retry-After", async () => {
    const logged: unknown[] = [];
    const response = await app(new TypeError("boom"), logged).request("/x");
    expect(response.status).toBe(500);
    expect(response.headers.get("retry-after")).toBeNull();
    expect(await response.json()).toEqual({ message: INTERNAL_ERROR_MESSAGE, errors: [] });
    expect(logged).toHaveLength(1);
  });
});
