import { IncomingMessage, ServerResponse, createServer, type Server } from "node:http";
import type { Socket } from "node:net";
import type { Express } from "express";

/**
 * An HTTP server for `app` whose requests and responses are born with Express's prototypes
 * (`app.request`, `app.response`), so the `Object.setPrototypeOf(req|res, …)` Express does on
 * every request is a no-op. After a prototype change V8 gives the object a map of its own, and
 * everything later stored on it (Express's and the middlewares' fields) survives young-generation
 * GCs: ~8 KB promoted to the old generation per request, which made full GCs, and with them the
 * uncached tail latency, more frequent (ADR 018).
 */
export function createExpressServer(app: Express): Server {
  function ShopRequest(this: IncomingMessage, socket: Socket) {
    Reflect.apply(IncomingMessage, this, [socket]);
  }
  ShopRequest.prototype = app.request;
  function ShopResponse(this: ServerResponse, req: IncomingMessage, options?: object) {
    Reflect.apply(ServerResponse, this, [req, options]);
  }
  ShopResponse.prototype = app.response;
  return createServer(
    {
      IncomingMessage: ShopRequest as unknown as typeof IncomingMessage,
      ServerResponse: ShopResponse as unknown as typeof ServerResponse,
    },
    app,
  );
}
