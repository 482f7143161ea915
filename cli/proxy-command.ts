/**
 * `resale-kit proxy` / `npm run proxy`: the validation proxy. Forwards every request to
 * `--upstream` (its origin, under its base path; see traffic/target.ts) and returns
 * its answers byte for byte, judging each with the suite's
 * response checks (`x-contract-violations: N` on every answer, one line per violation on
 * stderr); `--record FILE.har` records every exchange as it goes (`--record-max-bytes` rotates
 * the file by size); on SIGINT, SIGTERM or SIGHUP the reports are
 * written and the proxy exits 0.
 */
import { Command, Option } from 'commander';
import { byteSize, collected, timerMs, wholeNumber } from './args.js';
import { distinctOutputs } from './outputs.js';
import { parseReportTarget, REPORT_TARGET_FORMS, terminalLines, toConsoleSummary, UsageError, type ReportTarget } from '../conformance/index.js';
import { startProxy, type JudgeMode } from '../traffic/index.js';
import { printableUrl } from '../contract/index.js';
import { checkReadyFile, removeReadyFile, writeReadyFile } from './ready-file.js';
import { onStopSignals } from './signals.js';
import { writeReports } from './reports.js';

/** Milliseconds the proxy may take to stop after SIGINT, SIGTERM or SIGHUP before it exits regardless. */
export const STOP_DEADLINE_MS = 1500;

/** The port the proxy listens on unless `--port` says otherwise. */
export const PROXY_PORT = 4020;

/** Builds the `proxy` command. */
export function proxyCommand(): Command {
  return new Command('proxy')
    .description('Validation proxy: forward every request to --upstream (its origin, under its base path; a target that would leave it is a 400), pass each answer back byte for byte, judge it against the contract, optionally record a HAR.')
    .addOption(new Option('--upstream <url>', 'the server to forward to, e.g. https://staging.example.com (required)'))
    .addOption(new Option('-p, --port <port>', 'port to listen on (0 picks a free one)').default(PROXY_PORT).argParser(wholeNumber('--port')))
    .addOption(new Option('--host <host>', 'interface to listen on').default('127.0.0.1'))
    .addOption(
      new Option('--timeout <ms>', "milliseconds: the wait for the upstream's response headers (then 504), and the idle time between two body chunks (then the connection is aborted)").default(30_000).argParser(timerMs('--timeout')),
    )
    .addOption(
      new Option('--judge <mode>', 'sync: judge before answering (x-contract-violations: N); async: answer first, judge in the background (bounded queue; overflow reported as "not judged: overload")')
        .choices(['sync', 'async'])
        .default('sync'),
    )
    .addOption(new Option('--record <file.har>', 'write a HAR 1.2 recording of every exchange (secrets removed; callers told apart by a salted hash of their key)'))
    .addOption(new Option('--record-max-bytes <size>', 'with --record: start a new file (FILE.1.har, FILE.2.har, ...) before one passes this size, e.g. 256M; each file is a valid HAR').argParser(byteSize('--record-max-bytes')))
    .addOption(new Option('--ready-file <path>', 'once listening, write the URL to this file (removed at stop): scripts wait for it, or use resale-kit wait URL'))
    .addOption(new Option('--report <format=path>', `on exit, write a report of everything judged: ${REPORT_TARGET_FORMS} (repeatable)`).argParser(collected(parseReportTarget)))
    .action(async (flags: { upstream?: string; port: number; host: string; timeout: number; judge: JudgeMode; record?: string; recordMaxBytes?: number; report?: ReportTarget[]; readyFile?: string }, cmd: Command) => {
      if (!flags.upstream) {
        process.stderr.write('error: --upstream is required (the server to forward to, e.g. http://127.0.0.1:4010)\n');
        process.exit(2);
      }
      const err = (text: string): boolean => process.stderr.write(terminalLines(`${text}\n`));
      let proxy: Awaited<ReturnType<typeof startProxy>>;
      try {
        distinctOutputs([['--record', flags.record], ['--ready-file', flags.readyFile], ...(flags.report ?? []).map((r) => [`--report ${r.format}=`, r.path] as const)]);
        checkReadyFile(flags.readyFile);
        proxy = await startProxy({ upstream: flags.upstream, port: flags.port, host: flags.host, timeoutMs: flags.timeout, judge: flags.judge, record: flags.record, recordMaxBytes: flags.recordMaxBytes, onLine: err });
      } catch (e) {
        const hint = (e as NodeJS.ErrnoException).code === 'EADDRINUSE' ? ' (the port is in use: pick another with --port, or stop the other server)' : '';
        const why = e instanceof UsageError ? e.message : `cannot listen on ${flags.host}:${flags.port}: ${(e as Error).message}${hint}`;
        err(`error: ${why}`);
        process.exit(2);
      }
      // SIGINT/SIGTERM/SIGHUP (cli/signals.ts): the reports come from the aggregates (cheap at any run length); whatever
      // happens, the process is gone within STOP_DEADLINE_MS. A second signal exits at once.
      let stopping = false;
      const stop = async (): Promise<void> => {
        if (stopping) process.exit(130);
        stopping = true;
        removeReadyFile(flags.readyFile);
        setTimeout(() => {
          err(`note: stopping took longer than ${STOP_DEADLINE_MS} ms; exiting without waiting further`);
          process.exit(0);
        }, STOP_DEADLINE_MS).unref();
        const report = await proxy.close();
        writeReports(flags.report ?? [], report, (text) => text, err);
        const { answers, violations, notFullyJudged, overload } = proxy.stats();
        process.stdout.write(
          `${terminalLines(toConsoleSummary(report, new Set(cmd.options.flatMap((o) => (o.long ? [o.long] : [])))))}\n${answers} answers judged, ${violations} contract violations, ${notFullyJudged} not fully judged, ${overload} not judged (overload)\n`,
        );
        process.exit(0);
      };
      // Stoppable before it says it is ready: a signal sent on the banner or the ready file stops it cleanly.
      onStopSignals(() => void stop());
      process.stdout.write(
        [
          `resale-kit proxy listening on ${proxy.url}`,
          `  forwarding to ${terminalLines(printableUrl(flags.upstream))}`,
          ...(flags.record ? [`  recording to ${flags.record}`] : []),
          '  every answer gets x-contract-violations; Ctrl-C writes the reports',
          '',
        ].join('\n'),
      );
      if (flags.readyFile !== undefined) {
        try {
          writeReadyFile(flags.readyFile, proxy.url);
        } catch (e) {
          err(`error: ${(e as Error).message}`);
          await proxy.close();
          process.exit(2);
        }
      }
    });
}
