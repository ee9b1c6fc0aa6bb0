/** scripts/cluster.mjs (`npm run cluster`, ADR 060). */
export declare function renderSiteConfig(variables: Record<string, string>): string;
/** The nginx binary (NGINX, /usr/sbin/nginx or nginx on PATH), or null when there is none. */
export declare function nginxBinary(): string | null;
export declare function start(env?: NodeJS.ProcessEnv): Promise<{ url: string; instances: { pid: number; port: number; log: string }[] }>;
export declare function stop(env?: NodeJS.ProcessEnv, options?: { quiet?: boolean }): Promise<void>;
export declare function ensureDatabase(url: string): Promise<void>;
/** Whether the process runs (a zombie does not). */
export declare function alive(pid: number): boolean;
/** Node's flags for an instance behind nginx (compose.yaml's `command` has the same). */
export declare const INSTANCE_NODE_FLAGS: readonly string[];
