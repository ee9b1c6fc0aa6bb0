/**
 * Error reporting in the browser (issue 28, ADR 058): a few lines in the shell; the SDK
 * (app/lib/error-reporting.sdk.ts, @sentry/browser) is its own chunk, downloaded after hydration
 * and only when the root loader passes a configuration (SENTRY_DSN is set). Without it nothing is
 * listened to, queued or downloaded.
 *
 * From `startBrowserErrorReporting` on, window errors and unhandled rejections are kept until the
 * SDK has loaded (it then listens itself), and so are the errors the root error boundary shows.
 */
import type { ErrorReportingConfig } from "./error-reporting-config.server.ts";
import type * as SdkModule from "./error-reporting.sdk.ts";

type Sdk = typeof SdkModule;

/** At most this many errors wait for the SDK (a page in a loop of errors must not grow it). */
const QUEUE_LIMIT = 10;

let sdk: Sdk | null = null;
let starting = false;
const queue: unknown[] = [];

function keep(error: unknown) {
  if (queue.length < QUEUE_LIMIT) queue.push(error);
}
const onError = (event: ErrorEvent) => keep(event.error ?? event.message);
const onRejection = (event: PromiseRejectionEvent) => keep(event.reason);

/** Loads the SDK once (the root layout calls this after hydration, with the loader's configuration). */
export function startBrowserErrorReporting(config: ErrorReportingConfig | null): void {
  if (!config || starting) return;
  starting = true;
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
  import("./error-reporting.sdk.ts")
    .then((loaded) => {
      loaded.start(config);
      sdk = loaded;
      for (const error of queue.splice(0)) loaded.report(error);
    })
    .catch(() => {
      // The chunk did not load (offline, blocked): the page works on without reporting.
    })
    .finally(() => {
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    });
}

/**
 * An error the root error boundary shows. Only the browser's own: an error answer from the
 * server (a 404, a 503) or a server error it already reported arrives as a route error response
 * or as React Router's "Unexpected Server Error", and is left out.
 */
export function reportBoundaryError(error: unknown): void {
  if (!starting) return;
  if (!(error instanceof Error) || error.message === "Unexpected Server Error") return;
  if (sdk) sdk.report(error);
  else keep(error);
}
