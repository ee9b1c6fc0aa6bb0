import type { ServerResponse } from "node:http";

/**
 * Calls `listener` once, when `res` is over: sent (`finish`: every byte handed to the kernel) or
 * abandoned (`close`: the client went away), or at once if it already is.
 */
export function whenResponseOver(res: ServerResponse, listener: () => void): void {
  if (res.writableFinished || res.destroyed) return listener();
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    res.off("finish", once);
    res.off("close", once);
    listener();
  };
  res.once("finish", once);
  res.once("close", once);
}
