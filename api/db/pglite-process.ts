/**
 * The embedded database in its own process (ADR 008). PGlite (PostgreSQL compiled to WASM) runs
 * here and speaks the PostgreSQL wire protocol on a loopback port, so the storefront talks to it
 * with node-postgres exactly as it talks to a PostgreSQL server. Two wins over running PGlite in
 * the web process: SQL no longer blocks the web server's event loop, and PGlite's ~300 MB of
 * WASM memory stays out of the web process.
 *
 * Started by openDatabase() with `fork`; reports `{ type: "ready", port }` over IPC and exits
 * when its parent goes away or sends "close".
 */
import { createServer, type Socket } from "node:net";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLITE_SETTINGS } from "./pglite-options";

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;

const dataDir = process.argv[2];
if (!dataDir) {
  console.error("usage: pglite-process <dataDir>");
  process.exit(2);
}
mkdirSync(dataDir, { recursive: true });
const db = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...PGLITE_SETTINGS });

/** PGlite has one session: connections take turns, one message at a time. */
let queue: Promise<unknown> = Promise.resolve();
function exclusive<T>(fn: () => Promise<T>): Promise<T> {
  const next = queue.then(fn, fn);
  queue = next.catch(() => {});
  return next;
}

/** Splits the byte stream into protocol messages (the startup packet has no type byte). */
function serve(socket: Socket) {
  socket.setNoDelay(true);
  let buffer = Buffer.alloc(0);
  let started = false;
  let busy = false;

  async function drain() {
    if (busy) return;
    busy = true;
    try {
      while (buffer.length >= 5 || (!started && buffer.length >= 8)) {
        if (!started) {
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) break;
          const code = buffer.readInt32BE(4);
          const packet = buffer.subarray(0, length);
          buffer = buffer.subarray(length);
          if (code === SSL_REQUEST) {
            socket.write("N"); // no TLS on loopback
            continue;
          }
          if (code === CANCEL_REQUEST) continue;
          if (code !== PROTOCOL_3) {
            socket.destroy();
            return;
          }
          started = true;
          await forward(packet);
          continue;
        }
        const length = 1 + buffer.readInt32BE(1);
        if (buffer.length < length) break;
        const message = buffer.subarray(0, length);
        buffer = buffer.subarray(length);
        if (message[0] === 0x58 /* 'X' Terminate */) {
          socket.end();
          return;
        }
        await forward(message);
      }
    } catch (error) {
      console.error("[pglite] protocol error:", (error as Error).message);
      socket.destroy();
    } finally {
      busy = false;
    }
  }

  function forward(message: Buffer) {
    const copy = new Uint8Array(message);
    return exclusive(() =>
      db.execProtocolRawStream(copy, {
        onRawData: (data) => {
          if (socket.writable) socket.write(Buffer.from(data));
        },
      }),
    );
  }

  socket.on("data", (chunk) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    void drain();
  });
  socket.on("error", () => socket.destroy());
  socket.on("close", () => {
    // A connection that dies inside a transaction must not leave the session in it.
    void exclusive(async () => {
      if (db.isInTransaction()) await db.exec("ROLLBACK");
    });
  });
}

const server = createServer(serve);
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  if (!process.send) return;
  // The parent may be gone already (it stopped while PGlite opened): then close, quietly.
  if (!process.connected) return void shutdown();
  process.send({ type: "ready", port }, (error: Error | null) => {
    if (error) void shutdown();
  });
});

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  server.close();
  await exclusive(() => db.close()).catch(() => {});
  process.exit(0);
}
process.on("message", (message) => {
  if (message === "close") void shutdown();
});
process.on("disconnect", () => void shutdown());
// A SIGTERM sent to the whole process group (a service manager, a test runner) reaches us too:
// while the parent is there it closes us after its own requests are done; alone, close now.
process.on("SIGTERM", () => {
  if (!process.connected) void shutdown();
});
process.on("SIGINT", () => {
  // The parent handles Ctrl+C and tells us to close; ignore the terminal's copy of the signal.
});
