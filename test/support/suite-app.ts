// The app the tests of one describe block share, and the way most of them read the API through it.
import { after, before } from 'node:test';
import { bearer } from './operator.js';

/**
 * Starts an app before the suite's tests and stops it after them. The handle it returns stands for that
 * app from the start, so the suite can write its helpers against it before the app runs; a read before
 * the suite's first `before` has run is a mistake in the test and throws.
 */
export function appForSuite<T extends object & { stop(): Promise<void> }>(start: () => Promise<T>): T {
  let app: T | undefined;
  before(async () => {
    app = await start();
  });
  after(async () => {
    await app?.stop();
  });
  return new Proxy({} as T, {
    get(_target, key) {
      if (app === undefined) throw new Error(`the suite's app has not started (reading ${String(key)})`);
      const value: unknown = Reflect.get(app, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(app) : value;
    },
  });
}

/** `t.api` with each call at a fresh moment, so the per-address limit (D17) never gets in the way of a test. */
export function apiAtFreshMoments<I, R>(t: {
  clock: { advance(ms: number): void };
  api(path: string, init?: I): Promise<R>;
}): (path: string, init?: I) => Promise<R> {
  return (path, init) => {
    t.clock.advance(1000);
    return t.api(path, init);
  };
}

/** Reads at a fresh moment each call, with `key` as the bearer token, or with no key when there is none. */
export function readsWithKey<R>(t: {
  clock: { advance(ms: number): void };
  api(path: string, init?: { headers?: Record<string, string> }): Promise<R>;
}): (path: string, key?: string) => Promise<R> {
  const get = apiAtFreshMoments(t);
  return (path, key) => get(path, key === undefined ? {} : { headers: bearer(key) });
}
