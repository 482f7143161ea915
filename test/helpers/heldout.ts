/** Starts a held-out server (test/heldout/*: `node server.mjs --port 0 ...`, prints `listening on URL`). */
import { spawn, type ChildProcess } from 'node:child_process';
import { runConformance } from '../../conformance/index.js';

/**
 * Spawns `server` with `--port 0` and `args`, and waits for its `listening on http://127.0.0.1:PORT` line.
 * @param children where the process is kept, for the test's `afterAll` to kill.
 * @throws Error when the server exits before it listens.
 */
export async function startHeldOut(server: string, args: string[], children: ChildProcess[]): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [server, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`held-out server exited ${code}`)));
  });
  return { url, stop: () => child.kill('SIGKILL') };
}

/** The suite's verdict on a held-out server, and the checks failing at a level. */
export interface HeldOutJudgement {
  verdict: string;
  failed: (level: string) => string[];
}

/**
 * Starts `server` with `args`, runs the whole suite against it with the paid and free keys (no
 * rate limit, 2 fuzz requests), and stops it.
 */
export async function judgeHeldOut(server: string, args: string[], keys: { apiKey: string; freeKey: string }, children: ChildProcess[]): Promise<HeldOutJudgement> {
  const { url, stop } = await startHeldOut(server, args, children);
  try {
    const r = await runConformance({ baseUrl: url, ...keys, rateLimit: 0, fuzzRequests: 2 });
    return { verdict: r.summary.verdict, failed: (level) => [...new Set(r.results.filter((x) => x.outcome === 'fail' && x.level === level).map((x) => x.check))] };
  } finally {
    stop();
  }
}
