import { UNSAFE_ErrorResponseImpl as ErrorResponse, type HandleErrorFunction, type ServerBuild } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { logServerErrorsOnly } from "./router-errors.ts";

/** What React Router hands handleError for a 4xx or 5xx it answers (a 405 for a POST without an action, say). */
const errorResponse = async (status: number): Promise<unknown> => new ErrorResponse(status, "", null);

const args = { request: new Request("http://localhost/x"), params: {}, context: {} } as unknown as Parameters<HandleErrorFunction>[1];

function buildWith(handleError?: HandleErrorFunction): ServerBuild {
  return { entry: { module: { default: () => new Response(), handleError } }, routes: {} } as unknown as ServerBuild;
}

describe("logServerErrorsOnly (issue 16: a client's 4xx is a log line, not a stack)", () => {
  it("leaves 4xx error responses and React Router's refusal of a cross-host action out", async () => {
    const own = vi.fn();
    const handle = logServerErrorsOnly(buildWith(own)).entry.module.handleError!;
    handle(await errorResponse(405), args);
    handle(await errorResponse(404), args);
    handle(new Error("The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action."), args);
    handle(new Error("Bad Request"), args);
    expect(own).not.toHaveBeenCalled();
  });

  it("passes server errors on: to the build's handleError, or to stderr with the stack", async () => {
    const own = vi.fn();
    const bug = new Error("boom");
    logServerErrorsOnly(buildWith(own)).entry.module.handleError!(bug, args);
    const server = await errorResponse(503);
    logServerErrorsOnly(buildWith(own)).entry.module.handleError!(server, args);
    expect(own.mock.calls.map(([error]) => error)).toEqual([bug, server]);

    const stderr = vi.spyOn(console, "error").mockImplementation(() => {});
    logServerErrorsOnly(buildWith()).entry.module.handleError!(bug, args);
    expect(stderr).toHaveBeenCalledWith(bug);
    stderr.mockRestore();
  });

  it("keeps the rest of the build as it is", () => {
    const build = buildWith();
    const quiet = logServerErrorsOnly(build);
    expect(quiet.routes).toBe(build.routes);
    expect(quiet.entry.module.default).toBe(build.entry.module.default);
    expect(build.entry.module.handleError).toBeUndefined();
  });
});
