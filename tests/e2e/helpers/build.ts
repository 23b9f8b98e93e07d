// The console built into dist/ as `npm run build` (the `vite build` command) builds it, for the
// e2e tests and the benches to serve. Vite and its React plugin pick React's build and the JSX
// runtime from NODE_ENV, which vitest sets to "test": built as it was, the e2e tests served
// React's development build (twice the size, slower) instead of the console users get. The
// benches build through here too, so a NODE_ENV left in a shell cannot change what they measure.
import { build, type InlineConfig } from 'vite';

/** A production build of any page (the benches' own pages too). */
export async function buildProduction(config: InlineConfig): ReturnType<typeof build> {
  const was = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return await build({ mode: 'production', ...config });
  } finally {
    // the test server checks its responses against the catalogue outside production
    if (was === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = was;
  }
}

export const buildConsoleDist = (): ReturnType<typeof build> => buildProduction({ logLevel: 'warn', configFile: 'vite.config.ts' });
