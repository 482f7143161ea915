/**
 * Outside attacker, finding 16: the proxy's verdict told its user to "give a paid key with
 * --api-key (or RESALE_KIT_API_KEY), or accept a partial run with --allow-skip", options the
 * proxy does not have. A hint names only options of the command that printed it: every `--flag`
 * in everything a verdict-printing command writes (console, JSON and JUnit reports) is an option
 * of that command's --help.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceCommand } from '../../cli/conformance-command.js';
import { diffCommand } from '../../cli/diff-command.js';
import { mockCommand } from '../../cli/mock-command.js';
import { proxyCommand } from '../../cli/proxy-command.js';
import { verifyCommand } from '../../cli/verify-command.js';
import { waitCommand } from '../../cli/wait-command.js';
import { toConsoleSummary, type Report } from '../../conformance/index.js';
import { BIN, listeningUrl, runCli } from '../helpers/cli.js';
import { listeningMock } from '../helpers/servers.js';

const dir = mkdtempSync(join(tmpdir(), 'hints-'));
let upstream: Awaited<ReturnType<typeof listeningMock>>;
beforeAll(async () => {
  upstream = await listeningMock({ seed: 'hints', products: 200 });
});
afterAll(async () => {
  await upstream?.close();
});

/** The long options a command's --help lists (and commander's own). */
const optionsOf = (c: Command): Set<string> => new Set([...c.options.flatMap((o) => [o.long ?? '', o.negate ? (o.long ?? '') : '']).filter(Boolean), '--help', '--version']);
/** Every `--flag` a text names as an option of the command printing it (a command line naming its command, `resale-kit proxy --record` or `conformance --record`, is left out). */
const flagsIn = (text: string): string[] => [
  ...new Set(text.replace(/\b(?:resale-kit (?:mock|conformance|proxy|verify|wait|diff)\b|(?:mock|conformance|proxy|verify|wait|diff) (?=--))[^)'"`;\n]*/g, '').match(/(?<![\w-])--[a-z][a-z0-9-]*/g) ?? []),
];
/** Flags a text names that the command does not have. */
const foreign = (text: string, c: Command): string[] => flagsIn(text).filter((f) => !optionsOf(c).has(f));

describe('hints name only options of the command that printed them (outside attacker, finding 16)', () => {
  it('the test can fail: the old proxy advice names options proxy does not have', () => {
    expect(foreign('give a paid key with --api-key (or RESALE_KIT_API_KEY), or accept a partial run with --allow-skip a3', proxyCommand())).toEqual(['--api-key', '--allow-skip']);
    expect(foreign('--report json=x, --judge async', proxyCommand())).toEqual([]);
  });

  it('proxy: console summary, JSON and JUnit reports', async () => {
    const child = spawn(process.execPath, [BIN, 'proxy', '--upstream', upstream.url, '--port', '0', '--record', join(dir, 'p.har'), '--report', `json=${join(dir, 'p.json')}`, '--report', `junit=${join(dir, 'p.xml')}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (out += String(d)));
    const { url } = await listeningUrl(child, 30_000);
    for (const path of ['/v3/market_a/products?query=nike&limit=5', '/v3/market_b/products?query=nike', '/v3/market_a/products?query=jordan&limit=2']) {
      const res = await fetch(`${url}${path}`, { headers: { authorization: 'demo-free' } });
      await res.arrayBuffer();
    }
    const code = await new Promise<number | null>((resolve) => {
      child.once('exit', (c) => resolve(c));
      child.kill('SIGINT');
    });
    expect(code).toBe(0);
    expect(out).toMatch(/Why not a pass|Why/);
    const texts = { console: out, json: readFileSync(join(dir, 'p.json'), 'utf8'), junit: readFileSync(join(dir, 'p.xml'), 'utf8') };
    for (const [where, text] of Object.entries(texts)) expect(foreign(text, proxyCommand()), where).toEqual([]);
    // The advice is still there, in the proxy's own terms.
    expect((JSON.parse(texts.json) as Report).summary.reason).toMatch(/What to do: send it the requests each one names/);
  }, 60_000);

  it('conformance, live and --from-har: every flag it names is one of its own', async () => {
    const live = await runCli(['conformance', '--base-url', upstream.url, '--rate-limit', '0', '--max-requests', '40', '--report', `json=${join(dir, 'c.json')}`, '--report', `junit=${join(dir, 'c.xml')}`]);
    expect(live.code).not.toBe(2);
    const offline = await runCli(['conformance', '--from-har', join(dir, 'p.har'), '--report', `json=${join(dir, 'h.json')}`]);
    expect(offline.code).not.toBe(2);
    const texts = [live.stdout, live.stderr, readFileSync(join(dir, 'c.json'), 'utf8'), readFileSync(join(dir, 'c.xml'), 'utf8'), offline.stdout, offline.stderr, readFileSync(join(dir, 'h.json'), 'utf8')];
    for (const text of texts) expect(foreign(text, conformanceCommand())).toEqual([]);
    // The advice of the live run still names its own options.
    expect(live.stdout).toContain('--allow-skip');
  }, 120_000);

  it("the console summary's hints follow the options given: a passing run with should-level findings and an allowed skip", () => {
    const report = JSON.parse(readFileSync(join(dir, 'p.json'), 'utf8')) as Report;
    const passing: Report = {
      ...report,
      summary: { ...report.summary, verdict: 'pass', reason: 'x', notJudged: [{ check: 'a3-sales-order', reason: 'not judged: optional', allowed: true }] },
      results: [...report.results, { check: 'sales-newest-first', level: 'should', outcome: 'fail', operation: 'listMarketAProductSales', message: 'out of order', requirement: 'r' } as Report['results'][number]],
    };
    const asConformance = toConsoleSummary(passing);
    expect(asConformance).toContain('--strict');
    expect(asConformance).toContain('--allow-skip');
    const asProxy = toConsoleSummary(passing, optionsOf(proxyCommand()));
    expect(foreign(asProxy, proxyCommand())).toEqual([]);
    expect(asProxy).toContain('sales-newest-first');
  });

  it('every --flag written in the code only one command runs is an option of that command', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const walk = (dir: string): string[] => readdirSync(join(root, dir)).flatMap((n) => (statSync(join(root, dir, n)).isDirectory() ? walk(join(dir, n)) : n.endsWith('.ts') ? [join(dir, n)] : []));
    const codeFlags = (file: string): string[] =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(?:\*|\/\/|\/\*)/.test(line))
        .flatMap((line) => flagsIn(line));
    const owners: [Command, string[]][] = [
      [mockCommand(), ['cli/mock-command.ts', ...walk('mocks').map((f) => relative(root, join(root, f)))]],
      [proxyCommand(), ['cli/proxy-command.ts', 'traffic/proxy.ts', 'traffic/forward.ts', 'traffic/target.ts', 'traffic/judge.ts', 'traffic/judge-async.ts', 'traffic/judge-worker.ts', 'traffic/recorder.ts']],
      [waitCommand(), ['cli/wait-command.ts']],
      [verifyCommand(), ['cli/verify-command.ts']],
      [diffCommand(), ['cli/diff-command.ts']],
    ];
    for (const [command, files] of owners) {
      expect(files.length).toBeGreaterThan(0);
      for (const f of files)
        expect(
          codeFlags(f).filter((flag) => !optionsOf(command).has(flag)),
          `${f} (${command.name()})`,
        ).toEqual([]);
    }
  });
});
