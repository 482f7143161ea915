/**
 * `resale-kit conformance --from-har FILE`: judges a recording offline (traffic/offline/),
 * with no server and no key; `--drift overlay.yaml` also writes what the traffic shows that the
 * contract does not say, as an OpenAPI Overlay 1.0 document for a reviewer (never applied here).
 * Exit codes as the live run: 0 pass, 1 fail, 2 usage error or unreadable recording, 3 inconclusive.
 */
import { SHARED, terminalLines, writeFileSafely, toConsoleSummary, UsageError, type ConformanceOptions, type ReportTarget } from '../conformance/index.js';
import { DriftCollector, driftLines } from '../traffic/drift/drift.js';
import { judgeRecording } from '../traffic/offline/judge-recording.js';
import { overlayYaml } from '../traffic/drift/overlay.js';
import { HarReadError } from '../traffic/har/read.js';
import { writeReports } from './reports.js';

/** What the offline run takes from the command line. */
export interface OfflineFlags extends Partial<Omit<ConformanceOptions, 'baseUrl' | 'replay' | 'onProgress'>> {
  fromHar: string;
  tiers: Record<string, string>;
  /** `--max-har-bytes`: the largest recording read, bytes. */
  maxHarBytes?: number;
  drift?: string;
  report: ReportTarget[];
}

/**
 * Runs the offline judge and prints as the live run does.
 * @returns the exit code (0 pass, 1 fail, 2 usage, 3 inconclusive).
 */
export async function runOffline(flags: OfflineFlags): Promise<number> {
  const { fromHar, tiers, drift, report: targets, ...options } = flags;
  let clean = (text: string): string => text;
  const err = (text: string): boolean => process.stderr.write(terminalLines(clean(text)));
  try {
    const result = await judgeRecording({ ...options, path: fromHar, tiers, onProgress: (line) => err(`${line}\n`) });
    clean = (text) => result.redactor.text(text);
    const u = result.unjudged;
    err(
      `recording: ${result.recorded.length} exchanges judged; not judged: ${u.notApi} not of the API, ${u.otherMethod} OPTIONS/HEAD, ${u.noAnswer} without an answer (status 0), ${u.noBody} without a captured body, ${u.tooLarge > 0 ? `${u.tooLarge} whose compressed body would inflate past the bound (8 MiB an entry, 64 MiB a file), ` : ''}${result.problems.length} malformed\n`,
    );
    for (const c of result.callers) err(`  caller ${c.caller}: tier ${c.tier ?? 'unknown (give --tier TAG=TIER)'}, ${c.exchanges} exchanges\n`);
    // As mock --replay words it (the loader's messages): each names the entry and the JSON Pointer of the field.
    if (result.problems.length > 0)
      err(
        `warning: --from-har: ${result.problems.length} entries of ${fromHar} skipped:\n  ${result.problems
          .slice(0, 20)
          .map((p) => p.message)
          .join('\n  ')}\n`,
      );
    writeReports(targets, result.report, clean, (line) => err(`${line}\n`));
    process.stdout.write(terminalLines(clean(`${toConsoleSummary(result.report)}\n`)));
    if (drift) {
      const collector = new DriftCollector(undefined, clean);
      for (const r of result.recorded) collector.add(r.ex);
      const found = collector.findings();
      for (const line of driftLines(found)) err(`${line}\n`);
      if (collector.dropped > 0) err(`  ... and ${collector.dropped} more findings not kept (at most ${found.length} are)\n`);
      writeFileSafely(drift, clean(overlayYaml(found, fromHar)), { mode: SHARED, flag: '--drift' });
      err(`wrote the drift overlay (${found.filter((f) => f.kind !== 'never-seen').length} actions) to ${drift}; review it, then apply it with an overlay tool (it is never applied here)\n`);
    }
    return { pass: 0, fail: 1, inconclusive: 3 }[result.report.summary.verdict];
  } catch (e) {
    if (e instanceof HarReadError || e instanceof UsageError) {
      err(`error: --from-har: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}
