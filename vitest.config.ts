import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['contracts/src/**/*.test.ts', 'services/src/**/*.test.ts', 'tools/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: PGlite start-up is CPU heavy, so keep parallel files few.
    maxWorkers: 2,
  },
});
