import { type ComponentType, lazy } from 'react';

/** SPEC §9: a code chunk that has not loaded within 120 seconds counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Loading the page timed out.')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * React.lazy for a page with the chunk time-out. A failed chunk
 * throws into the route's error element, which offers a reload (the usual cause is a deploy
 * that replaced the old chunk names).
 */
export function lazyPage<P extends object = object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => withTimeout(load(), CHUNK_TIMEOUT_MS).then((component) => ({ default: component })));
}
