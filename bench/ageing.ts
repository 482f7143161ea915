/**
 * The serving path as a process ages (issue 33): one scenario of bench/run.ts (B4 daily by
 * default) in alternating rounds of our mock, the bare node:http limit serving identical bytes,
 * and optionally another build (`--baseline`), for `--seconds` (default 240), printing every
 * `--window` seconds the median CPU per request of each target (µs, user + system from /proc) and
 * the ratio limit/mock, with the time since the targets started.
 *
 * Why: V8's memory reducer runs a memory-reducing mark-compact 100 s after a process's last
 * mark-compact. The mock's start-up does mark-compacts (it builds its world); the limit's does
 * not. Before mocks/http/tick-maps.ts, that collection (at about 105 s) dropped the maps of node's
 * `process.nextTick` records and, in B4-only runs, the mock served 15–25 % more slowly from then
 * on, which short runs of bench/run.ts never saw. The windows before and after 105 s show whether
 * a process slows as it ages (a full run of every scenario still does; bench/RESULTS.md).
 *
 * A second cause (bench/RESULTS.md, "the young generation shrinks"): a memory-reducing or idle
 * mark-compact also shrinks V8's young generation from the 16 MB semi-spaces the world build grew
 * to 1 MB, and the mock then scavenges about ten times as often.
 * `--node-flags=--min-semi-space-size=16` adds a mock started with that node flag to the same rounds.
 * Since the mock serves from a thread whose heap gets that flag and `--no-memory-reducer`
 * (cli/serving-thread.ts), the flagged mock of this build is the mock again; give `--baseline` a
 * build from before (17ec788 or earlier) to see the plain process age.
 *
 * Usage: `npm run -s build && tsx bench/ageing.ts [--seconds 240] [--window 30] [--scenario B4]
 * [--baseline OTHER/dist/cli/bin.js] [--node-flags=--min-semi-space-size=16] [--pin]`. Prints
 * figures only; writes nothing.
 */
import { benchArgs } from './args.js';
import { median, round, scenarios, type BenchOptions, type Round } from './run.js';
import { fetchEach, pinTargets, startLimitFor, startMock, type Target } from './targets.js';

const { values } = benchArgs(
  {
    script: 'bench/ageing.ts',
    about:
      "One scenario of bench/run.ts in alternating rounds of the mock, the bare node:http limit and optionally another build, for a few minutes; prints each target's CPU µs per request per time window, so a slowdown after V8's memory-reducing collection (about 105 s in) shows.",
  },
  {
    seconds: { type: 'string', default: '240', help: 'seconds of rounds in all', min: 10 },
    window: { type: 'string', default: '30', help: 'seconds per printed line', min: 2 },
    duration: { type: 'string', default: '2', help: 'seconds per round', min: 1, integer: true },
    connections: { type: 'string', default: '10', help: 'connections autocannon keeps open', min: 1, integer: true },
    scenario: { type: 'string', default: 'B4', help: 'the scenario (a prefix of a bench/run.ts scenario name)' },
    baseline: { type: 'string', help: "another build's dist/cli/bin.js, measured in the same rounds", file: true },
    'node-flags': { type: 'string', help: 'node flags (space-separated) for one more mock of this build, measured in the same rounds; give it with =, e.g. --node-flags=--min-semi-space-size=16' },
    pin: { type: 'boolean', help: 'Linux: targets on CPU 1, this process and autocannon on CPU 0' },
  },
);

if (values.pin) pinTargets('1', '0');
const o: BenchOptions = { smoke: false, durationS: Number(values.duration), connections: Number(values.connections), sizes: [], log: () => undefined };
const started: Target[] = [];
try {
  const mock = await startMock();
  started.push(mock);
  const born = performance.now();
  const scenario = (await scenarios(mock, 20)).find((s) => s.name.startsWith(values.scenario));
  if (!scenario) throw new Error(`--scenario ${JSON.stringify(values.scenario)}: no scenario of bench/run.ts starts with it`);
  const limit = await startLimitFor(mock, scenario.paths);
  started.push(limit);
  const targets = [mock, limit];
  const names = ['mock', 'limit'];
  const nodeFlags = (values['node-flags'] ?? '').split(/\s+/).filter(Boolean);
  // More targets in the same rounds: another build, and this build under other node flags.
  const extras: [string, string | undefined, string[]][] = [];
  if (values.baseline) extras.push(['baseline', values.baseline, []]);
  if (nodeFlags.length > 0) extras.push([`mock ${nodeFlags.join(' ')}`, undefined, nodeFlags]);
  for (const [name, bin, flags] of extras) {
    const extra = await startMock([], 120_000, bin, flags);
    started.push(extra);
    await fetchEach(extra, scenario.paths);
    targets.push(extra);
    names.push(name);
  }
  const others = names.slice(2);
  process.stdout.write(
    `${scenario.name}: ${values.seconds} s of alternating ${o.durationS}-s rounds, ${o.connections} connections${values.pin ? ', targets pinned to CPU 1' : ''}; median CPU µs per request per ${values.window}-s window\n\n` +
      `| since start (s) | ${names.map((n) => `${n} µs`).join(' | ')} | limit/mock CPU |${others.map((n) => ` limit/${n} CPU |`).join('')}\n|---|${names.map(() => '---|').join('')}---|${others.map(() => '---|').join('')}\n`,
  );
  for (const t of targets) await round(t, scenario.paths, { ...o, durationS: 1 });
  const end = performance.now() + Number(values.seconds) * 1000;
  let window: Round[][] = targets.map(() => []);
  let windowEnd = performance.now() + Number(values.window) * 1000;
  for (let i = 0; performance.now() < end; i++) {
    for (let k = 0; k < targets.length; k++) {
      const t = (i + k) % targets.length;
      (window[t] as Round[]).push(await round(targets[t] as Target, scenario.paths, o));
    }
    if (performance.now() >= windowEnd || performance.now() >= end) {
      const cpu = window.map((rs) => median(rs.map((r) => r.cpuUsPerRequest ?? 0)));
      const [m = 0, l = 0, ...rest] = cpu;
      process.stdout.write(`| ${Math.round((performance.now() - born) / 1000)} | ${cpu.map((c) => c.toFixed(1)).join(' | ')} | ${Math.round((100 * l) / m)} % |${rest.map((b) => ` ${Math.round((100 * l) / b)} % |`).join('')}\n`);
      window = targets.map(() => []);
      windowEnd = performance.now() + Number(values.window) * 1000;
    }
  }
} finally {
  for (const t of started) await t.stop();
}
