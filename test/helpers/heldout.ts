/** Starts a held-out server (test/heldout/*: `node server.mjs --port 0 ...`, prints `listening on URL`). */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
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

/** What one held-out server is judged on: its must-level defects and the variations the description allows. */
export interface HeldOutCases {
  /** Defect (the server's `--defect` name) → the check that must fail at must level against it. */
  must: readonly [string, string][];
  /**
   * Allowed variations: no must-level failure. The second member, when given, is the exact list
   * of should-level checks that report it (`[]`: none).
   */
  allowed: readonly [string, readonly string[] | undefined][];
}

/**
 * The data-driven test of a held-out server (test/heldout/*): the clean server passes with no
 * finding above info; each must-level defect fails its check at must level (and the run fails);
 * each allowed variation fails nothing at must level.
 */
export function describeHeldOut(title: string, server: string, keys: { apiKey: string; freeKey: string }, cases: HeldOutCases): void {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL');
  });
  const judge = (defect?: string): Promise<HeldOutJudgement> => judgeHeldOut(server, defect ? ['--defect', defect] : [], keys, children);
  describe(title, () => {
    it('the clean server passes with no finding above info', async () => {
      const r = await judge();
      expect(r.verdict).toBe('pass');
      expect(r.failed('must')).toEqual([]);
      expect(r.failed('should')).toEqual([]);
    });
    it.each(cases.must)('%s fails %s at must level', async (defect, check) => {
      const r = await judge(defect);
      expect(r.failed('must')).toContain(check);
      expect(r.verdict).toBe('fail');
    });
    it.each(cases.allowed)('%s is no must-level failure (should: %j)', async (defect, should) => {
      const r = await judge(defect);
      expect(r.failed('must')).toEqual([]);
      if (should) expect(r.failed('should')).toEqual(should);
    });
  });
}
