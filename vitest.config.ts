import { defineConfig } from 'vitest/config';
import { SLOW_TESTS } from './test/tiers.js';

/**
 * Which tier runs (test/tiers.ts): `RESALE_KIT_TESTS=slow` the slow tier only (`npm run test:slow`),
 * `all` both, anything else the fast tier (`npm test`). A file named on the command line runs
 * whatever its tier.
 */
const tier = process.env.RESALE_KIT_TESTS;
const named = process.argv.some((a) => a.endsWith('.test.ts') || a.startsWith('test/'));

export default defineConfig({
  test: {
    include: tier === 'slow' && !named ? [...SLOW_TESTS] : ['test/**/*.test.ts'],
    exclude: tier === 'slow' || tier === 'all' || named ? ['**/node_modules/**'] : ['**/node_modules/**', ...SLOW_TESTS],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['test/helpers/build.ts'],
    // The default output, then skipped tests with their reasons (a failure under CI=true) and the slowest files.
    reporters: ['default', './test/helpers/skip-reporter.ts'],
  },
});
