export declare const LOCK_FILE: string;

/** The data folder the production server will open embedded PGlite in, or null when it will not. */
export declare function embeddedDataDir(env?: NodeJS.ProcessEnv): string | null;

export declare class DataDirBusyError extends Error {
  constructor(dir: string, pid: number | null);
  readonly code: "DATA_DIR_BUSY";
  /** The data folder, absolute. */
  readonly dir: string;
  /** The process holding it, when it said. */
  readonly pid: number | null;
}

export interface DataDirLock {
  /** The data folder, absolute. */
  dir: string;
  /** Gives this taker's share back; the folder is free when every taker of this process did. */
  release(): Promise<void>;
}

/** Takes the data folder for this process, or rejects with DataDirBusyError. */
export declare function lockDataDir(dir: string, options?: { socket?: boolean }): Promise<DataDirLock>;

/** A start: takes the data folder, or prints whose it is and exits with code 1. */
export declare function lockDataDirOrExit(dir: string): Promise<void>;
