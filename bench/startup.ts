/**
 * Start-up of the mock as a user starts it (issue 12): spawns a command (default
 * `npm start`), appends `--port P`, and measures the time from spawn to the first answered
 * request (ms), `runs` times; prints each and the median. 10,000 products per marketplace is
 * the CLI's default.
 *
 * Usage: tsx bench/startup.ts [--runs 5] [--cwd DIR] [-- command args...]
 *   e.g. tsx bench/startup.ts -- npx resale-kit mock      (in a project that installed the package)
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { freePort } from './targets.js';

async function once(command: string[], cwd: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command[0] as string, [...command.slice(1), '--port', String(port)], { cwd, stdio: 'ignore', detached: true });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/v3/market_a/products?limit=1`, { headers: { authorization: 'demo-free' } });
        await res.arrayBuffer();
        if (res.ok) return performance.now() - started;
      } catch {
        await new Promise((r) => setTimeout(r, 20));
      }
      if (performance.now() - started > 120_000) throw new Error('no answer within 120 s');
    }
  } finally {
    try {
      process.kill(-(child.pid as number), 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

const dash = process.argv.indexOf('--');
const { values } = parseArgs({ args: process.argv.slice(2, dash < 0 ? undefined : dash), options: { runs: { type: 'string', default: '5' }, cwd: { type: 'string', default: process.cwd() } } });
const command = dash < 0 ? ['npm', 'start', '--'] : process.argv.slice(dash + 1);
const times: number[] = [];
for (let i = 0; i < Number(values.runs); i++) times.push(await once(command, values.cwd as string));
times.sort((a, b) => a - b);
process.stdout.write(`${command.join(' ')} (in ${values.cwd}): first answer after ${times.map((t) => Math.round(t)).join(', ')} ms; median ${Math.round(times[Math.floor(times.length / 2)] as number)} ms\n`);
