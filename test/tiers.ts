/**
 * The two tiers of the test suite (issue 31 item 7: `npm test` within 5 minutes on an idle 2-core
 * machine, without dropping coverage).
 * - The fast tier, `npm test`: lint, generated files, types, and every test file not listed below
 *   (in-process tests of the contract, the mock, the suite and the traffic tools).
 * - The slow tier, `npm run test:slow`: the files below. They start the built CLI or other
 *   processes (Chromium, Java, npm pack, the held-out servers), or run the whole suite many times
 *   (mutants, the statement ledger, bad servers). `.ci/run` runs both tiers, so CI covers all.
 * `test/architecture/tiers.test.ts` fails when a file that starts a process is not listed here,
 * or when a name here matches no file.
 */
export const SLOW_TESTS: readonly string[] = [
  // Suite-wide runs, in process.
  'test/conformance/mutants.test.ts',
  'test/conformance/bad-servers.test.ts',
  'test/conformance/ledger.test.ts',
  'test/conformance/against-mock.test.ts',
  'test/conformance/free-key-only.test.ts',
  'test/docs/ci-recipes.test.ts',
  'test/docs/reference.test.ts',
  'test/mock/listener-bounds.test.ts',
  'test/mock/data-file-serve.test.ts',
  'test/bench.test.ts',
  'test/bench-help.test.ts',
  // Tests that start processes.
  'test/browser/edge-answers.test.ts',
  'test/browser/storefront.test.ts',
  'test/cli/env.test.ts',
  'test/cli/hints.test.ts',
  'test/cli/inputs.test.ts',
  'test/cli/outputs.test.ts',
  'test/cli/readiness.test.ts',
  'test/cli/skips.test.ts',
  'test/cli/usage-errors.test.ts',
  'test/cli/consoles.test.ts',
  'test/cli/serving-thread.test.ts',
  'test/conformance/baseline.test.ts',
  'test/conformance/certificate-strict.test.ts',
  'test/conformance/certificate.test.ts',
  'test/conformance/cli.test.ts',
  'test/conformance/file-writer.test.ts',
  'test/conformance/generated.test.ts',
  'test/conformance/held-out-3.test.ts',
  'test/conformance/held-out-4.test.ts',
  'test/conformance/held-out-5.test.ts',
  'test/conformance/held-out-6.test.ts',
  'test/conformance/held-out-7.test.ts',
  'test/conformance/held-out-8.test.ts',
  'test/conformance/held-out.test.ts',
  'test/conformance/hostile.test.ts',
  'test/conformance/one-verdict.test.ts',
  'test/conformance/profiles.test.ts',
  'test/conformance/reference.test.ts',
  'test/conformance/url-secrets.test.ts',
  'test/contract/diff.test.ts',
  'test/contract/portability-specmatic.test.ts',
  'test/mock/cli.test.ts',
  'test/mock/connections.test.ts',
  'test/mock/data-file-rules.test.ts',
  'test/mock/data-file.test.ts',
  'test/mock/deprecation.test.ts',
  'test/mock/expert-audit.test.ts',
  'test/mock/keys.test.ts',
  'test/mock/rate-limit-store.test.ts',
  'test/mock/tick-maps-v8.test.ts',
  'test/mock/workers-heal.test.ts',
  'test/mock/workers.test.ts',
  'test/package/consumers.test.ts',
  'test/package/portability-generators.test.ts',
  'test/readme.test.ts',
  'test/traffic/cli.test.ts',
  'test/traffic/compat.test.ts',
  'test/traffic/drift-credentials.test.ts',
  'test/traffic/drift.test.ts',
  'test/traffic/har-inflation.test.ts',
  'test/traffic/hostile-recordings.test.ts',
  'test/traffic/hostile-upstream.test.ts',
  'test/traffic/offline.test.ts',
  'test/traffic/overlay-names.test.ts',
  'test/traffic/recorder.test.ts',
  'test/traffic/replay-roundtrip.test.ts',
  'test/traffic/secret-query.test.ts',
  'test/traffic/signals-record.test.ts',
  'test/traffic/signals.test.ts',
];

/** The text by which a test file is seen to start a process (the tiers test reads every file for it). */
export const STARTS_PROCESSES = /\b(runCli|runToEnd|spawn|execFile|execFileSync|execSync|fork)\b|helpers\/cli\.js|helpers\/heldout\.js/;
