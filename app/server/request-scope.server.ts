import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Values computed once per HTTP request and shared by every loader and action of that
 * request (the root loader, a layout and a page all ask who the user is). server.mjs runs
 * each request inside `runInRequestScope`; outside one (scripts, tests) nothing is cached.
 */
const scope = new AsyncLocalStorage<Map<string, unknown>>();

export function runInRequestScope<T>(fn: () => T): T {
  return scope.run(new Map(), fn);
}

export function oncePerRequest<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const store = scope.getStore();
  if (!store) return compute();
  let value = store.get(key) as Promise<T> | undefined;
  if (!value) {
    value = compute();
    store.set(key, value);
  }
  return value;
}

/** Forget a cached value, for a request that changes it (sign-in, sign-out). */
export function forgetInRequest(key: string): void {
  scope.getStore()?.delete(key);
}
