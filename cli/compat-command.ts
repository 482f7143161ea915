/**
 * `resale-kit compat --contract NEW --har RECORDING [--report json=FILE] [--report markdown=FILE]`:
 * whether the consumers a recording holds (HAR 1.2 of any writer the kit reads: `proxy --record`,
 * `conformance --record`, browser devtools, mitmproxy) break under a proposed contract NEW
 * (traffic/compat/, docs/contract-evolution.md, issue 32). Exit codes (a public interface): 0 no
 * consumer breaks, 1 a consumer breaks, 2 usage or an unreadable file. Every console line is made
 * terminal-safe: the recording's text is data; its URLs are printed through `printableUrl`.
 */
import { consoleText } from './usage-text.js';
import { Command, Option } from 'commander';
import { SHARED, terminalLines, UsageError, writeFileSafely } from '../conformance/index.js';
import { HAR_MAX_BYTES } from '../traffic/index.js';
import { COMPAT_EXIT, CompatInputError, compatExitCode, compatOf, toCompatConsoleLines, toCompatJson, toCompatMarkdown } from '../traffic/compat/index.js';
import { byteSize, collected } from './args.js';
import { distinctOutputs } from './outputs.js';

/** The report formats of `compat --report FORMAT=FILE`. */
const FORMATS = { json: toCompatJson, markdown: toCompatMarkdown } as const;
type CompatFormat = keyof typeof FORMATS;

/** One `--report FORMAT=FILE` of compat. @throws UsageError for another format or an empty path. */
export function parseCompatReport(text: string): { format: CompatFormat; path: string } {
  const at = text.indexOf('=');
  const format = text.slice(0, at);
  const path = text.slice(at + 1);
  if (at < 0 || !Object.hasOwn(FORMATS, format) || path === '') throw new UsageError('--report must be json=FILE or markdown=FILE');
  return { format: format as CompatFormat, path };
}

/** Builds the `compat` command. */
export function compatCommand(): Command {
  return new Command('compat')
    .description(
      'Whether the consumers a recording holds break under a proposed contract: requests no longer valid (operation gone, new required parameter, value refused), members received that NEW no longer promises or types differently; apart, recorded answers NEW would refuse from the server, and recorded uses of deprecated parts. Exit 0 no consumer breaks, 1 a consumer breaks, 2 usage or unreadable file.',
    )
    .addOption(new Option('--contract <file>', 'NEW: the proposed contract (YAML or JSON, OpenAPI 3.x)').makeOptionMandatory())
    .addOption(new Option('--har <file>', 'the recording: HAR 1.2 of proxy --record, conformance --record, browser devtools or mitmproxy').makeOptionMandatory())
    .addOption(new Option('--report <format=file>', 'also write the report: json=FILE (the CompatReport shape) or markdown=FILE (a pull-request comment) (repeatable)').argParser(collected(parseCompatReport)))
    .addOption(new Option('--max-har-bytes <size>', 'largest recording read, e.g. 512M (larger ones are refused)').default(HAR_MAX_BYTES, '64M').argParser(byteSize('--max-har-bytes')))
    .action((flags: { contract: string; har: string; report?: { format: CompatFormat; path: string }[]; maxHarBytes: number }) => {
      try {
        const reports = flags.report ?? [];
        // Never replace an input: a report naming the recording or the contract is refused before anything is read.
        distinctOutputs(
          reports.map((t) => [`--report ${t.format}=`, t.path] as const),
          [
            ['--har', flags.har],
            ['--contract', flags.contract],
          ],
        );
        const report = compatOf(flags.contract, flags.har, { maxHarBytes: flags.maxHarBytes });
        process.stdout.write(consoleText(toCompatConsoleLines(report)));
        for (const target of reports) writeFileSafely(target.path, FORMATS[target.format](report), { mode: SHARED, flag: '--report' });
        process.exitCode = compatExitCode(report);
      } catch (e) {
        if (e instanceof CompatInputError || e instanceof UsageError) {
          process.stderr.write(terminalLines(`error: ${e.message}\n`));
          process.exit(COMPAT_EXIT.usage);
        }
        throw e;
      }
    });
}
