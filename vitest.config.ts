import { defineConfig } from 'vitest/config';

// Two projects: fast unit/integration tests run in parallel; browser (e2e) tests drive
// one Chromium against real servers and run one file at a time to stay within 2 cores.
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
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          globalSetup: ['tests/e2e/global-setup.ts'],
          // after the unit project, not beside it: timing assertions need the CPU to themselves
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
