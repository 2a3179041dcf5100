import { defineConfig } from 'vitest/config';

// Three kinds of tests, one command: `npm test` runs them all.
// Integration and browser tests share real backends started once by tests/support/global-setup.ts; each integration
// file has its own database and Redis key prefix, so files run side by side. Two kinds run alone afterwards: the
// files that assert the spec's timings (auto-dial gaps, restarts after a killed process, shedding latency), so how
// busy the other files keep the two cores cannot decide them, and the files that change a server-wide setting of
// the shared backends (the TTL sweep interval).
const ALONE_INTEGRATION = [
  'tests/integration/dialer-autodial.test.ts',
  'tests/integration/dialer-sip.test.ts',
  'tests/integration/dialer-sip-node-kill.test.ts',
  'tests/integration/dialer-sip-api-restart.test.ts',
  'tests/integration/dialer-sip-worker-process.test.ts',
  'tests/integration/dialer-sip-room.test.ts',
  'tests/integration/dialer-transfers.test.ts',
  'tests/integration/dialer-sip-room-transfer.test.ts',
  'tests/integration/dialer-sip-room-inbound.test.ts',
  'tests/integration/dialer-inbound.test.ts',
  'tests/integration/fault-*.test.ts',
  'tests/integration/overload.test.ts',
  'tests/integration/overload-process.test.ts',
  'tests/integration/capacity-ci.test.ts',
  'tests/integration/startup.test.ts',
  'tests/integration/embedded-mongo-ttl.test.ts',
];
const SIDE_BY_SIDE = Number(process.env.TEST_WORKERS ?? 3);

const integration = {
  environment: 'node',
  globalSetup: ['tests/support/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Property tests run thousands of cases beside the integration files: 5 s is too tight on a busy machine.
          testTimeout: 20_000,
          maxWorkers: SIDE_BY_SIDE,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...integration,
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: ALONE_INTEGRATION,
          maxWorkers: SIDE_BY_SIDE,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...integration,
          name: 'integration-alone',
          include: ALONE_INTEGRATION,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
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
