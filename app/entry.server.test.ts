import { UNSAFE_ErrorResponseImpl as ErrorResponse, type HandleErrorFunction } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server.tsx";

const args = (aborted = false) => {
  const controller = new AbortController();
  if (aborted) controller.abort();
  return { request: new Request("http://localhost/x", { signal: controller.signal }), params: {}, context: {} } as unknown as Parameters<HandleErrorFunction>[1];
};

describe("handleError (issue 16: a client's 4xx is a log line, not a stack)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("leaves 4xx error responses and React Router's refusal of a cross-host action out of stderr", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    handleError(new ErrorResponse(405, "", null), args());
    handleError(new ErrorResponse(404, "", "Page not found: /x"), args());
    handleError(new Error("The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action."), args());
    handleError(new Error("Bad Request"), args());
    expect(log).not.toHaveBeenCalled();
  });

  it("logs server errors with their stack, unless the client went away", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const bug = new Error("boom");
    handleError(bug, args());
    expect(log).toHaveBeenCalledWith(bug);
    handleError(new ErrorResponse(503, "", "down"), args());
    expect(log).toHaveBeenCalledTimes(2);
    handleError(new Error("late"), args(true));
    expect(log).toHaveBeenCalledTimes(2);
  });
});
