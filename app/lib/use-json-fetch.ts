import { useCallback, useEffect, useRef, useState } from "react";

/**
 * A resource route's JSON in the browser (GET, or POST with a form-encoded body). `data` keeps the
 * latest answer, and the previous one until the next arrives; a newer call aborts an older one, and
 * so does unmounting. A failure leaves `data` as it was: what uses this is secondary (§8).
 *
 * Resource routes answer `data()` as JSON, so this replaces the router's useFetcher, whose code
 * (with <Form> and useSubmit) would otherwise be part of every page's bundle (ADR 002).
 */
export function useJsonFetch<T>() {
  const [data, setData] = useState<T | undefined>(undefined);
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);
  const load = useCallback((url: string, formBody?: string) => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    const init: RequestInit = formBody === undefined ? {} : { method: "POST", body: formBody, headers: { "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8" } };
    fetch(url, { ...init, signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<T>) : undefined))
      .then((answer) => {
        if (answer !== undefined && !controller.signal.aborted) setData(answer);
      })
      .catch(() => {});
  }, []);
  return { data, load };
}
