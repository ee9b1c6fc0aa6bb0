/**
 * The embedded database on its own thread (ADR 008, ADR 017). PGlite (PostgreSQL compiled to
 * WASM) runs here and speaks the PostgreSQL wire protocol on a loopback port, so the storefront
 * talks to it with node-postgres exactly as it talks to a PostgreSQL server, and SQL never blocks
 * the web server's event loop.
 *
 * From the build it runs as a worker thread of the server (pglite-prestart.ts); under tsx it is
 * forked as a child process. Either way it reports `{ type: "ready", port }` to its parent and
 * stops when the parent sends "close" (a child also when its parent goes away).
 */
import { createServer, type Socket } from "node:net";
import { mkdirSync } from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { fuzzystrmatch } from "@electric-sql/pglite/contrib/fuzzystrmatch";
import { CREATE_ONLY, PGLITE_SETTINGS } from "./pglite-options";

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;

const inWorker = !isMainThread && parentPort !== null;
const dataDir = inWorker ? (workerData as { dir?: string } | null)?.dir : process.argv[2];
const createOnly = !inWorker && process.argv[3] === CREATE_ONLY;
if (!dataDir) {
  console.error("usage: pglite-process <dataDir>");
  process.exit(2);
}
mkdirSync(dataDir, { recursive: true });
// V8's baseline compiler only (ADR 017): optimising PostgreSQL's 9 MB of WASM with TurboFan costs
// ~50 MB of resident memory and measured no faster on our queries. The flag is read when the
// module compiles (PGlite.create, below); in a worker it applies to the whole process, where
// nothing else compiles WASM on the hot path.
try {
  v8.setFlagsFromString("--liftoff-only");
} catch {
  // a runtime that refuses flag changes compiles as usual
}
if (createOnly) {
  // A short-lived process that creates, migrates and seeds a new directory (pglite-prestart.ts):
  // the memory initdb and the seed take goes with it. Its parent moves the directory into place
  // once this exits 0; without a parent (killed) the half-made directory is of no use: stop.
  process.on("disconnect", () => process.exit(1));
  const [{ openDatabase }, { prepareDatabase }] = await Promise.all([import("./client"), import("./prepare")]);
  // The server that started this process holds the data folder's lock.
  const database = await openDatabase({ dataDir: path.dirname(dataDir), pgliteDir: dataDir, lock: false });
  await prepareDatabase(database);
  await database.close();
  process.exit(0);
}
// The same extension modules as client.ts (search, ADR 028).
const db = await PGlite.create(dataDir, { extensions: { pg_trgm, fuzzystrmatch }, ...PGLITE_SETTINGS });

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
  if (inWorker) return void parentPort!.postMessage({ type: "ready", port });
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
  process.exit(0); // in a worker: ends the thread only
}
if (inWorker) {
  // The thread ends with its process; signals go to the main thread, which closes us.
  parentPort!.on("message", (message) => {
    if (message === "close") void shutdown();
  });
} else {
  watchParent();
}

function watchParent() {
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
}
