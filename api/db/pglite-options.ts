import type { PGliteOptions } from "@electric-sql/pglite";

/**
 * PGlite's server settings. Its default shared_buffers (128 MB) lives in the WASM heap, and every
 * page of it that PostgreSQL touches stays resident; the demo catalogue (and the 100k-group one)
 * reads well from 16 MB because the data files stay in the OS page cache. Measured: 128 → 32 MB
 * took the database from ~330 to ~220 MB peak (ADR 008), 32 → 16 MB saves another ~18 MB (ADR 017).
 */
export const PGLITE_SETTINGS: Pick<PGliteOptions, "postgresqlconf"> = {
  postgresqlconf: ["shared_buffers=16MB", "work_mem=4MB"],
};

/** The argument after the data directory that makes pglite-process create it and exit (ADR 017). */
export const CREATE_ONLY = "--create-only";

/** A new directory is made under its name plus this and the PID, then moved into place (pglite-prestart.ts). */
export const CREATING_SUFFIX = ".creating";
