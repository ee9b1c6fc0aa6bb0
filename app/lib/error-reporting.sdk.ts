/**
 * The browser SDK (issue 28, ADR 058): @sentry/browser with the integrations we use, loaded by
 * app/lib/error-reporting.client.ts only when SENTRY_DSN is set. Window errors, unhandled
 * rejections, the root error boundary's errors; page loads and navigations traced at 0.2 (§9);
 * no session replay (it records what people type). Every event and span passes the same scrubber
 * as the server's (app/lib/error-scrub.ts).
 */
import {
  breadcrumbsIntegration,
  browserApiErrorsIntegration,
  browserTracingIntegration,
  captureException,
  dedupeIntegration,
  globalHandlersIntegration,
  httpContextIntegration,
  init,
  linkedErrorsIntegration,
} from "@sentry/browser";
import type { ErrorReportingConfig } from "./error-reporting-config.server.ts";
import { NO_PERSONAL_DATA, scrubEvent, scrubSpan, scrubUrl } from "./error-scrub.ts";

/** §9: a fifth of page loads and navigations are traced. */
export const BROWSER_TRACES_SAMPLE_RATE = 0.2;

export function start(config: ErrorReportingConfig): void {
  init({
    dsn: config.dsn,
    release: config.release,
    environment: config.environment,
    tracesSampleRate: BROWSER_TRACES_SAMPLE_RATE,
    dataCollection: NO_PERSONAL_DATA,
    defaultIntegrations: false,
    integrations: [
      globalHandlersIntegration(),
      browserApiErrorsIntegration(),
      linkedErrorsIntegration(),
      dedupeIntegration(),
      httpContextIntegration(),
      // What led to an error: clicks, navigations and requests (URLs scrubbed); the console is not recorded.
      breadcrumbsIntegration(),
      browserTracingIntegration({
        // Spans are named by the scrubbed path, never a token or an e-mail in the address.
        beforeStartSpan: (context) => ({ ...context, name: scrubUrl(window.location.pathname) }),
      }),
    ],
    beforeSend: (event) => scrubEvent(event),
    beforeSendSpan: (span) => scrubSpan(span),
    beforeBreadcrumb: (crumb) => (crumb.category === "ui.input" ? null : crumb),
  });
}

export function report(error: unknown): void {
  captureException(error, { mechanism: { type: "auto.browser.react_router.error_boundary", handled: false } });
}
