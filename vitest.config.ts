import { defineConfig } from 'vitest/config';

// Three kinds of tests, one command: `npm test` runs them all.
// Integration and browser tests share real backends started once by tests/support/global-setup.ts.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/app-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
