import { UNSAFE_ErrorResponseImpl as ErrorResponse, type HandleErrorFunction } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { captureLog } from "#tests/support/log-capture.ts";
import { inRequestContext } from "#log/logger.ts";
import { handleError } from "./entry.server.tsx";

const args = (aborted = false) => {
  const controller = new AbortController();
  if (aborted) controller.abort();
  return { request: new Request("http://localhost/x", { signal: controller.signal }), params: {}, context: {} } as unknown as Parameters<HandleErrorFunction>[1];
};

describe("handleError (issue 16: a client's 4xx is a log line, not a stack)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("leaves 4xx error responses and React Router's refusal of a cross-host action out of the log", () => {
    const log = captureLog();
    handleError(new ErrorResponse(405, "", null), args());
    handleError(new ErrorResponse(404, "", "Page not found: /x"), args());
    handleError(new Error("The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action."), args());
    handleError(new Error("Bad Request"), args());
    expect(log.lines).toEqual([]);
  });

  it("logs server errors with their stack and the request's id, once each, unless the client went away", () => {
    const log = captureLog();
    const bug = new Error("boom");
    inRequestContext("req-1", () => handleError(bug, args()));
    expect(log.lines).toEqual([
      expect.objectContaining({ level: "error", reqId: "req-1", msg: "page failed", method: "GET", url: "http://localhost/x", err: expect.objectContaining({ type: "Error", message: "boom", stack: expect.stringContaining("entry.server.test.ts") }) }),
    ]);
    handleError(new ErrorResponse(503, "", "down"), args());
    expect(log.lines).toHaveLength(2);
    handleError(new Error("late"), args(true));
    expect(log.lines).toHaveLength(2);
  });
});
