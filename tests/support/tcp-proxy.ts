/**
 * A TCP proxy for fault tests (issue 28): sits between the storefront and its API, or the embedded
 * API and PostgreSQL, and does to the connections what a bad network does. Its mode changes at
 * any time and applies to what follows:
 * - `pass`: bytes both ways as they come;
 * - `latency`: every chunk, both ways, held `ms` before it is passed on (order kept);
 * - `reset`: every open connection is reset (RST), and so is each new one as soon as it connects;
 * - `blackhole`: new connections are accepted and never answered (open ones keep working).
 * `heal()` goes back to `pass`. `stats()` counts connections and resets, so a test can tell that
 * the fault was actually met.
 */
import { createServer, connect, type Server, type Socket } from "node:net";
import { once } from "node:events";
import type { AddressInfo } from "node:net";

export type ProxyMode = { kind: "pass" } | { kind: "latency"; ms: number } | { kind: "reset" } | { kind: "blackhole" };

export interface TcpProxy {
  port: number;
  set(mode: ProxyMode): void;
  heal(): void;
  stats(): { connections: number; resets: number; open: number };
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = { kind: "pass" };
  const open = new Set<Socket>();
  let connections = 0;
  let resets = 0;

  const reset = (socket: Socket) => {
    resets++;
    socket.resetAndDestroy();
  };

  /** `from` → `to`, each chunk delayed by the mode in force when it arrived; ends and errors follow. */
  const pipe = (from: Socket, to: Socket) => {
    let chain = Promise.resolve();
    from.on("data", (chunk: Buffer) => {
      const delay = mode.kind === "latency" ? mode.ms : 0;
      if (delay === 0) {
        chain = chain.then(() => void (to.destroyed || to.write(chunk)));
        return;
      }
      chain = chain.then(() => new Promise<void>((resolve) => setTimeout(() => (to.destroyed || to.write(chunk), resolve()), delay)));
    });
    from.on("end", () => void chain.then(() => to.end()));
    from.on("error", () => to.destroy());
    from.on("close", () => void chain.then(() => to.destroy()));
  };

  const server: Server = createServer((client) => {
    connections++;
    open.add(client);
    client.on("close", () => open.delete(client));
    client.on("error", () => {});
    if (mode.kind === "reset") return reset(client);
    if (mode.kind === "blackhole") return;
    const upstream = connect(target.port, target.host);
    open.add(upstream);
    upstream.on("close", () => open.delete(upstream));
    upstream.on("error", () => client.destroy());
    pipe(client, upstream);
    pipe(upstream, client);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");

  return {
    port: (server.address() as AddressInfo).port,
    set(next) {
      mode = next;
      if (next.kind === "reset") for (const socket of open) reset(socket);
    },
    heal() {
      mode = { kind: "pass" };
    },
    stats: () => ({ connections, resets, open: open.size }),
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
