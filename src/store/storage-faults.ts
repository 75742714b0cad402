// Faults of a storage engine that pass by themselves — a lock held too long, a full disk, an I/O or fsync
// error, a lost or refused connection — are answered as 503 `unavailable` with Retry-After (and 451 over
// SMTP), never as 500: the client is told to come back, and the service resumes when the fault ends.
// Each adapter says which of its errors are such faults; anything else is a defect and stays a 500.
import { AppError } from '../errors.js';

export const STORAGE_RETRY_AFTER_SECONDS = 5;

export interface StorageFaultOptions {
  /** True for an error of the engine that a later retry can succeed past. */
  isTransient(error: unknown): boolean;
  /** Told of every transient fault (metrics, logs). */
  onFault?(error: unknown): void;
}

function unavailable(error: unknown): AppError {
  return new AppError('unavailable', 'The message store is not available right now; retry shortly.', {
    retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS,
    cause: error,
  });
}

/** The same store, whose methods turn the engine's transient faults into AppError('unavailable'). */
export function guardStorage<T extends object>(store: T, options: StorageFaultOptions): T {
  const translate = (error: unknown): never => {
    if (!options.isTransient(error)) throw error;
    options.onFault?.(error);
    throw unavailable(error);
  };
  // One wrapper per method, made on first use: the store is called on every request.
  const wrappers = new Map<PropertyKey, (...args: unknown[]) => unknown>();
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      const made = wrappers.get(property);
      if (made !== undefined) return made;
      const wrapper = (...args: unknown[]): unknown => {
        try {
          const result: unknown = Reflect.apply(value, target, args);
          return result instanceof Promise ? result.catch(translate) : result;
        } catch (error) {
          return translate(error);
        }
      };
      wrappers.set(property, wrapper);
      return wrapper;
    },
  });
}
