// Lazily loaded pages and layouts. SPEC §8: a chunk that fails to load gives an error named for
// the chunk; loading gives up after 120 s.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../streams/constants';
import type { RouteName } from '../lib/paths';
import type { PageProps, RouteDef } from './routes';

export class ChunkLoadError extends Error {
  constructor(
    readonly chunk: string,
    cause: unknown,
  ) {
    super(`Loading chunk ${chunk} failed`, { cause });
    this.name = 'ChunkLoadError';
  }
}

export function lazyView<P extends object>(chunk: string, load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(
    () =>
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

// One lazy component per route, made on first use, so each page's chunk loads once.
const pages = new Map<RouteName, LazyExoticComponent<ComponentType<PageProps>>>();
export function pageOf(route: RouteDef): LazyExoticComponent<ComponentType<PageProps>> {
  let page = pages.get(route.name);
  if (!page) pages.set(route.name, (page = lazyView(route.name, route.page)));
  return page;
}
