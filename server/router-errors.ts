import { isRouteErrorResponse, type HandleErrorFunction, type ServerBuild } from "react-router";

/** React Router's own default: the error (the inner one of an error response) on stderr, unless the client left. */
const logWithStack: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error(inner ?? error);
};

/**
 * Whether React Router refused a page's action because its Origin is another host (it answers 400:
 * "… Aborting the action." for a document, a bare "Bad Request" for a `.data` request). The
 * cross-site guard lets the regional variant's writes through (server/cross-site.ts); React
 * Router's own check on page actions does not, and no page form posts across hosts.
 */
function isActionOriginRefusal(error: unknown): boolean {
  return error instanceof Error && (error.message.endsWith("Aborting the action.") || error.message === "Bad Request");
}

/**
 * The build with a `handleError` that keeps a client's mistakes out of stderr: React Router logs
 * every error it handles with a stack, a POST to a page without an action (405) or a missing page
 * included. Those get the request log's one line (issue 16); server errors still go to the build's
 * own handleError, or to stderr with their stack as before.
 */
export function logServerErrorsOnly(build: ServerBuild): ServerBuild {
  const handleError = build.entry.module.handleError ?? logWithStack;
  const quiet: HandleErrorFunction = (error, args) => {
    if ((isRouteErrorResponse(error) && error.status < 500) || isActionOriginRefusal(error)) return;
    handleError(error, args);
  };
  return { ...build, entry: { ...build.entry, module: { ...build.entry.module, handleError: quiet } } };
}
