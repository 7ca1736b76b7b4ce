import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: PGlite start-up is CPU heavy, so keep parallel files few.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'contracts/src/**/*.test.ts',
            'services/src/**/*.test.ts',
            'services/bench/**/*.test.ts',
            'tools/**/*.test.ts',
            'shell/kit/build/**/*.test.ts',
            'shell/e2e/**/*.test.ts',
            'deploy/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          setupFiles: ['tools/testing/web-setup.ts'],
          include: ['shell/src/**/*.test.{ts,tsx}', 'shell/kit/src/**/*.test.{ts,tsx}', 'mfe-*/src/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
