// Builds the console once for every e2e file (the server serves dist/). Both browser projects
// name this setup; the second finds the build of the first in the same run.
import { existsSync } from 'node:fs';
import { buildConsoleDist } from './helpers/build';

export default async function setup(): Promise<void> {
  if (!existsSync('/usr/bin/chromium')) {
    console.log('[e2e] /usr/bin/chromium is missing: browser tests will be skipped');
    return;
  }
  if (process.env.E2E_BUILT === '1') return;
  if (process.env.E2E_SKIP_BUILD === '1' && existsSync('dist/index.html')) return;
  await buildConsoleDist();
  process.env.E2E_BUILT = '1';
}
