/**
 * `resale-kit diff OLD NEW [--json FILE] [--markdown FILE] [--junit FILE] [--allow FILE]`: the
 * breaking changes between two OpenAPI 3.x contracts of the Resale Market Data API
 * (contract/diff/, docs/contract-evolution.md). Exit codes (a public interface): 0 nothing breaks
 * a client (or every breaking change is in the allow-list), 1 a breaking change, 2 usage or an
 * unreadable file. Every console line is made terminal-safe: a contract's text is data.
 */
import { consoleText } from './usage-text.js';
import { Command, Option } from 'commander';
import { distinctOutputs } from './outputs.js';
import { DIFF_EXIT, DiffInputError, diffContracts, diffExitCode, readAllowList, readChangelogAnnouncements, toConsoleLines, toJson, toJunit, toMarkdown } from '../contract/diff/index.js';
import { SHARED, terminalLines, UsageError, writeFileSafely } from '../conformance/index.js';

/** Builds the `diff` command. */
export function diffCommand(): Command {
  return new Command('diff')
    .description('Breaking changes between two OpenAPI contracts (OLD, NEW): each change with its JSON Pointer, kind, breaking or not, and provenance. Exit 0 nothing breaking, 1 breaking, 2 usage or unreadable file.')
    .argument('<old>', 'the contract clients were written against (YAML or JSON, OpenAPI 3.x)')
    .argument('<new>', 'the proposed contract')
    .addOption(new Option('--json <file>', 'also write the report as JSON (the DiffReport shape)'))
    .addOption(new Option('--markdown <file>', 'also write the report as Markdown (a pull-request comment)'))
    .addOption(new Option('--junit <file>', 'also write the report as JUnit XML (one failure per breaking change)'))
    .addOption(new Option('--allow <file>', 'allow-list JSON {"allow":[{"pointer","kind","reason"}]}: known breaking changes accepted, with their reason'))
    .addOption(new Option('--changelog <file>', 'a changelog (Markdown) whose first "## " section must announce each allowed breaking change: a bullet saying "breaking" with the change\'s JSON Pointer in backticks'))
    .action(async (before: string, after: string, flags: { json?: string; markdown?: string; junit?: string; allow?: string; changelog?: string }) => {
      try {
        distinctOutputs(
          [
            ['--json', flags.json],
            ['--markdown', flags.markdown],
            ['--junit', flags.junit],
          ],
          [
            ['OLD', before],
            ['NEW', after],
            ['--allow', flags.allow],
            ['--changelog', flags.changelog],
          ],
        );
        const allow = flags.allow !== undefined ? readAllowList(flags.allow) : [];
        const announced = flags.changelog !== undefined ? readChangelogAnnouncements(flags.changelog) : undefined;
        const report = await diffContracts(before, after, { allow, ...(announced ? { announced } : {}) });
        process.stdout.write(consoleText(toConsoleLines(report)));
        if (flags.json !== undefined) writeFileSafely(flags.json, toJson(report), { mode: SHARED, flag: '--json' });
        if (flags.markdown !== undefined) writeFileSafely(flags.markdown, toMarkdown(report), { mode: SHARED, flag: '--markdown' });
        if (flags.junit !== undefined) writeFileSafely(flags.junit, toJunit(report), { mode: SHARED, flag: '--junit' });
        process.exitCode = diffExitCode(report);
      } catch (e) {
        if (e instanceof DiffInputError || e instanceof UsageError) {
          process.stderr.write(terminalLines(`error: ${e.message}\n`));
          process.exit(DIFF_EXIT.usage);
        }
        throw e;
      }
    });
}
