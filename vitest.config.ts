import { defineConfig } from 'vitest/config';

// Browser files whose assertions time what the page does (pop-up pacing, catch-up within 10 s):
// they run alone, after the other browser files.
const TIMED_E2E = ['tests/e2e/shell/push.test.ts', 'tests/e2e/alarms/popups-after-empty-broker.test.ts'];
// Files a run leaves out (space-separated paths): CI runs the browser guards last, when time allows
// (.ci/run). Vitest's own --exclude does not reach into projects.
const LEFT_OUT = (process.env.TEST_EXCLUDE ?? '').split(/\s+/).filter(Boolean);

const browserProject = {
  environment: 'node' as const,
  testTimeout: 60_000,
  hookTimeout: 180_000,
  globalSetup: ['tests/e2e/global-setup.ts'],
  // a browser page settles in its own time: a poll gives it more than vitest's default second
  expect: { poll: { timeout: 10_000 } },
};

// Three groups, one after the other: unit and server suites on every core; browser files one at
// a time (two at once put a 2-core machine at a load of 9: Chromium's software rendering and the
// server of each file, and pages missed their waits); then the timed browser files.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{protocol,streams,server,src,tests}/**/*.test.{ts,tsx}'],
          exclude: ['tests/e2e/**', 'node_modules/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // one module graph per worker, not per file: every server suite imports the app and
          // opens PGlite, and re-importing both for each of ~120 files was two thirds of this
          // group's time (504 s → 178 s on two cores). Suites keep no state in modules they share:
          // each builds its own app, database and broker.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...browserProject,
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: [...TIMED_E2E, ...LEFT_OUT],
          fileParallelism: false,
          // one module graph for the group, as in unit: each file imported the server, Playwright
          // and the helpers again (four files: 19.8 s of imports with a graph each, 9.1 s with one,
          // on a loaded machine). Files keep no state in modules they share: each starts and
          // closes its own server and Chromium.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...browserProject,
          name: 'e2e-timed',
          include: TIMED_E2E,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
