/**
 * `resale-kit conformance` / `npm run conformance`: runs the conformance suite against a server.
 * Exit codes (a public interface, documented in the README and docs/conformance-report.md):
 * 0 pass, 1 a must-level failure (or should-level under --strict), 2 usage error or server
 * unreachable, 3 inconclusive (nothing failed, but a must-level check judged nothing).
 * Every line written (stdout, stderr, report files) passes through the run's redactor, and
 * console lines are made terminal-safe.
 */
import { Command, Option } from 'commander';
import { byteSize, collected, decimalNumber } from './args.js';
import { writeReports } from './reports.js';
import {
  CHECKS,
  CONFORMANCE_DEFAULTS,
  HAR_MAX_BYTES,
  loadHar,
  parseHeader,
  parsePathSegment,
  parseReportTarget,
  redactorFor,
  REPORT_TARGET_FORMS,
  runConformance,
  terminalLines,
  toConsoleSummary,
  UnreachableError,
  UsageError,
  type ReportTarget,
} from '../conformance/index.js';

/** Exit codes of `resale-kit conformance`. */
export const EXIT = { pass: 0, fail: 1, usage: 2, inconclusive: 3 } as const;

const list = (text: string, prev: string[] = []): string[] => [
  ...prev,
  ...text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
];

interface Flags {
  baseUrl: string;
  apiKey?: string;
  freeKey?: string;
  header?: [string, string][];
  pathSegment?: [string, string][];
  query?: string[];
  rateLimit: number;
  timeout: number;
  maxTime: number;
  maxRequests: number;
  allowSkip?: string[];
  seed: string;
  fuzzRequests: number;
  fromHar?: string;
  maxHarBytes: number;
  checks?: string[];
  excludeChecks?: string[];
  strict?: boolean;
  report?: ReportTarget[];
  listChecks?: boolean;
}

/** Builds the `conformance` command. */
export function conformanceCommand(): Command {
  const d = CONFORMANCE_DEFAULTS;
  return new Command('conformance')
    .description('Judge a server against the Resale Market Data API contract: must-level rules of the description, should-level decisions.')
    .addOption(new Option('--base-url <url>', 'base URL of the server under test, e.g. http://127.0.0.1:4010'))
    .addOption(new Option('--api-key <key>', 'API key of an entitled (paid) caller, sent as Authorization: Bearer <key>').env('RESALE_KIT_API_KEY'))
    .addOption(new Option('--free-key <key>', 'API key of a caller that is not entitled; enables the tier checks').env('RESALE_KIT_FREE_KEY'))
    .addOption(new Option('--header <header>', "extra header for every request, 'Name: value' (repeatable; values never appear in output)").argParser(collected(parseHeader)))
    .addOption(new Option('--path-segment <map>', 'marketplace path segment of the server, market_a=NAME or market_b=NAME (repeatable)').argParser(collected(parsePathSegment)))
    .addOption(new Option('--query <term>', `search term used to discover products (repeatable; default: ${d.queries.join(', ')})`).argParser(collected((t: string) => t)))
    .addOption(new Option('--rate-limit <n>', 'requests per second at most (0: no limit)').default(d.rateLimit).argParser(decimalNumber('--rate-limit')))
    .addOption(new Option('--timeout <ms>', 'timeout of one request, milliseconds').default(d.timeoutMs).argParser(decimalNumber('--timeout')))
    .addOption(new Option('--max-time <seconds>', 'bound of the whole run in seconds: no request starts and no Retry-After is waited for past it').default(d.maxTimeMs / 1000).argParser(decimalNumber('--max-time')))
    .addOption(new Option('--max-requests <n>', 'requests the run may make at most, retries included').default(d.maxRequests).argParser(decimalNumber('--max-requests')))
    .addOption(new Option('--from-har <file.har>', 'judge a recording (resale-kit proxy --record) instead of a live server; requests it does not hold make their checks skip'))
    .addOption(new Option('--max-har-bytes <size>', 'with --from-har: largest recording read, e.g. 512M (larger ones are refused)').default(HAR_MAX_BYTES, '64M').argParser(byteSize('--max-har-bytes')))
    .addOption(new Option('--seed <seed>', 'seed of the generated phases: the same seed against the same server sends the same requests').default(String(d.seed)))
    .addOption(new Option('--fuzz-requests <n>', 'fuzz requests per operation (0 turns the fuzz phase off)').default(d.fuzzRequests).argParser(decimalNumber('--fuzz-requests')))
    .addOption(new Option('--allow-skip <ids>', 'must-level checks that may judge nothing without making the run inconclusive (exit 3), e.g. for a run without a paid key (comma-separated, repeatable)').argParser(list))
    .addOption(new Option('--checks <ids>', 'run only these checks (comma-separated, repeatable)').argParser(list))
    .addOption(new Option('--exclude-checks <ids>', 'skip these checks (comma-separated, repeatable)').argParser(list))
    .addOption(new Option('--strict', 'should-level failures also fail the run (exit 1)'))
    .addOption(new Option('--report <format=path>', `write a report: ${REPORT_TARGET_FORMS} (repeatable)`).argParser(collected(parseReportTarget)))
    .addOption(new Option('--list-checks', 'list the checks with their level and requirement, and exit'))
    .action(async (flags: Flags) => {
      if (flags.listChecks) {
        for (const c of CHECKS) process.stdout.write(`${c.id.padEnd(28)} ${c.level.padEnd(6)} ${c.title}\n${' '.repeat(36)}${c.requirement}\n`);
        return;
      }
      let replay: ReturnType<typeof loadHar> | undefined;
      if (flags.fromHar) {
        try {
          replay = loadHar(flags.fromHar, { maxBytes: flags.maxHarBytes });
          if (replay.skipped > 0) process.stderr.write(terminalLines(`warning: --from-har: ${replay.skipped} entries of ${flags.fromHar} skipped:\n  ${replay.warnings.join('\n  ')}\n`));
        } catch (e) {
          process.stderr.write(terminalLines(`error: --from-har: ${(e as Error).message}\n`));
          process.exit(EXIT.usage);
        }
        // The recording's origin stands in for --base-url: requests are matched by path and query.
        flags.baseUrl ??= new URL(replay.har.log.entries[0]?.request.url ?? 'http://recorded.invalid').origin;
      }
      if (!flags.baseUrl) {
        process.stderr.write('error: --base-url is required (the server to judge, e.g. http://127.0.0.1:4010)\n');
        process.exit(EXIT.usage);
      }
      const headers = Object.fromEntries(flags.header ?? []);
      // The one output path: redacted, and made terminal-safe for the console.
      const redactor = redactorFor({ apiKey: flags.apiKey, freeKey: flags.freeKey, headers });
      const out = (text: string): boolean => process.stdout.write(terminalLines(redactor.text(text)));
      const err = (text: string): boolean => process.stderr.write(terminalLines(redactor.text(text)));
      try {
        const report = await runConformance({
          baseUrl: flags.baseUrl,
          apiKey: flags.apiKey,
          freeKey: flags.freeKey,
          headers,
          pathSegments: Object.fromEntries(flags.pathSegment ?? []),
          queries: flags.query,
          rateLimit: flags.rateLimit,
          timeoutMs: flags.timeout,
          maxTimeMs: flags.maxTime * 1000,
          maxRequests: flags.maxRequests,
          allowSkip: flags.allowSkip,
          seed: /^-?\d{1,9}$/.test(flags.seed) ? Number(flags.seed) : flags.seed,
          fuzzRequests: flags.fuzzRequests,
          replay,
          checks: flags.checks,
          excludeChecks: flags.excludeChecks,
          strict: flags.strict === true,
          onProgress: (line) => err(`${line}\n`),
        });
        writeReports(
          flags.report ?? [],
          report,
          (text) => redactor.text(text),
          (line) => err(`${line}\n`),
        );
        out(`${toConsoleSummary(report)}\n`);
        for (const e of report.errors) err(`suite error: ${e.message}\n`);
        process.exitCode = EXIT[report.summary.verdict];
      } catch (e) {
        if (e instanceof UsageError || e instanceof UnreachableError) {
          err(`error: ${e.message}\n`);
          process.exit(EXIT.usage);
        }
        throw e;
      }
    });
}
