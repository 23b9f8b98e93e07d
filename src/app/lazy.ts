// Lazily loaded views. SPEC §8: a view chunk that fails to load gives an error named for the
// chunk; loading gives up after 120 s.
import { lazy, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../streams/constants';

export class ChunkLoadError extends Error {
  constructor(readonly chunk: string, cause: unknown) {
    super(`Loading chunk ${chunk} failed`, { cause });
    this.name = 'ChunkLoadError';
  }
}

export function lazyView<P extends object>(chunk: string, load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() =>
    new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
      const t = setTimeout(() => reject(new ChunkLoadError(chunk, 'timeout')), CHUNK_LOAD_TIMEOUT_MS);
      load().then(
        (m) => {
          clearTimeout(t);
          resolve(m);
        },
        (e: unknown) => {
          clearTimeout(t);
          reject(new ChunkLoadError(chunk, e));
        },
      );
    }),
  );
}
