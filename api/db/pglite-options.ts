import type { PGliteOptions } from "@electric-sql/pglite";

/**
 * PGlite's server settings. Its default shared_buffers (128 MB) lives in the WASM heap and makes
 * the database process ~330 MB; the demo catalogue (and the 100k-group one) reads well from 32 MB
 * because the data files stay in the OS page cache. Measured: ~220 MB peak instead of ~330 MB,
 * and a faster start (docs/decisions/008).
 */
export const PGLITE_SETTINGS: Pick<PGliteOptions, "postgresqlconf"> = {
  postgresqlconf: ["shared_buffers=32MB", "work_mem=8MB"],
};
