/**
 * Whether and how errors are reported (issue 28, ADR 058), from SENTRY_DSN, SENTRY_RELEASE and
 * APP_ENV. Kept apart from the SDK so the load context reads it without loading @sentry/core.
 */
import { execFileSync } from "node:child_process";
import type { Env } from "./env.server.ts";

/** What the browser SDK needs, when the server reports errors (the DSN is public by design). */
export interface ErrorReportingConfig {
  dsn: string;
  release: string;
  environment: string;
}

let gitRelease: string | undefined;

/**
 * SENTRY_RELEASE (a deployment sets it: the image's tag or commit), else
 * podarki-storefront@<the checkout's short commit> when the server runs from a git checkout, else
 * podarki-storefront@unknown. Read once: git runs at most once per process.
 */
export function releaseName(env: Pick<Env, "SENTRY_RELEASE">): string {
  if (env.SENTRY_RELEASE) return env.SENTRY_RELEASE;
  if (gitRelease === undefined) {
    let sha = "unknown";
    try {
      sha = execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 2000 }).trim() || sha;
    } catch {
      // No git, or not a checkout (a container image): the release says unknown.
    }
    gitRelease = `podarki-storefront@${sha}`;
  }
  return gitRelease;
}

export function errorReportingConfig(env: Pick<Env, "SENTRY_DSN" | "SENTRY_RELEASE" | "APP_ENV">): ErrorReportingConfig | null {
  return env.SENTRY_DSN ? { dsn: env.SENTRY_DSN, release: releaseName(env), environment: env.APP_ENV } : null;
}

