/**
 * Starts server error reporting (issue 28, ADR 058) when SENTRY_DSN is set; without it nothing is
 * loaded or patched and every report is a no-op.
 *
 * @sentry/core's server client, not @sentry/react-router or @sentry/node: @sentry/react-router
 * depends on @sentry/cli (an install script that downloads a binary: `npm ci` offline fails) and
 * its Vite plugin; @sentry/node 11 brings @sentry/bundler-plugins (oxc-parser, native per platform)
 * and OpenTelemetry, and wants to be loaded with --import before everything else. What we need is
 * small: a client, a fetch transport, Node stack frames, async context per request
 * (AsyncLocalStorage, below), and React Router's own instrumentation API for the route and the
 * spans (app/lib/error-reporting.server.ts).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import {
  createStackParser,
  createTransport,
  dedupeIntegration,
  getClient,
  getCurrentScope,
  getGlobalScope,
  functionToStringIntegration,
  getDefaultCurrentScope,
  getDefaultIsolationScope,
  initAndBind,
  linkedErrorsIntegration,
  setAsyncContextStrategy,
  type Scope,
  type Transport,
  type BaseTransportOptions,
} from "@sentry/core";
import { nodeStackLineParser, ServerRuntimeClient, type ServerRuntimeClientOptions } from "@sentry/core/server";
import type { Env } from "#app/lib/env.server.ts";
import { errorReportingConfig } from "#app/lib/error-reporting.server.ts";
import { NO_PERSONAL_DATA, scrubEvent, scrubSpan } from "#app/lib/error-scrub.ts";
import { redactUrl } from "#log/redact.ts";

/** §9: a fifth of requests are traced. */
export const TRACES_SAMPLE_RATE = 0.2;

/** Scopes per request: what one request adds to its scope never shows on another's event. */
function scopesPerRequest() {
  const storage = new AsyncLocalStorage<{ scope: Scope; isolationScope: Scope }>();
  const scopes = () => storage.getStore() ?? { scope: getDefaultCurrentScope(), isolationScope: getDefaultIsolationScope() };
  setAsyncContextStrategy({
    getCurrentScope: () => scopes().scope,
    getIsolationScope: () => scopes().isolationScope,
    withScope: (callback) => {
      const { scope, isolationScope } = scopes();
      const forked = scope.clone();
      return storage.run({ scope: forked, isolationScope }, () => callback(forked));
    },
    withSetScope: (scope, callback) => storage.run({ scope, isolationScope: scopes().isolationScope }, () => callback(scope)),
    withIsolationScope: (callback) => {
      const { scope, isolationScope } = scopes();
      const forked = isolationScope.clone();
      return storage.run({ scope: scope.clone(), isolationScope: forked }, () => callback(forked));
    },
    withSetIsolationScope: (isolationScope, callback) => storage.run({ scope: scopes().scope.clone(), isolationScope }, () => callback(isolationScope)),
  });
}

/** Envelopes go out with fetch, at most 30 at a time (the SDK's buffer), 5 s each. */
function fetchTransport(options: BaseTransportOptions): Transport {
  return createTransport(options, async (request) => {
    const response = await fetch(options.url, { method: "POST", body: request.body as BodyInit, signal: AbortSignal.timeout(5000) });
    return {
      statusCode: response.status,
      headers: { "x-sentry-rate-limits": response.headers.get("x-sentry-rate-limits"), "retry-after": response.headers.get("retry-after") },
    };
  });
}

/** Starts the client when SENTRY_DSN is set; true when it did. */
export function startErrorReporting(env: Pick<Env, "SENTRY_DSN" | "SENTRY_RELEASE" | "APP_ENV">, overrides: { tracesSampleRate?: number } = {}): boolean {
  const config = errorReportingConfig(env);
  if (!config) return false;
  scopesPerRequest();
  const options: ServerRuntimeClientOptions = {
    dsn: config.dsn,
    release: config.release,
    environment: config.environment,
    tracesSampleRate: overrides.tracesSampleRate ?? TRACES_SAMPLE_RATE,
    dataCollection: NO_PERSONAL_DATA,
    platform: "node",
    runtime: { name: "node", version: process.version },
    transport: fetchTransport,
    stackParser: createStackParser(nodeStackLineParser()),
    integrations: [dedupeIntegration(), functionToStringIntegration(), linkedErrorsIntegration()],
    beforeSend: (event) => scrubEvent(event, redactUrl),
    beforeSendSpan: (span) => scrubSpan(span, redactUrl),
  };
  initAndBind(ServerRuntimeClient, options);
  return true;
}

/** On shutdown: waits (up to 2 s) for reports still being sent, then stops the client. */
export async function stopErrorReporting(): Promise<void> {
  const client = getClient();
  if (!client) return;
  await client.close(2000);
  getCurrentScope().setClient(undefined);
  getGlobalScope().setClient(undefined);
  setAsyncContextStrategy(undefined);
}
