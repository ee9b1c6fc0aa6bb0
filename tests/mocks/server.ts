/**
 * MSW server for unit tests of the server-side API client.
 *
 * Unhandled requests are an error (`onUnhandledRequest: "error"`). Because the API client turns a
 * rejected fetch into a "no response" result, an unhandled request could otherwise pass unnoticed,
 * so `installMswServer()` also records every unhandled request and fails the test in `afterEach`.
 */
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { setupServer } from "msw/node";

/** Base of the /api contract the tests talk to. */
export const API_ORIGIN = "http://api.test";
export const API_BASE = `${API_ORIGIN}/api`;

export const server = setupServer();

const unhandled: string[] = [];
server.events.on("request:unhandled", ({ request }) => {
  unhandled.push(`${request.method} ${request.url}`);
});

/** Registers listen/reset/close hooks for the calling test file. */
export function installMswServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => {
    server.resetHandlers();
    const seen = unhandled.splice(0);
    expect(seen, "requests without an MSW handler").toEqual([]);
  });
  afterAll(() => server.close());
}

/** The real global fetch (patched by MSW), as the client expects it. */
export const realFetch = (request: Request): Promise<Response> => fetch(request);
