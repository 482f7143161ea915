import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['test/helpers/build.ts'],
    // The default output, then skipped tests with their reasons (a failure under CI=true) and the slowest files.
    reporters: ['default', './test/helpers/skip-reporter.ts'],
  },
});
