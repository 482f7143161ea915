/**
 * `resale-kit conformance` / `npm run conformance`: runs the conformance suite against a server.
 * Exit codes (a public interface, documented in the README and docs/conformance-report.md):
 * 0 pass, 1 a must-level failure (or should-level under --strict), 2 usage error or server
 * unreachable, 3 inconclusive (nothing failed, but a must-level check judged nothing).
 * Every line written (stdout, stderr, report files) passes through the run's redactor, and
 * console lines are made terminal-safe.
 */
import { Command, Option } from 'commander';
import { byteSize, collected, decimalNumber, timerMs } from './args.js';
import { distinctOutputs } from './outputs.js';
import { writeReports } from './reports.js';
import { runOffline } from './conformance-offline.js';
import { parseTierMapping } from '../traffic/offline/recorded.js';

import { writeRunOutputs } from './run-outputs.js';
import {
  CHECKS,
  CONFORMANCE_DEFAULTS,
  MAX_FUZZ_REQUESTS,
  parseHeader,
  parsePathSegment,
  parseReportTarget,
  redactorFor,
  REPORT_TARGET_FORMS,
  runConformance,
  terminalLines,
  terminalSafe,
  weakReason,
  toConsoleSummary,
  UnreachableError,
  UsageError,
  listProfiles,
  loadBaseline,
  loadPrivateKey,
  type Baseline,
  type Exchange,
  type LoadedKey,
  type ReportTarget,
} from '../conformance/index.js';
import { HAR_MAX_BYTES } from '../traffic/index.js';
import { listOperations, loadContract } from '../contract/index.js';

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
  writeMethods?: boolean;
  strict?: boolean;
  report?: ReportTarget[];
  listChecks?: boolean;
  tier?: [string, string][];
  drift?: string;

  profile?: string;
  listProfiles?: boolean;
  baseline?: string;
  writeBaseline?: string;
  certificate?: string;
  signKey?: string;
  record?: string;
}

/** The run's options that a live run and an offline (`--from-har`) run read alike from the flags. */
const runOptions = (flags: Flags) => ({
  apiKey: flags.apiKey,
  freeKey: flags.freeKey,
  headers: Object.fromEntries(flags.header ?? []),
  pathSegments: Object.fromEntries(flags.pathSegment ?? []),
  queries: flags.query,
  maxRequests: flags.maxRequests,
  allowSkip: flags.allowSkip,
  seed: /^-?\d{1,9}$/.test(flags.seed) ? Number(flags.seed) : flags.seed,
  fuzzRequests: flags.fuzzRequests,
  checks: flags.checks,
  excludeChecks: flags.excludeChecks,
  writeMethods: flags.writeMethods !== false,
  strict: flags.strict === true,
});

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
    .addOption(new Option('--timeout <ms>', 'timeout of one request, milliseconds').default(d.timeoutMs).argParser(timerMs('--timeout')))
    .addOption(new Option('--max-time <seconds>', 'bound of the whole run in seconds: no request starts and no Retry-After is waited for past it').default(d.maxTimeMs / 1000).argParser(decimalNumber('--max-time')))
    .addOption(new Option('--max-requests <n>', 'requests the run may make at most, retries included').default(d.maxRequests).argParser(decimalNumber('--max-requests')))
    .addOption(
      new Option(
        '--from-har <file.har>',
        'judge a recording offline instead of a live server: any HAR 1.2 file (resale-kit proxy --record, Chrome, Firefox, mitmproxy); no --base-url and no key needed; checks whose requests it lacks say what to record',
      ),
    )
    .addOption(
      new Option('--tier <tag=tier>', 'with --from-har: the tier of a caller of the recording (its caller tag, key:HASH or none; tier Free, Starter, Pro, Enterprise), when the X-Key-Type header does not say it (repeatable)').argParser(
        collected(parseTierMapping),
      ),
    )
    .addOption(new Option('--drift <overlay.yaml>', 'with --from-har: report what the traffic shows that the contract does not declare, and write it as an OpenAPI Overlay 1.0 document to review (never applied)'))
    .addOption(new Option('--max-har-bytes <size>', 'with --from-har: largest recording read, e.g. 512M (larger ones are refused)').default(HAR_MAX_BYTES, '64M').argParser(byteSize('--max-har-bytes')))
    .addOption(new Option('--seed <seed>', 'seed of the generated phases: the same seed against the same server sends the same requests').default(String(d.seed)))
    .addOption(new Option('--fuzz-requests <n>', `fuzz requests per operation (0 turns the fuzz phase off; at most --max-requests and ${MAX_FUZZ_REQUESTS})`).default(d.fuzzRequests).argParser(decimalNumber('--fuzz-requests')))
    .addOption(new Option('--allow-skip <ids>', 'must-level checks that may judge nothing without making the run inconclusive (exit 3), e.g. for a run without a paid key (comma-separated, repeatable)').argParser(list))
    .addOption(new Option('--checks <ids>', 'run only these checks (comma-separated, repeatable)').argParser(list))
    .addOption(new Option('--no-write-methods', 'do not send POST, PUT, PATCH or DELETE (sent by default without a body, to ids that cannot exist, to judge §1 read-only); read-only-methods and method-not-allowed are then not run'))
    .addOption(new Option('--exclude-checks <ids>', 'skip these checks (comma-separated, repeatable)').argParser(list))
    .addOption(new Option('--strict', 'should-level failures also fail the run (exit 1)'))
    .addOption(new Option('--report <format=path>', `write a report: ${REPORT_TARGET_FORMS} (repeatable)`).argParser(collected(parseReportTarget)))
    .addOption(new Option('--list-checks', 'list the checks with their level and requirement, and exit'))
    .addOption(new Option('--profile <name>', `what the server claims to implement: ${profileNames().join(', ')} (see --list-profiles); results outside the claim are "not claimed", never failures`).default(d.profile))
    .addOption(new Option('--list-profiles', 'list the profiles (derived from the contract) with the operations each claims, and exit'))
    .addOption(new Option('--baseline <file.json>', 'accepted failures (conformance/certificate/baseline.schema.json): matching findings do not fail the run; new ones do; expired entries fail again'))
    .addOption(new Option('--write-baseline <file.json>', "write this run's failures as a baseline to edit (give each a reason and an optional expiry)"))
    .addOption(new Option('--certificate <file.json>', 'write a conformance certificate (conformance/certificate/certificate.schema.json); unsigned without --sign-key'))
    .addOption(new Option('--sign-key <key.pem>', 'sign the certificate with this Ed25519 (or ECDSA P-256) private key, PEM; the key is never written anywhere'))
    .addOption(
      new Option('--record <file.har>', "write the run's GET exchanges as HAR 1.2 (secrets removed; not the write-method, HEAD and conditional requests, which --from-har cannot judge); with --certificate its digest is the run's evidence"),
    )
    .action(async (flags: Flags) => {
      if (flags.listChecks) {
        for (const c of CHECKS) process.stdout.write(`${c.id.padEnd(28)} ${c.level.padEnd(6)} ${c.title}\n${' '.repeat(36)}${c.requirement}\n`);
        return;
      }
      if (flags.drift && !flags.fromHar) {
        process.stderr.write('error: --drift needs --from-har (the recording to learn from)\n');
        process.exit(EXIT.usage);
      }
      if (flags.tier && !flags.fromHar) {
        process.stderr.write('error: --tier needs --from-har (it names callers of a recording)\n');
        process.exit(EXIT.usage);
      }
      if (flags.fromHar) {
        // Offline: the recording is judged as it is (traffic/offline/); keys only name tiers.
        try {
          distinctOutputs([['--drift', flags.drift], ...(flags.report ?? []).map((r) => [`--report ${r.format}=`, r.path] as const)], [['--from-har', flags.fromHar]]);
        } catch (e) {
          process.stderr.write(`error: ${terminalLines((e as Error).message)}\n`);
          process.exit(EXIT.usage);
        }
        if (flags.baseUrl) process.stderr.write('note: --base-url is not used with --from-har (the recording is judged as it is)\n');
        process.exitCode = await runOffline({
          fromHar: flags.fromHar,
          maxHarBytes: flags.maxHarBytes,
          tiers: Object.fromEntries(flags.tier ?? []),
          drift: flags.drift,
          report: flags.report ?? [],
          ...runOptions(flags),
        });
        return;
      }

      if (flags.listProfiles) {
        const doc = loadContract();
        for (const p of listProfiles(doc, listOperations(doc))) process.stdout.write(`${p.name.padEnd(12)} ${p.description}\n${' '.repeat(13)}operations: ${p.operations.join(', ')}\n`);
        return;
      }
      let baseline: Baseline | undefined;
      let signKey: LoadedKey | undefined;
      try {
        if (flags.signKey && !flags.certificate) throw new UsageError('--sign-key signs a certificate: give --certificate FILE too');
        distinctOutputs(
          [['--record', flags.record], ['--write-baseline', flags.writeBaseline], ['--certificate', flags.certificate], ['--drift', flags.drift], ...(flags.report ?? []).map((r) => [`--report ${r.format}=`, r.path] as const)],
          [
            ['--sign-key', flags.signKey],
            ['--from-har', flags.fromHar],
            ['--baseline', flags.baseline],
          ],
        );
        if (flags.baseline) baseline = loadBaseline(flags.baseline);
        const weak = baseline?.accepted.filter((x) => weakReason(x.reason)) ?? [];
        // --strict is the gate that fails on should-level findings: there, accepting a finding needs a reason (newcomer probe: the TODO reason passed).
        if (flags.strict && weak.length > 0)
          throw new UsageError(
            `--strict with --baseline: ${weak.length} entr${weak.length === 1 ? 'y gives' : 'ies give'} no real reason (${weak
              .slice(0, 3)
              .map((e) => `${terminalSafe(e.check)} on ${terminalSafe(e.operation)}`)
              .join('; ')}${weak.length > 3 ? '; ...' : ''}); write why each finding is accepted in its "reason", or remove the entry`,
          );
        for (const e of weak)
          process.stderr.write(
            `warning: the baseline entry for ${terminalSafe(e.check)} on ${terminalSafe(e.operation)} gives no real reason (${JSON.stringify(terminalSafe(e.reason))}); say why the finding is accepted, or remove the entry\n`,
          );
        if (flags.signKey) signKey = await loadPrivateKey(flags.signKey);
      } catch (e) {
        process.stderr.write(`error: ${terminalLines((e as Error).message)}\n`);
        process.exit(EXIT.usage);
      }
      if (!flags.baseUrl) {
        process.stderr.write('error: --base-url is required (the server to judge, e.g. http://127.0.0.1:4010)\n');
        process.exit(EXIT.usage);
      }
      const headers = Object.fromEntries(flags.header ?? []);
      // The one output path: redacted, and made terminal-safe for the console.
      const redactor = redactorFor({ apiKey: flags.apiKey, freeKey: flags.freeKey, headers, baseUrl: flags.baseUrl });
      const out = (text: string): boolean => process.stdout.write(terminalLines(redactor.text(text)));
      const err = (text: string): boolean => process.stderr.write(terminalLines(redactor.text(text)));
      let exchanges: readonly Exchange[] = [];
      try {
        const options = {
          baseUrl: flags.baseUrl,
          ...runOptions(flags),
          rateLimit: flags.rateLimit,
          timeoutMs: flags.timeout,
          maxTimeMs: flags.maxTime * 1000,
          profile: flags.profile,
          baseline,
          onExchanges: (list: readonly Exchange[]) => {
            exchanges = list;
          },
          onProgress: (line: string) => err(`${line}\n`),
        };
        const report = await runConformance(options);
        const endedAt = Date.parse(report.startedAt) + report.durationMs;
        writeReports(
          flags.report ?? [],
          report,
          (text) => redactor.text(text),
          (line) => err(`${line}\n`),
        );
        await writeRunOutputs({ record: flags.record, writeBaseline: flags.writeBaseline, certificate: flags.certificate, signKey, baseline }, report, options, exchanges, redactor, endedAt, (line) => err(`${line}\n`));
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

/** The profile names, for --help. */
function profileNames(): string[] {
  const doc = loadContract();
  return listProfiles(doc, listOperations(doc)).map((p) => p.name);
}
